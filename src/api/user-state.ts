import { request } from './client';

/** Saved user state (spec part 1 section 7): one JSON value per key and user, kept by the server. */
export const saveUserState = (key: string, value: unknown, token?: string) =>
  request<{ key: string; saved: boolean }>('POST', `/api/portaluserstate/save/${encodeURIComponent(key)}`, {
    json: value,
    // Sign-out saves with the session's last token, before the session is cleared.
    ...(token ? { anonymous: true, headers: { Authorization: `Bearer ${token}` } } : {}),
  });
export const getUserState = <T>(key: string) => request<T>('GET', `/api/portaluserstate/get/${encodeURIComponent(key)}`);
