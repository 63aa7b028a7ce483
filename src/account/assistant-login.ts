import { request, isBadRequest } from '../api/client';
import { logout } from '../api/identity';
import type { TokenResponse } from '../api/types';
import { setSession, toSession } from '../stores/session';
import { navigate } from '../stores/navigation';
import { inAssistant } from '../lib/assistant';
import { destinationAfterSignIn } from './login/after-sign-in';

/**
 * The assistant's web view hands over a refresh token. Success stores the session, tells the
 * wrapper (logged-in) and follows the after-login order; failure logs out (a virtual logout
 * message to the wrapper).
 */
export async function assistantSignIn(refreshToken: string): Promise<boolean> {
  try {
    const res = await request<TokenResponse>('POST', '/api/identity/token', {
      anonymous: true,
      json: { grant_type: 'refresh_token', client_id: 'cx-assistant', refresh_token: refreshToken, environment: 'assistant' },
    });
    if (!isBadRequest(res) && res.isSuccess && res.content) {
      setSession(toSession(res.content), true);
      navigate(await destinationAfterSignIn());
      return true;
    }
  } catch {
    // falls through to logout
  }
  logout();
  return false;
}

/** In the assistant, listen for its hand-over message: `{ "type": "assistantLogin", "refreshToken": "..." }`. */
export function listenToAssistant(): void {
  if (!inAssistant()) return;
  const onMessage = (event: Event) => {
    const data = (event as MessageEvent).data;
    let message: { type?: string; refreshToken?: string } | undefined;
    try {
      message = typeof data === 'string' ? JSON.parse(data) : data;
    } catch {
      return;
    }
    if (message?.type === 'assistantLogin' && typeof message.refreshToken === 'string') void assistantSignIn(message.refreshToken);
  };
  // React Native's web view posts to window on iOS and to document on Android.
  addEventListener('message', onMessage);
  document.addEventListener('message', onMessage);
}
