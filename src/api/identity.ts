import { ApiError, request, setRefresher, isBadRequest, type ApiTarget } from './client';
import type { BadRequest } from './errors';
import type { Role, Session, TokenContent, TokenResponse, User, UserList } from './types';
import { $config } from '../stores/config';
import { clearSession, setSession, toSession, $session } from '../stores/session';
import { navigate } from '../stores/navigation';
import { inAssistant, postToAssistant } from '../lib/assistant';
import { saveForNextSignIn } from '../dashboard/saved-state';
import { oneTabAtATime, refreshRequest, takeEarlyRefresh, TOKEN_PATH, WEB_CLIENT_ID } from '../lib/early-refresh';

export { WEB_CLIENT_ID } from '../lib/early-refresh';

/** Signs in with a password (and the second factor's `otp` when asked for); on success the session is stored. Returns the server's message on failure. */
export async function signIn(username: string, password: string, remember: boolean, otp?: string): Promise<TokenResponse> {
  const json = { username, password, rememberme: remember, client_id: WEB_CLIENT_ID, ...(otp ? { otp } : {}) };
  const res = await request<TokenResponse>('POST', TOKEN_PATH, { anonymous: true, json });
  if (isBadRequest(res)) return { isSuccess: false, message: res.message ?? '', content: null, ...(res.secondFactor === true ? { secondFactor: true } : {}) };
  if (res.isSuccess && res.content) setSession(toSession(res.content), remember);
  return res;
}

/** A session refresh; the answer of the one the host page started early (host/boot.ts) when there is one. */
async function refreshCall(session: Session): Promise<TokenResponse | BadRequest> {
  const early = await takeEarlyRefresh(session.csrfToken);
  if (early) return early;
  const { headers, json } = refreshRequest(session.csrfToken, session.refreshToken);
  return oneTabAtATime(() => request<TokenResponse>('POST', TOKEN_PATH, { anonymous: true, headers, json }));
}

/**
 * Gets a new access token: from the HttpOnly cookie with the session's CSRF token (the host
 * portal), or with the refresh token in the body (an app's session). A failed refresh logs out.
 */
export async function refreshSession(): Promise<boolean> {
  const session = $session.get();
  if (!session) return false;
  try {
    const res = await refreshCall(session);
    // Signed out (or in as someone else) while the refresh was on its way: the answer is not brought back to life.
    if ($session.get()?.id !== session.id) return false;
    if (!isBadRequest(res) && res.isSuccess && res.content) {
      setSession(toSession(res.content));
      return true;
    }
  } catch (error) {
    // No answer at all (the page navigated away mid-call, the network dropped) or a server fault:
    // the session may well be alive, so it is kept for the next call. Only a refusal ends it.
    if (!(error instanceof ApiError && error.status >= 400 && error.status < 500)) return false;
  }
  // The session is over on the server already: only this page still has to leave it.
  clearSession();
  leave();
  return false;
}
setRefresher(refreshSession);

/**
 * Ends the session on the server (its refresh token and access tokens, and the cookie). After a reload the access token is fetched first.
 * A session from a customer's identity provider answers where the provider's own session ends (`logoutUrl`).
 */
async function endServerSession(session: Session): Promise<string | undefined> {
  try {
    let token = session.token;
    if (!token && (session.csrfToken || session.refreshToken)) {
      const res = await refreshCall(session);
      token = !isBadRequest(res) && res.content ? res.content.access_token : '';
    }
    if (!token) return undefined;
    await saveForNextSignIn(token);
    const res = await request<{ logoutUrl?: string }>('POST', '/api/identity/logout', { anonymous: true, headers: { Authorization: `Bearer ${token}` } });
    return isBadRequest(res) ? undefined : res.logoutUrl;
  } catch {
    return undefined; // signed out locally whatever the server says
  }
}

/** Clears the session here and ends it on the server; resolves with the provider's logout address, if any. */
function clearAndEnd(): Promise<string | undefined> {
  const session = $session.get();
  // Cleared first: the dashboard state is set aside as the session ends (src/dashboard/saved-state.ts), then saved for the next sign-in.
  clearSession();
  return session ? endServerSession(session) : Promise.resolve(undefined);
}

/** Ends the session on the server and clears it here (the /logout page). */
export function endSession(): void {
  void clearAndEnd();
}

/** Ends the session; goes to /login (/signin on lite hosts), or tells the assistant wrapper. */
export function logout(): void {
  const ended = clearAndEnd();
  leave();
  // Single logout: the provider ends its session too and sends the browser back to /logout.
  void ended.then((url) => url && !inAssistant() && location.assign(url));
}

/** Where a page goes once its session is cleared. */
function leave(): void {
  if (inAssistant()) postToAssistant('virtualLogout');
  else navigate($config.get().lite ? '/signin' : '/login', { system: true });
}

type Maybe<T> = Promise<T | BadRequest>;

export const getUserList = (filter: { take: number; skip: number; sortType: string; usernameFilter: string }, target?: ApiTarget): Maybe<UserList> =>
  request('POST', '/api/identity/getuserlist', { json: { Filter: filter }, target });
export const getUser = (id: string, target?: ApiTarget): Maybe<User> => request('POST', `/api/identity/getuser/${encodeURIComponent(id)}`, { target });
export const getUserDetail = (target?: ApiTarget): Maybe<User> => request('POST', '/api/identity/userdetail', { target });
export const getRoles = (target?: ApiTarget): Maybe<Role[]> => request('POST', '/api/identity/roles', { target });
export const createUser = (user: Omit<User, 'id' | 'userName' | 'fullName' | 'createdOn' | 'changePasswordOnNextLogin' | 'phoneNumber' | 'company'>, target?: ApiTarget): Maybe<{ user: User }> =>
  request('POST', '/api/identity/createuser', { json: { User: user }, target });
/** Saves a user; one's own e-mail address changes only with `currentPassword`. */
export const updateUser = (user: Partial<User> & { id: string; currentPassword?: string }, target?: ApiTarget): Maybe<{ user: User }> =>
  request('POST', '/api/identity/updateuser', { json: { UserModel: user }, target });
export const deleteUser = (id: string, target?: ApiTarget): Maybe<{ isSuccess: boolean }> => request('POST', `/api/identity/deleteuser/${encodeURIComponent(id)}`, { target });
/** Changes the password; every session ends, and this one goes on in the new session the answer holds. */
export async function changePassword(body: { oldPassword: string; newPassword: string; confirmPassword: string }): Maybe<{ isSuccess: boolean; message: string }> {
  const res = await request<{ isSuccess: boolean; message: string; content?: TokenContent }>('POST', '/api/identity/changePassword', { json: { ChangePasswordModel: body } });
  if (!isBadRequest(res) && res.content) setSession(toSession(res.content));
  return res;
}
export const requestPasswordReset = (username: string, target?: ApiTarget): Maybe<{ message: string }> =>
  request('POST', '/api/identity/requestResetpassword', { anonymous: true, json: { username }, target });
export const resetPassword = (token: string, body: { newPassword: string; confirmPassword: string }, target?: ApiTarget): Maybe<{ isSuccess: boolean; message: string }> =>
  request('POST', `/api/identity/resetpassword/${encodeURIComponent(token)}`, { anonymous: true, json: body, target });
export const whoIs = (token: string, target?: ApiTarget) => request<{ firstName: string; email: string; purpose: string }>('GET', `/api/identity/otpWho/${encodeURIComponent(token)}`, { anonymous: true, target });

/** The free-trial request: one per user, a repeat answers `alreadyRequested`. */
export const requestTrial = (target?: ApiTarget): Maybe<{ isSuccess: boolean; alreadyRequested: boolean }> => request('POST', '/api/identity/requestTrial', { target });
