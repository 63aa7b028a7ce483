import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { REMEMBER_ME_DAYS } from './tokens';

/**
 * The host portal's refresh token lives in this HttpOnly, SameSite=Strict cookie, sent only to the
 * token call: script on the page (an injected one included) can never read it.
 */
export const REFRESH_COOKIE = 'cx_refresh';
export const REFRESH_PATH = '/api/identity/token';
export const CSRF_HEADER = 'x-csrf-token';

/** Clients that are web pages of the portal: their refresh token goes into the cookie, not the body. */
export const WEB_CLIENTS = ['cx-portal-web', 'cx-assistant'];

export const secure = (c: Context) => new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';

export function setRefreshCookie(c: Context, token: string, remember: boolean): void {
  setCookie(c, REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    path: REFRESH_PATH,
    secure: secure(c),
    // Without "remember me" the cookie ends with the browser session.
    ...(remember ? { maxAge: REMEMBER_ME_DAYS * 86_400 } : {}),
  });
}

export function clearRefreshCookie(c: Context): void {
  deleteCookie(c, REFRESH_COOKIE, { path: REFRESH_PATH, secure: secure(c), httpOnly: true, sameSite: 'Strict' });
}

export const readRefreshCookie = (c: Context) => getCookie(c, REFRESH_COOKIE);

/** A cookie refresh must come from the portal's own pages: an Origin, when the browser sends one, names this host. */
export function sameOriginRequest(c: Context): boolean {
  const origin = c.req.header('origin');
  if (!origin) return true;
  try {
    return new URL(origin).host === c.req.header('host');
  } catch {
    return false;
  }
}
