import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Queryable } from '../db';
import { readJwt, signJwt } from './jwt';
import type { EmbedScope } from '../embed/scope';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_DAYS = 14;
export const REMEMBER_ME_DAYS = 30;

/** What a signed access token says about its user; checked on every call. */
export interface Principal {
  id: string;
  userName: string;
  roles: string[];
  claims: Array<[type: string, value: string]>;
  /** The session (refresh-token family) the token belongs to; ending the session ends the token. */
  sessionId: string;
  /** An embed token reads only what its scope names (server/embed/scope.ts). */
  scope?: EmbedScope;
  /** The session may only set up a second factor (the portal requires one of administrators). */
  enrolOnly?: boolean;
}

interface AccessPayload {
  sub: string;
  name: string;
  role: string;
  claims: Array<[string, string]>;
  sid: string;
  scope?: EmbedScope;
  enrol?: true;
  exp: number;
  iat: number;
}

/** An access token: an HS256 JWT (server/auth/jwt.ts) naming its user, role, claims and session. */
export function signAccessToken(principal: Principal, secret: string, now = Date.now(), seconds = ACCESS_TOKEN_SECONDS) {
  const iat = Math.floor(now / 1000);
  const exp = iat + seconds;
  const payload: AccessPayload = {
    sub: principal.id,
    name: principal.userName,
    role: principal.roles.join(','),
    claims: principal.claims,
    sid: principal.sessionId,
    ...(principal.scope ? { scope: principal.scope } : {}),
    ...(principal.enrolOnly ? { enrol: true as const } : {}),
    iat,
    exp,
  };
  return { token: signJwt(payload, secret), expires: new Date(exp * 1000) };
}

/** What a well-formed, correctly signed token says, and when it expires; undefined for any other text. */
function readAccessToken(token: string, secret: string): { principal: Principal; expiresAt: number } | undefined {
  const read = readJwt(token, secret);
  if ('error' in read || typeof read.payload !== 'object' || read.payload === null) return undefined;
  const p = read.payload as Partial<AccessPayload>;
  if (typeof p.exp !== 'number' || typeof p.sub !== 'string' || typeof p.sid !== 'string') return undefined;
  const principal = { id: p.sub, userName: p.name ?? '', roles: p.role ? p.role.split(',') : [], claims: p.claims ?? [], sessionId: p.sid, ...(p.scope ? { scope: p.scope } : {}), ...(p.enrol === true ? { enrolOnly: true } : {}) };
  return { principal, expiresAt: p.exp * 1000 };
}

/**
 * Tokens whose signature has been checked, with what they say: the same text under the same secret
 * checks the same way every time. Between one call and the next the signature check took 0.1-0.2 ms
 * of each (HMAC and JSON in code the CPU no longer has warm), against 8 µs in a tight loop; a look-up
 * here takes about 10 µs. Only tokens that passed are kept, so text sent by anyone does not fill it.
 */
const checked = new Map<string, { secret: string; principal: Principal; expiresAt: number }>();
const MAX_CHECKED = 10_000;

/** The principal of a well-formed, correctly signed, unexpired token, or undefined. The session is checked by the caller. */
export function verifyAccessToken(token: string, secret: string, now = Date.now()): Principal | undefined {
  let entry = checked.get(token);
  if (entry?.secret !== secret) {
    const read = readAccessToken(token, secret);
    if (!read) return undefined;
    entry = { secret, ...read };
    if (checked.size >= MAX_CHECKED) checked.delete(checked.keys().next().value!);
    checked.set(token, entry);
  }
  if (entry.expiresAt <= now) {
    checked.delete(token);
    return undefined;
  }
  // A principal of the call's own: nothing a route does to it reaches the next call.
  const { principal } = entry;
  return { ...principal, roles: [...principal.roles], claims: principal.claims.map(([type, value]) => [type, value]) };
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const newSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Stores a new refresh token (only its hash) in a session's rotation family; returns the token. */
export async function issueRefreshToken(q: Queryable, userId: string, family: string, days: number, now = new Date(), token = newSecret()) {
  const expires = new Date(now.getTime() + days * 86_400_000);
  await q.query(
    'INSERT INTO refresh_tokens (token_hash, user_id, family, expires_at, used) VALUES ($1, $2, $3, CAST($4 AS TIMESTAMP), false)',
    [sha256(token), userId, family, expires],
  );
  return token;
}

export type RefreshOutcome = { ok: true; userId: string; family: string; refreshToken: string } | { ok: false; reason: string };

/**
 * A spent token presented again this soon is a retry, not a theft: the browser left the page while
 * the refresh was answered, so the new cookie never arrived. It gets the same successor back.
 */
export const REUSE_GRACE_MS = 30_000;

/**
 * The one token that succeeds `token`: derived from it under the server's secret, so a retry gets
 * the same successor back although only hashes are stored, and a token never has two.
 */
const successorOf = (token: string, secret: string) => createHmac('sha256', secret).update(`refresh-successor\n${token}`).digest('base64url');

/**
 * Uses a refresh token once and answers its successor. The spend is one conditional update, so of
 * requests racing with the same token exactly one issues the successor; the others, and a retry
 * within REUSE_GRACE_MS while the successor is unused, get that same successor. Any other spent
 * token presented again was stolen or replayed: its whole family (the session) is revoked, so
 * neither the thief nor the owner can keep refreshing.
 */
export async function rotateRefreshToken(q: Queryable, token: string, secret: string, now = new Date()): Promise<RefreshOutcome> {
  const hash = sha256(token);
  const successor = successorOf(token, secret);
  const [won] = await q.query<{ user_id: string; family: string }>(
    `UPDATE refresh_tokens SET used = true, used_at = CAST($2 AS TIMESTAMP)
     WHERE token_hash = $1 AND NOT used AND expires_at > CAST($2 AS TIMESTAMP)
       AND family IN (SELECT id FROM sessions WHERE NOT revoked)
     RETURNING user_id, family`,
    [hash, now],
  );
  if (won) {
    const [session] = await q.query<{ remember: boolean }>('SELECT remember FROM sessions WHERE id = $1', [won.family]);
    await issueRefreshToken(q, won.user_id, won.family, session.remember ? REMEMBER_ME_DAYS : REFRESH_TOKEN_DAYS, now, successor);
    return { ok: true, userId: won.user_id, family: won.family, refreshToken: successor };
  }
  const [row] = await q.query<{ user_id: string; family: string; expires_at: Date; used: boolean; used_at: Date | null }>(
    'SELECT r.user_id, r.family, r.expires_at, r.used, r.used_at FROM refresh_tokens r JOIN sessions s ON s.id = r.family WHERE r.token_hash = $1 AND NOT s.revoked',
    [hash],
  );
  if (row?.used && row.used_at && now.getTime() - row.used_at.getTime() < REUSE_GRACE_MS) {
    // Only while the successor never came into use: once it did, it had arrived, and this is a replay.
    const [next] = await q.query('SELECT token_hash FROM refresh_tokens WHERE token_hash = $1 AND family = $2 AND NOT used', [sha256(successor), row.family]);
    if (next) return { ok: true, userId: row.user_id, family: row.family, refreshToken: successor };
  }
  if (!row) {
    const [any] = await q.query('SELECT family FROM refresh_tokens WHERE token_hash = $1', [hash]);
    return { ok: false, reason: any ? 'This session has ended; sign in again.' : 'The refresh token is not valid.' };
  }
  if (row.used) {
    await q.query('UPDATE sessions SET revoked = true WHERE id = $1', [row.family]);
    return { ok: false, reason: 'The refresh token was already used; sign in again.' };
  }
  if (row.expires_at.getTime() <= now.getTime()) return { ok: false, reason: 'The refresh token has expired; sign in again.' };
  return { ok: false, reason: 'This session has ended; sign in again.' };
}
