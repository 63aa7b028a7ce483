import type { TokenResponse } from '../api/types';

/**
 * A returning user's first call, made as soon as the host page runs its first, tiny script
 * (host/boot.ts): the access token lives in memory only, so every page load asks for one with the
 * refresh cookie before any data can come. Made while the portal's code downloads, its answer is
 * there when that code needs it; the session refresh (src/api/identity.ts) takes it instead of
 * asking again. This module stays tiny: the boot script loads nothing else.
 */

/** The host portal's client id: the server then keeps the refresh token in its HttpOnly cookie. */
export const WEB_CLIENT_ID = 'cx-portal-web';
/** Where the session is stored (local storage when remembered, else session storage), never with a token. */
export const SESSION_STORAGE_KEY = 'cx.session';
export const TOKEN_PATH = '/api/identity/token';

/** The headers and body of a session refresh: the CSRF token beside the cookie, or an app's refresh token. */
export function refreshRequest(csrfToken: string | undefined, refreshToken?: string) {
  return {
    headers: (csrfToken ? { 'X-CSRF-Token': csrfToken } : {}) as Record<string, string>,
    json: { grant_type: 'refresh_token', client_id: WEB_CLIENT_ID, environment: 'web', ...(refreshToken ? { refresh_token: refreshToken } : {}) },
  };
}

/** One refresh at a time across the tabs of the browser: they share the cookie, and a token is spent once. */
export function oneTabAtATime<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request('cx-session-refresh', fn) as Promise<T>) : fn();
}

const EARLY = Symbol.for('cx.earlyRefresh');
interface Early {
  csrf: string;
  answer: Promise<TokenResponse | undefined>;
}
type Holder = { [EARLY]?: Early };

/** Starts the refresh of the stored session at once; nothing without one. */
export function refreshEarly(): void {
  let csrf: string | undefined;
  try {
    const stored = localStorage.getItem(SESSION_STORAGE_KEY) ?? sessionStorage.getItem(SESSION_STORAGE_KEY);
    csrf = stored ? (JSON.parse(stored) as { csrfToken?: string }).csrfToken : undefined;
  } catch {
    return; // no storage (a locked-down browser) or a spoilt entry: the portal's own code deals with it
  }
  if (!csrf) return;
  const { headers, json } = refreshRequest(csrf);
  const call = () =>
    fetch(TOKEN_PATH, { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(json) })
      .then((res) => (res.ok ? (res.json() as Promise<TokenResponse>) : undefined))
      .catch(() => undefined);
  (globalThis as Holder)[EARLY] = { csrf, answer: oneTabAtATime(call) };
}

/**
 * The early refresh's answer, taken once, for the session it was made for; undefined when there
 * was none. It resolves to undefined when it was refused or failed: the caller then asks itself,
 * and deals with the answer as usual.
 */
export function takeEarlyRefresh(csrfToken: string | undefined): Promise<TokenResponse | undefined> | undefined {
  const early = (globalThis as Holder)[EARLY];
  delete (globalThis as Holder)[EARLY];
  return early && early.csrf === csrfToken ? early.answer : undefined;
}
