import { atom, computed } from 'nanostores';
import type { Session, TokenContent } from '../api/types';
import { SESSION_STORAGE_KEY } from '../lib/early-refresh';

/** Refresh this long before the access token expires (spec part 1 section 9). */
export const REFRESH_MARGIN_MS = 10_000;
const KEY = SESSION_STORAGE_KEY;

function storage(remember: boolean): Storage | undefined {
  if (typeof localStorage === 'undefined') return undefined;
  return remember ? localStorage : sessionStorage;
}

/**
 * What a reload finds: who the user is and the CSRF token of the session, never a token. The
 * access token lives in memory only and the refresh token in the server's HttpOnly cookie, so a
 * script injected into the page finds nothing in web storage to take away.
 */
function load(): Session | null {
  for (const s of [storage(true), storage(false)]) {
    const text = s?.getItem(KEY);
    if (text) {
      try {
        return { ...(JSON.parse(text) as Session), token: '', refreshToken: '', expiryDate: new Date(0).toISOString() };
      } catch {
        s?.removeItem(KEY);
      }
    }
  }
  return null;
}

const HOLDER = Symbol.for('cx.session');
type Holder = { [HOLDER]?: ReturnType<typeof atom<Session | null>> };

/** The signed-in user's session, shared by every element on the page and kept across reloads. */
export const $session = ((globalThis as Holder)[HOLDER] ??= atom<Session | null>(load()));

export const $signedIn = computed($session, (s) => s !== null);

/** Builds the stored session from a token response. */
export function toSession(c: TokenContent): Session {
  const claimsJSON = c.claims
    ? c.claims.split('|').map((pair) => {
        const at = pair.indexOf('=');
        return { Type: pair.slice(0, at), Value: pair.slice(at + 1) };
      })
    : [];
  return {
    userName: c.userName,
    firstName: c.firstName,
    lastName: c.lastName,
    createdOn: c.createdOn,
    email: c.email,
    phoneNumber: c.phoneNumber,
    company: c.company,
    id: c.id,
    role: c.roles,
    portalRole: c.portalRole,
    claims: c.claims,
    claimsJSON,
    expiryDate: new Date(c['.expires']).toISOString(),
    tokenType: c.token_type,
    token: c.access_token,
    refreshToken: c.refresh_token,
    csrfToken: c.csrf_token,
    changePasswordOnNextLogin: c.changePasswordOnNextLogin,
    ...(c.secondFactorSetup ? { secondFactorSetup: true } : {}),
    ssoProvider: c.ssoProvider ?? null,
  };
}

let remembered = !!storage(true)?.getItem(KEY);

/** Stores a new session (after sign-in or refresh). `remember` keeps it after the browser closes. */
export function setSession(session: Session, remember = remembered): void {
  remembered = remember;
  storage(!remember)?.removeItem(KEY);
  // Tokens stay in memory: only the profile and the CSRF token are written.
  storage(remember)?.setItem(KEY, JSON.stringify({ ...session, token: '', refreshToken: '', expiryDate: undefined }));
  $session.set(session);
}

export function clearSession(): void {
  storage(true)?.removeItem(KEY);
  storage(false)?.removeItem(KEY);
  $session.set(null);
}

/** True when the access token expires within the refresh margin (or, after a reload, is not in memory yet). */
export function needsRefresh(session: Session, now = Date.now()): boolean {
  return !session.token || new Date(session.expiryDate).getTime() - now <= REFRESH_MARGIN_MS;
}
