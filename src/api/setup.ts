import { isBadRequest, request, type ApiTarget, type BadRequest } from './client';
import type { TokenResponse } from './types';
import { setSession, toSession } from '../stores/session';
import { WEB_CLIENT_ID } from '../lib/early-refresh';

/** The first administrator's fields (POST /api/setup). */
export interface FirstAdmin {
  name: string;
  email: string;
  password: string;
}

/** Whether the portal still needs its first administrator (true only while it has no user). */
export const setupNeeded = (target?: ApiTarget): Promise<{ needed: boolean } | BadRequest> => request('GET', '/api/setup', { anonymous: true, target });

/** Creates the first administrator and, as a sign-in does, keeps the session; a 400 or 409 comes back as its body. */
export async function createFirstAdmin(admin: FirstAdmin, target?: ApiTarget): Promise<TokenResponse | BadRequest> {
  const res = await request<TokenResponse>('POST', '/api/setup', { anonymous: true, target, json: { ...admin, client_id: WEB_CLIENT_ID } });
  if (!isBadRequest(res) && res.isSuccess && res.content) setSession(toSession(res.content), false);
  return res;
}
