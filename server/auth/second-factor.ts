import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Queryable } from '../db';
import { signInSealer } from '../http/seal';
import { sha256 } from './tokens';
import { hasAnyRole, rolesOf, type UserRow } from '../identity/users';
import { readSetting } from '../routes/settings';

/**
 * The second factor of password sign-ins: a time-based one-time password (RFC 6238: SHA-1, 6
 * digits, 30-second steps, one step either side for a clock that is a little off) and ten one-time
 * recovery codes. The secret is sealed at rest; recovery codes are kept only as hashes.
 */
export const ASK_FOR_CODE = 'Enter the code from your authenticator app.';
export const WRONG_CODE = 'The code is incorrect.';
export const ISSUER = 'CX Portal';
export const RECOVERY_CODES = 10;
const PERIOD = 30;
const WINDOW = 1;
const ADMINS = ['GlobalAdmin', 'PortalAdmin'];

const sealed = () => signInSealer('The second-factor secret cannot be read with this server\'s SECRETS_KEY: turn the second factor off and set it up again.');

const totpOf = (secret: string, userName: string) =>
  new TOTP({ issuer: ISSUER, label: userName, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

type FactorRow = {
  secret: string;
  confirmed_at: Date | null;
  last_step: number | bigint | null;
};

async function factorOf(q: Queryable, userId: string): Promise<FactorRow | undefined> {
  const [row] = await q.query<FactorRow>('SELECT secret, confirmed_at, last_step FROM second_factors WHERE user_id = $1', [userId]);
  return row;
}

export async function isEnrolled(q: Queryable, userId: string): Promise<boolean> {
  return !!(await factorOf(q, userId))?.confirmed_at;
}

/** Whether the portal requires a second factor of administrators (the portal setting requireSecondFactorForAdmins). */
export async function requiredForAdmins(q: Queryable): Promise<boolean> {
  return (await readSetting<{ requireSecondFactorForAdmins?: boolean }>(q, 'portal'))?.requireSecondFactorForAdmins === true;
}

export async function setRequiredForAdmins(q: Queryable, required: boolean): Promise<void> {
  const portal = (await readSetting(q, 'portal')) ?? {};
  await q.query("INSERT INTO settings (name, value) VALUES ('portal', $1) ON CONFLICT (name) DO UPDATE SET value = excluded.value", [
    JSON.stringify({ ...portal, requireSecondFactorForAdmins: required }),
  ]);
}

export const isAdmin = (user: Pick<UserRow, 'role'>) => hasAnyRole(rolesOf(user), ADMINS);

/**
 * Whether a session may only set up a second factor: the portal requires one of administrators,
 * the user is one and has none, and the session came from a password (a provider's sign-in is
 * its own second factor).
 */
export async function mustEnrol(q: Queryable, user: UserRow, sessionId: string): Promise<boolean> {
  if (!isAdmin(user) || !(await requiredForAdmins(q)) || (await isEnrolled(q, user.id))) return false;
  const [fromProvider] = await q.query('SELECT session_id FROM session_sso WHERE session_id = $1', [sessionId]);
  return !fromProvider;
}

export async function recoveryCodesLeft(q: Queryable, userId: string): Promise<number> {
  const [row] = await q.query<{ n: number | bigint }>('SELECT COUNT(*) AS n FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL', [userId]);
  return Number(row?.n ?? 0);
}

/** A new secret for the user, not yet confirmed (replacing an unconfirmed one): its base32 text and otpauth:// URI. */
export async function beginEnrolment(q: Queryable, user: Pick<UserRow, 'id' | 'user_name'>): Promise<{ secret: string; uri: string }> {
  const secret = new Secret({ size: 20 }).base32;
  await q.query(
    `INSERT INTO second_factors (user_id, secret, confirmed_at, last_step) VALUES ($1, $2, NULL, NULL)
     ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, confirmed_at = NULL, last_step = NULL`,
    [user.id, sealed().seal(secret, user.id)],
  );
  return { secret, uri: totpOf(secret, user.user_name).toString() };
}

/**
 * Accepts a 6-digit code once: the step it belongs to must be newer than the last accepted one,
 * and taking it is one conditional update, so a code (or an older one) cannot be used twice, even
 * by parallel requests. `confirmed` says whether the code must be of a confirmed factor.
 */
async function spendTotp(q: Queryable, user: Pick<UserRow, 'id' | 'user_name'>, code: string, now: Date, confirmed: boolean): Promise<boolean> {
  const factor = await factorOf(q, user.id);
  if (!factor || !!factor.confirmed_at !== confirmed) return false;
  const timestamp = now.getTime();
  const delta = totpOf(sealed().open(factor.secret, user.id), user.user_name).validate({ token: code, timestamp, window: WINDOW });
  if (delta === null) return false;
  const step = Math.floor(timestamp / 1000 / PERIOD) + delta;
  const [taken] = await q.query(
    `UPDATE second_factors SET last_step = $2, confirmed_at = COALESCE(confirmed_at, CAST($3 AS TIMESTAMP))
     WHERE user_id = $1 AND (last_step IS NULL OR last_step < $2) RETURNING user_id`,
    [user.id, step, now],
  );
  return !!taken;
}

/** Recovery codes are compared without case, spaces or dashes: `abcde-fghij` = `ABCDE FGHIJ`. */
const normal = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function newRecoveryCode(): string {
  const text = [...randomBytes(10)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

/** Ten new recovery codes (the old ones stop working): only their hashes are kept, so they are shown once. */
export async function replaceRecoveryCodes(q: Queryable, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await q.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
  for (const code of codes) await q.query('INSERT INTO recovery_codes (user_id, code_hash, used_at) VALUES ($1, $2, NULL)', [userId, sha256(normal(code))]);
  return codes;
}

/** Confirms a set-up secret with its first code; answers the recovery codes, or undefined for a wrong code. */
export async function confirmEnrolment(q: Queryable, user: Pick<UserRow, 'id' | 'user_name'>, code: string, now: Date): Promise<string[] | undefined> {
  if (!(await spendTotp(q, user, code.trim(), now, false))) return undefined;
  return replaceRecoveryCodes(q, user.id);
}

export const isTotpCode = (code: string) => /^\d{6}$/.test(code.trim());

/** Checks a code of an enrolled user: a 6-digit code of the authenticator, else a recovery code, each accepted once. */
export async function spendCode(q: Queryable, user: Pick<UserRow, 'id' | 'user_name'>, code: string, now: Date): Promise<boolean> {
  if (isTotpCode(code)) return spendTotp(q, user, code.trim(), now, true);
  const [spent] = await q.query('UPDATE recovery_codes SET used_at = CAST($3 AS TIMESTAMP) WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING user_id', [
    user.id, sha256(normal(code)), now,
  ]);
  return !!spent;
}

export async function removeSecondFactor(q: Queryable, userId: string): Promise<void> {
  await q.query('DELETE FROM second_factors WHERE user_id = $1', [userId]);
  await q.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
}

/**
 * The second step of a password sign-in, once the password is right: nothing to do without an
 * enrolled factor; otherwise the code must be there and right.
 */
export function secondStepWith(q: Queryable, otp: string | undefined, now: Date) {
  return async (user: UserRow): Promise<'ok' | 'missing' | 'wrong'> => {
    if (!(await isEnrolled(q, user.id))) return 'ok';
    if (!otp?.trim()) return 'missing';
    return (await spendCode(q, user, otp, now)) ? 'ok' : 'wrong';
  };
}
