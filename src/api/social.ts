import { request, type ApiTarget } from './client';
import type { BadRequest } from './errors';
import type { ActionAnswer } from './processflow';

type Maybe<T> = Promise<T | BadRequest>;

/** The local review provider's sign-in: an id token for the signed-in user. */
export const localSignIn = (target?: ApiTarget): Maybe<{ provider: string; idToken: string }> => request('POST', '/api/social/local/signin', { target });
/** Hands the provider's id token to the portal (spec part 3: POST api/social/auth). */
export const socialAuth = (provider: string, idToken: string, target?: ApiTarget): Maybe<{ provider: string; expiresAt: string }> =>
  request('POST', '/api/social/auth', { json: { provider, idToken }, target });
/** A public reply to a review (spec part 3: POST api/social/action/{sourceObjectId}). */
export const socialReply = (sourceObjectId: number, idToken: string, reply: string, target?: ApiTarget): Maybe<ActionAnswer> =>
  request('POST', `/api/social/action/${sourceObjectId}`, { json: { idToken, reply }, target });
export const socialLogout = (target?: ApiTarget) => request('POST', '/api/social/logout', { target });
/** Fetches the providers' new reviews and replies; a refresh within a minute of the last is skipped (spec part 3 section 9). */
export const socialRefresh = (target?: ApiTarget): Maybe<Array<{ provider: string; skipped: boolean; added: number; updated: number }>> =>
  request('POST', '/api/social/refresh', { target });
