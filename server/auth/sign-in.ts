import type { Context } from 'hono';
import type { Env } from '../context';
import type { Queryable } from '../db';
import { findUserByName, type UserRow } from '../identity/users';
import { ANY, clearCount, forgetOldAttempts, giveBack, lockIfFull, minutesLocked, takeAttempt, type Limit } from './throttle';
import { clientOf } from '../http/client-address';
import { DEACTIVATED, isDeactivated } from '../identity/user-status';
import { ASK_FOR_CODE, WRONG_CODE } from './second-factor';

/** Five wrong passwords lock an account for the client that typed them, for 15 minutes. */
export const MAX_FAILED_SIGN_INS = 5;
export const LOCKOUT_MINUTES = 15;
/** Across all clients, an account takes at most 100 wrong passwords an hour (OWASP ASVS 2.2.1), then locks for everyone until a reset or the hour ends. */
export const MAX_ACCOUNT_FAILURES = 100;
/** One client takes at most 30 wrong passwords in 15 minutes across all accounts, then waits 15 minutes. */
export const MAX_CLIENT_FAILURES = 30;

export const BAD_CREDENTIALS = 'The user name or password is incorrect.';
const plural = (n: number) => `${n} minute${n === 1 ? '' : 's'}`;
export const lockedMessage = (minutes: number) => `This account is locked after ${MAX_FAILED_SIGN_INS} failed sign-ins. Try again in ${plural(minutes)}.`;
const accountLockedMessage = (minutes: number) => `This account is locked after too many failed sign-ins. Reset the password to unlock it now, or try again in ${plural(minutes)}.`;
const clientThrottledMessage = (minutes: number) => `Too many failed sign-ins from your network. Try again in ${plural(minutes)}.`;

export type SignInOutcome =
  | { ok: true; user: UserRow }
  | { ok: false; status: 400 | 429; message: string; locked: boolean; secondFactor?: true };

/** The second step of a sign-in once the password is right (server/auth/second-factor.ts). */
export type SecondStep = (user: UserRow) => Promise<'ok' | 'missing' | 'wrong'>;

const MINUTE = 60_000;
const CLEAN_EVERY_MS = 10 * MINUTE;
let cleaned = 0;

/** The counters one attempt takes from, widest first, each with what it says when it refuses. */
function limitsFor(account: string, client: string): Array<{ limit: Limit; refusal: (minutes: number) => { status: 400 | 429; message: string } }> {
  return [
    { limit: { account: ANY, client, max: MAX_CLIENT_FAILURES, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE }, refusal: (m) => ({ status: 429, message: clientThrottledMessage(m) }) },
    { limit: { account, client: ANY, max: MAX_ACCOUNT_FAILURES, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE }, refusal: (m) => ({ status: 400, message: accountLockedMessage(m) }) },
    { limit: { account, client, max: MAX_FAILED_SIGN_INS, windowMs: 24 * 60 * MINUTE, lockMs: LOCKOUT_MINUTES * MINUTE }, refusal: (m) => ({ status: 400, message: lockedMessage(m) }) },
  ];
}

/**
 * The one check of a user name and password, used by every path that takes a password (the
 * password grant, single sign-on, the password change after sign-in and when signed in, the
 * e-mail change). Attempts are counted before the password is checked, so parallel guesses
 * cannot outrun the lock; an unknown name is counted and hashed like a known one, so neither the
 * answer, the lock nor the time tells whether an account exists; a failure answers after a delay.
 */
export async function checkPassword(c: Context<Env>, userName: string, password: string, secondStep?: SecondStep): Promise<SignInOutcome> {
  const { db, hasher } = c.var.deps;
  const account = userName.trim().toLowerCase();
  const taken = await takeAttempts(c, account);
  if ('refused' in taken) return taken.refused;

  const user = await findUserByName(db, account);
  // One check either way: an unknown name is checked against a dummy hash (no answer or time tells it apart).
  let right: boolean;
  try {
    right = await hasher.verify(password, user?.password_hash ?? null);
  } catch (error) {
    // Not checked (the hashing queue was full): the attempt does not count.
    await giveAllBack(db, taken.limits);
    throw error;
  }
  // With the right password, a user who has a second factor must give its code too: one attempt for both.
  const step = right && user && secondStep ? await secondStep(user) : 'ok';
  if (step === 'missing') {
    // Nothing was guessed: the attempt does not count (and the count so far stays, so asking again clears nothing).
    await giveAllBack(db, taken.limits);
    return { ok: false, status: 400, message: ASK_FOR_CODE, locked: false, secondFactor: true };
  }
  if (right && user && step === 'ok') {
    await settle(c, taken, true);
    // Told only to whoever knows the password: a guesser learns nothing about the account.
    if (await isDeactivated(db, user.id)) return { ok: false, status: 400, message: DEACTIVATED, locked: false };
    // A hash made with weaker parameters than today's is replaced while the password is at hand.
    if (user.password_hash && hasher.needsRehash?.(user.password_hash)) {
      await db.query('UPDATE users SET password_hash = $1 WHERE id = $2 AND password_hash = $3', [await hasher.hash(password), user.id, user.password_hash]);
    }
    return { ok: true, user };
  }
  await settle(c, taken, false);
  if (step === 'wrong') return { ok: false, status: 400, message: WRONG_CODE, locked: false, secondFactor: true };
  return { ok: false, status: 400, message: BAD_CREDENTIALS, locked: false };
}

/**
 * A check that counts like a password (a second-factor code typed while signed in): the same
 * counters of the same account, taken before the check, so guesses there cannot outrun the lock.
 */
export async function countedCheck(c: Context<Env>, userName: string, check: () => Promise<boolean>): Promise<{ ok: true } | Extract<SignInOutcome, { ok: false }>> {
  const taken = await takeAttempts(c, userName.trim().toLowerCase());
  if ('refused' in taken) return taken.refused;
  const right = await check();
  await settle(c, taken, right);
  return right ? { ok: true } : { ok: false, status: 400, message: WRONG_CODE, locked: false };
}

type Taken = { limits: Limit[]; counts: number[] };

/** Takes one attempt from each counter of the account, widest first, before anything is checked; a refusal when one is full. */
async function takeAttempts(c: Context<Env>, account: string): Promise<Taken | { refused: Extract<SignInOutcome, { ok: false }> }> {
  const { db, now } = c.var.deps;
  const at = now();
  if (at.getTime() - cleaned > CLEAN_EVERY_MS) {
    cleaned = at.getTime();
    await forgetOldAttempts(db, at);
  }
  const limits = limitsFor(account, clientOf(c));
  const counts: number[] = [];
  for (const { limit, refusal } of limits) {
    const count = await takeAttempt(db, limit, at);
    if (count === undefined) {
      // Refused before any check: the wider counters get their attempt back (only checked passwords count).
      for (const taken of limits.slice(0, counts.length)) await giveBack(db, taken.limit);
      return { refused: { ok: false, locked: true, ...refusal(await minutesLocked(db, limit, at)) } };
    }
    counts.push(count);
  }
  return { limits: limits.map((l) => l.limit), counts };
}

async function giveAllBack(db: Queryable, limits: Limit[]): Promise<void> {
  for (const limit of limits) await giveBack(db, limit);
}

/** After the check: a right answer starts the account afresh for this client; a wrong one locks the counters it filled, after a delay. */
async function settle(c: Context<Env>, { limits, counts }: Taken, right: boolean): Promise<void> {
  const { db, now, failureDelayMs } = c.var.deps;
  if (right) {
    const [clientWide, accountWide, own] = limits;
    await clearCount(db, own);
    await giveBack(db, clientWide);
    await giveBack(db, accountWide);
    return;
  }
  for (const [i, limit] of limits.entries()) if (counts[i] >= limit.max) await lockIfFull(db, limit, now());
  if (failureDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, failureDelayMs));
}
