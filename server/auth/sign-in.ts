import type { Context } from 'hono';
import type { Env } from '../context';
import { findUserByName, type UserRow } from '../identity/users';
import { ANY, clearCount, forgetOldAttempts, giveBack, lockIfFull, minutesLocked, takeAttempt, type Limit } from './throttle';
import { clientOf } from '../http/client-address';

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
  | { ok: false; status: 400 | 429; message: string; locked: boolean };

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
export async function checkPassword(c: Context<Env>, userName: string, password: string): Promise<SignInOutcome> {
  const { db, now, hasher, failureDelayMs } = c.var.deps;
  const at = now();
  if (at.getTime() - cleaned > CLEAN_EVERY_MS) {
    cleaned = at.getTime();
    await forgetOldAttempts(db, at);
  }
  const account = userName.trim().toLowerCase();
  const client = clientOf(c);
  const limits = limitsFor(account, client);
  const counts: number[] = [];
  for (const { limit, refusal } of limits) {
    const count = await takeAttempt(db, limit, at);
    if (count === undefined) {
      // Refused before any check: the wider counters get their attempt back (only checked passwords count).
      for (const taken of limits.slice(0, counts.length)) await giveBack(db, taken.limit);
      return { ok: false, locked: true, ...refusal(await minutesLocked(db, limit, at)) };
    }
    counts.push(count);
  }

  const user = await findUserByName(db, account);
  // One check either way: an unknown name is checked against a dummy hash (no answer or time tells it apart).
  let right: boolean;
  try {
    right = await hasher.verify(password, user?.password_hash ?? null);
  } catch (error) {
    // Not checked (the hashing queue was full): the attempt does not count.
    for (const { limit } of limits) await giveBack(db, limit);
    throw error;
  }
  if (right && user) {
    const [clientWide, accountWide, own] = limits.map((l) => l.limit);
    await clearCount(db, own);
    await giveBack(db, clientWide);
    await giveBack(db, accountWide);
    // A hash made with weaker parameters than today's is replaced while the password is at hand.
    if (user.password_hash && hasher.needsRehash?.(user.password_hash)) {
      await db.query('UPDATE users SET password_hash = $1 WHERE id = $2 AND password_hash = $3', [await hasher.hash(password), user.id, user.password_hash]);
    }
    return { ok: true, user };
  }
  for (const [i, { limit }] of limits.entries()) if (counts[i] >= limit.max) await lockIfFull(db, limit, at);
  if (failureDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, failureDelayMs));
  return { ok: false, status: 400, message: BAD_CREDENTIALS, locked: false };
}
