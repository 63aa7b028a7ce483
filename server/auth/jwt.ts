import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Compact HS256 JWTs, signed and checked here (not by a library) so expiry follows the server's
 * clock: the portal's access tokens and partners' embed requests both use them.
 */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/** Exactly three unpadded base64url parts: anything else (a fourth part, `+`, `/`, `=`, spaces) is not a token. */
const STRICT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/;

/** HMAC-SHA256 of `data` as unpadded base64url. */
export const hmac = (data: string, secret: string) => createHmac('sha256', secret).update(data).digest('base64url');

/** Compares two ASCII strings in constant time. */
export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function signJwt(payload: object, secret: string): string {
  const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${body}.${hmac(body, secret)}`;
}

/**
 * The payload of a well-formed token signed with `secret`, or why not. The signature is compared as
 * the exact text we would have produced, so another encoding of the same bytes fails; the header
 * must be an HS256 one.
 */
export function readJwt(token: string, secret: string): { payload: unknown } | { error: 'malformed' | 'signature' } {
  if (!STRICT.test(token)) return { error: 'malformed' };
  const [header, body, signature] = token.split('.');
  if (!sameText(signature, hmac(`${header}.${body}`, secret))) return { error: 'signature' };
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
    if (head.alg !== 'HS256') return { error: 'malformed' };
    return { payload: JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) };
  } catch {
    return { error: 'malformed' };
  }
}
