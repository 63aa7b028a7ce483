import { request, setRefresher, isBadRequest } from './client';
import type { BadRequest } from './errors';
import type { Role, TokenResponse, User, UserList } from './types';
import { $config } from '../stores/config';
import { clearSession, setSession, toSession, $session } from '../stores/session';
import { navigate } from '../stores/navigation';
import { inAssistant, postToAssistant } from '../lib/assistant';

/** Signs in with a password; on success the session is stored. Returns the server's message on failure. */
export async function signIn(username: string, password: string, remember: boolean): Promise<TokenResponse> {
  const res = await request<TokenResponse>('POST', '/api/identity/token', { anonymous: true, json: { username, password, rememberme: remember } });
  if (isBadRequest(res)) return { isSuccess: false, message: res.message ?? '', content: null };
  if (res.isSuccess && res.content) setSession(toSession(res.content), remember);
  return res;
}

/** Exchanges the refresh token for a new session; a failed refresh logs out. */
export async function refreshSession(): Promise<boolean> {
  const session = $session.get();
  if (!session) return false;
  try {
    const res = await request<TokenResponse>('POST', '/api/identity/token', {
      anonymous: true,
      json: { grant_type: 'refresh_token', client_id: 'cx-portal-web', refresh_token: session.refreshToken, environment: 'web' },
    });
    if (!isBadRequest(res) && res.isSuccess && res.content) {
      setSession(toSession(res.content));
      return true;
    }
  } catch {
    // falls through to logout
  }
  logout();
  return false;
}
setRefresher(refreshSession);

/** Clears the session; goes to /login (/signin on lite hosts), or tells the assistant wrapper. */
export function logout(): void {
  clearSession();
  if (inAssistant()) postToAssistant('virtualLogout');
  else navigate($config.get().lite ? '/signin' : '/login', { system: true });
}

type Maybe<T> = Promise<T | BadRequest>;

export const getUserList = (filter: { take: number; skip: number; sortType: string; usernameFilter: string }): Maybe<UserList> =>
  request('POST', '/api/identity/getuserlist', { json: { Filter: filter } });
export const getUser = (id: string): Maybe<User> => request('POST', `/api/identity/getuser/${encodeURIComponent(id)}`);
export const getUserDetail = (): Maybe<User> => request('POST', '/api/identity/userdetail');
export const getRoles = (): Maybe<Role[]> => request('POST', '/api/identity/roles');
export const createUser = (user: Omit<User, 'id' | 'userName' | 'fullName' | 'createdOn' | 'changePasswordOnNextLogin' | 'phoneNumber' | 'company'>): Maybe<{ user: User }> =>
  request('POST', '/api/identity/createuser', { json: { User: user } });
export const updateUser = (user: Partial<User> & { id: string }): Maybe<{ user: User }> => request('POST', '/api/identity/updateuser', { json: { UserModel: user } });
export const deleteUser = (id: string): Maybe<{ isSuccess: boolean }> => request('POST', `/api/identity/deleteuser/${encodeURIComponent(id)}`);
export const changePassword = (body: { oldPassword: string; newPassword: string; confirmPassword: string }): Maybe<{ isSuccess: boolean; message: string }> =>
  request('POST', '/api/identity/changePassword', { json: { ChangePasswordModel: body } });
export const requestPasswordReset = (username: string): Maybe<{ message: string }> =>
  request('POST', '/api/identity/requestResetpassword', { anonymous: true, json: { username } });
export const resetPassword = (token: string, body: { newPassword: string; confirmPassword: string }): Maybe<{ isSuccess: boolean; message: string }> =>
  request('POST', `/api/identity/resetpassword/${encodeURIComponent(token)}`, { anonymous: true, json: body });
export const whoIs = (token: string) => request<{ firstName: string; email: string; purpose: string }>('GET', `/api/identity/otpWho/${encodeURIComponent(token)}`, { anonymous: true });
