import { randomInt } from 'node:crypto';
import type { Param, Queryable } from '../db';
import { newSecret, sha256 } from '../auth/tokens';
import { queueMail } from '../mail/outbox';

export type Purpose = 'reset' | 'create' | 'totp';

/** Lifetimes: a reset link a day, an invitation a week, a QR sign-in code two minutes. */
export const LIFETIME_MS: Record<Purpose, number> = { reset: 86_400_000, create: 7 * 86_400_000, totp: 120_000 };

const LINKS: Record<Exclude<Purpose, 'totp'>, { path: string; subject: string }> = {
  reset: { path: '/resetPassword/', subject: 'Reset your CX Portal password' },
  create: { path: '/userCreation/', subject: 'Your CX Portal account is ready' },
};

/**
 * Creates a single-use token (only its hash is stored) and, for links, queues the e-mail that
 * carries it in `mail_outbox`, from where the mailer sends it.
 */
export async function createOneTimeToken(q: Queryable, userId: string, email: string, purpose: Exclude<Purpose, 'totp'>, now: Date): Promise<string> {
  const token = newSecret(24);
  await insertToken(q, userId, token, purpose, now);
  const link = LINKS[purpose];
  await queueMail(q, email, link.subject, `Open ${link.path}${token} to set your password. The link works once.`, now);
  return token;
}

/** An 8-digit QR sign-in code for the mobile assistant. */
export async function createTotpCode(q: Queryable, userId: string, now: Date): Promise<{ code: string; expires: Date }> {
  const code = String(randomInt(0, 100_000_000)).padStart(8, '0');
  await q.query("DELETE FROM one_time_tokens WHERE user_id = $1 AND purpose = 'totp'", [userId]);
  const expires = await insertToken(q, userId, code, 'totp', now);
  return { code, expires };
}

async function insertToken(q: Queryable, userId: string, token: string, purpose: Purpose, now: Date): Promise<Date> {
  const expires = new Date(now.getTime() + LIFETIME_MS[purpose]);
  await q.query('INSERT INTO one_time_tokens (token_hash, user_id, purpose, expires_at, used) VALUES ($1, $2, $3, CAST($4 AS TIMESTAMP), false)', [
    sha256(token), userId, purpose, expires,
  ]);
  return expires;
}

/** The user id of a live, unused token of one of `purposes`, or undefined (a look, not a use: otpWho). */
export async function peekToken(q: Queryable, token: string, purposes: Purpose[], now: Date) {
  const [row] = await q.query<{ user_id: string; purpose: Purpose; expires_at: Date; used: boolean }>(
    'SELECT user_id, purpose, expires_at, used FROM one_time_tokens WHERE token_hash = $1',
    [sha256(token)],
  );
  if (!row || row.used || row.expires_at.getTime() <= now.getTime() || !purposes.includes(row.purpose)) return undefined;
  return { userId: row.user_id, purpose: row.purpose };
}

/**
 * Uses a live token of one of `purposes` (and of `userId`, when given) in one conditional update:
 * of any number of requests racing with the same token, exactly one gets it.
 */
export async function consumeToken(q: Queryable, token: string, purposes: Purpose[], now: Date, userId?: string) {
  const params: Param[] = [sha256(token), now, ...purposes];
  const owner = userId === undefined ? '' : ` AND user_id = $${params.push(userId)}`;
  const [row] = await q.query<{ user_id: string; purpose: Purpose }>(
    `UPDATE one_time_tokens SET used = true
     WHERE token_hash = $1 AND NOT used AND expires_at > CAST($2 AS TIMESTAMP)
       AND purpose IN (${purposes.map((_, i) => `$${i + 3}`).join(', ')})${owner}
     RETURNING user_id, purpose`,
    params,
  );
  return row ? { userId: row.user_id, purpose: row.purpose } : undefined;
}

/**
 * Spends a signed, self-contained one-time value (a sign-on assertion's nonce, an embed request's
 * id) by one conditional insert: of any number of racing requests, on any number of processes,
 * exactly one gets true. Spent values are kept until they would have expired anyway.
 */
export async function spendOnce(q: Queryable, id: string, expires: Date, now: Date): Promise<boolean> {
  await q.query('DELETE FROM used_assertions WHERE expires_at < CAST($1 AS TIMESTAMP)', [now]);
  const spent = await q.query('INSERT INTO used_assertions (nonce, expires_at) VALUES ($1, CAST($2 AS TIMESTAMP)) ON CONFLICT (nonce) DO NOTHING RETURNING nonce', [id, expires]);
  return spent.length > 0;
}

/** Once one link of a user is used, every other reset or invitation link of theirs stops working. */
export async function spendUserLinks(q: Queryable, userId: string): Promise<void> {
  await q.query("UPDATE one_time_tokens SET used = true WHERE user_id = $1 AND purpose IN ('reset', 'create') AND NOT used", [userId]);
}
