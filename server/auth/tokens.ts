import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_DAYS = 14;
export const REMEMBER_ME_DAYS = 30;

/** What a signed access token says about its user; checked on every call. */
export interface Principal {
  id: string;
  userName: string;
  roles: string[];
  claims: Array<[type: string, value: string]>;
}

interface AccessPayload {
  sub: string;
  name: string;
  role: string;
  claims: Array<[string, string]>;
  exp: number;
  iat: number;
  [key: string]: unknown;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const mac = (data: string, secret: string) => createHmac('sha256', secret).update(data).digest();

/** A compact HS256 JWT. Signed and checked here (not by a library) so expiry follows the server's clock. */
export function signAccessToken(principal: Principal, secret: string, now = Date.now()) {
  const iat = Math.floor(now / 1000);
  const exp = iat + ACCESS_TOKEN_SECONDS;
  const payload: AccessPayload = { sub: principal.id, name: principal.userName, role: principal.roles.join(','), claims: principal.claims, iat, exp };
  const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return { token: `${body}.${mac(body, secret).toString('base64url')}`, expires: new Date(exp * 1000) };
}

/** The principal of a valid token, or undefined for a malformed, forged or expired one. */
export function verifyAccessToken(token: string, secret: string, now = Date.now()): Principal | undefined {
  const [header, payload, signature] = token.split('.');
  if (header !== HEADER || !payload || !signature) return undefined;
  const expected = mac(`${header}.${payload}`, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const p = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as AccessPayload;
    if (typeof p.exp !== 'number' || p.exp * 1000 <= now) return undefined;
    return { id: p.sub, userName: p.name, roles: p.role ? p.role.split(',') : [], claims: p.claims ?? [] };
  } catch {
    return undefined;
  }
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const newSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Stores a new refresh token (only its hash) in a rotation family; returns the token. */
export async function issueRefreshToken(q: Queryable, userId: string, family: string, days: number, now = new Date()) {
  const token = newSecret();
  const expires = new Date(now.getTime() + days * 86_400_000);
  await q.query(
    'INSERT INTO refresh_tokens (token_hash, user_id, family, expires_at, used) VALUES ($1, $2, $3, CAST($4 AS TIMESTAMP), false)',
    [sha256(token), userId, family, expires],
  );
  return token;
}

export type RefreshOutcome = { ok: true; userId: string; family: string } | { ok: false; reason: string };

/**
 * Uses a refresh token once. A token presented a second time means it was stolen or replayed:
 * its whole family is revoked, so neither the thief nor the owner can keep refreshing.
 */
export async function useRefreshToken(q: Queryable, token: string, now = new Date()): Promise<RefreshOutcome> {
  const [row] = await q.query<{ user_id: string; family: string; expires_at: Date; used: boolean }>(
    'SELECT user_id, family, expires_at, used FROM refresh_tokens WHERE token_hash = $1',
    [sha256(token)],
  );
  if (!row) return { ok: false, reason: 'The refresh token is not valid.' };
  if (row.used) {
    await q.query('UPDATE refresh_tokens SET used = true WHERE family = $1', [row.family]);
    return { ok: false, reason: 'The refresh token was already used; sign in again.' };
  }
  if (row.expires_at.getTime() <= now.getTime()) return { ok: false, reason: 'The refresh token has expired; sign in again.' };
  await q.query('UPDATE refresh_tokens SET used = true WHERE token_hash = $1', [sha256(token)]);
  return { ok: true, userId: row.user_id, family: row.family };
}
