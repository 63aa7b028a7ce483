import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Env } from '../context';
import type { Queryable } from '../db';
import { newSecret, sha256 } from '../auth/tokens';
import { inTurn } from '../db/turns';
import { tooManyRequests } from '../http/errors';
import { waitText } from '../http/rate-counts';
import type { PendingSignIn, SsoIdentity } from './types';

/**
 * A sign-in on its way to a provider. The browser that starts it gets the `cx_sso` cookie (random,
 * HttpOnly, SameSite=Lax, Path=/api/sso); the pending request keeps only its hash. The provider's
 * answer may arrive by a cross-site POST (which carries no Lax cookie), so the binding is checked
 * where the portal assertion is exchanged for a session (`POST /api/sso/token`, same-origin): an
 * answer started in one browser and delivered to another (login CSRF) signs nobody in there.
 */
export const SSO_COOKIE = 'cx_sso';
export const PENDING_TTL_MS = 10 * 60_000;
const COOKIE_PATH = '/api/sso';
const ID = /^[A-Za-z0-9_-]{20,64}$/;

/** The hash the pending request keeps of this browser's cookie (undefined when it has none). */
export const browserOf = (c: Context) => {
  const cookie = getCookie(c, SSO_COOKIE);
  return cookie && ID.test(cookie) ? sha256(cookie) : undefined;
};

/**
 * Starts a pending sign-in for `providerId`, setting (or keeping) the browser's cx_sso cookie.
 * Refused with a 429 when `maxLive` unexpired ones exist already (from all clients together).
 * Callers start through `startPending` (start-limits.ts), which counts the client first.
 */
export async function createPending(
  c: Context<Env>,
  providerId: string,
  relay: string,
  extra: Pick<PendingSignIn, 'requestId' | 'nonce' | 'verifier'>,
  maxLive: number,
): Promise<PendingSignIn> {
  let browser = browserOf(c);
  if (!browser) {
    const cookie = newSecret(24);
    setCookie(c, SSO_COOKIE, cookie, { httpOnly: true, sameSite: 'Lax', path: COOKIE_PATH, secure: c.var.deps.publicOrigin.startsWith('https:') });
    browser = sha256(cookie);
  }
  const now = c.var.deps.now();
  const pending: PendingSignIn = { id: newSecret(24), providerId, relay, browser, expiresAt: new Date(now.getTime() + PENDING_TTL_MS), ...extra };
  const { db } = c.var.deps;
  // Purge, count and insert take turns (advisory lock on PostgreSQL, the one writer on DuckDB): parallel starts never pass the cap.
  await db.tx(async (q) => {
    await inTurn(db, q, 'sso_requests');
    await q.query('DELETE FROM sso_requests WHERE expires_at < CAST($1 AS TIMESTAMP)', [new Date(now.getTime() - PENDING_TTL_MS)]);
    const [live] = await q.query<{ n: number | bigint; first: Date | null }>(
      'SELECT COUNT(*) AS n, MIN(expires_at) AS first FROM sso_requests WHERE expires_at > CAST($1 AS TIMESTAMP)',
      [now],
    );
    if (Number(live.n) >= maxLive) {
      const seconds = live.first ? (new Date(live.first).getTime() - now.getTime()) / 1000 : PENDING_TTL_MS / 1000;
      throw tooManyRequests(`Too many sign-ins are in progress at this moment. Try again in ${waitText(seconds)}.`, seconds);
    }
    await q.query(
      `INSERT INTO sso_requests (id, provider_id, request_id, nonce, verifier, relay, browser, expires_at, spent)
       VALUES ($1, $2, $3, $4, $5, $6, $7, CAST($8 AS TIMESTAMP), false)`,
      [pending.id, providerId, pending.requestId ?? null, pending.nonce ?? null, pending.verifier ?? null, relay, browser, pending.expiresAt],
    );
  });
  return pending;
}

interface PendingRow {
  id: string; provider_id: string; request_id: string | null; nonce: string | null; verifier: string | null;
  relay: string; browser: string; expires_at: Date; spent: boolean; user_id: string | null; logout: string | null;
}
const toPending = (r: PendingRow): PendingSignIn => ({
  id: r.id, providerId: r.provider_id, relay: r.relay, browser: r.browser, expiresAt: r.expires_at,
  ...(r.request_id ? { requestId: r.request_id } : {}), ...(r.nonce ? { nonce: r.nonce } : {}), ...(r.verifier ? { verifier: r.verifier } : {}),
});

export const PENDING_UNKNOWN = 'The sign-on response does not belong to a sign-in started here. Start the sign-in again.';
export const PENDING_USED = 'The sign-on response was already used.';
export const PENDING_EXPIRED = 'The sign-in took too long and has expired. Start it again.';

/** A look at a pending sign-in (not a use): the protocol needs its provider before it can verify the answer. */
export async function peekPending(q: Queryable, id: string | undefined, now: Date): Promise<PendingSignIn | { error: string }> {
  if (!id || !ID.test(id)) return { error: PENDING_UNKNOWN };
  const [row] = await q.query<PendingRow & Record<string, unknown>>('SELECT * FROM sso_requests WHERE id = $1', [id]);
  if (!row) return { error: PENDING_UNKNOWN };
  if (row.spent) return { error: PENDING_USED };
  if (row.expires_at.getTime() <= now.getTime()) return { error: PENDING_EXPIRED };
  return toPending(row);
}

/**
 * Spends a pending sign-in with one conditional update: of any number of answers racing with the
 * same id (a replayed response, on any number of processes), exactly one gets it.
 */
export async function spendPending(q: Queryable, id: string, now: Date): Promise<PendingSignIn | { error: string }> {
  const [row] = await q.query<PendingRow & Record<string, unknown>>(
    'UPDATE sso_requests SET spent = true WHERE id = $1 AND NOT spent AND expires_at > CAST($2 AS TIMESTAMP) RETURNING *',
    [id, now],
  );
  if (row) return toPending(row);
  const seen = await peekPending(q, id, now);
  return 'error' in seen ? seen : { error: PENDING_USED };
}

/** After the answer is verified: who signed in and what single logout will need, for the token exchange. */
export async function settlePending(q: Queryable, id: string, userId: string, logout: SsoIdentity['logout']): Promise<void> {
  await q.query('UPDATE sso_requests SET user_id = $2, logout = $3 WHERE id = $1', [id, userId, logout ? JSON.stringify(logout) : null]);
}

/** The settled pending sign-in behind a portal assertion: its browser binding, provider and logout data. */
export async function settledPending(q: Queryable, id: string) {
  const [row] = await q.query<PendingRow & Record<string, unknown>>('SELECT * FROM sso_requests WHERE id = $1 AND spent', [id]);
  if (!row?.user_id) return undefined;
  return { providerId: row.provider_id, browser: row.browser, userId: row.user_id, logout: row.logout ? (JSON.parse(row.logout) as NonNullable<SsoIdentity['logout']>) : undefined };
}
