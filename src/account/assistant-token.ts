import { request, isBadRequest } from '../api/client';
import type { TokenResponse } from '../api/types';
import { setSession, toSession } from '../stores/session';
import { inAssistant } from '../lib/assistant';

/**
 * The mobile assistant's sign-in hand-over, shared by the host portal and single elements in the
 * assistant's web view (kept apart from the host's modules, so the elements never load the host).
 */

/** Exchanges the assistant's refresh token for a session (stored); false when refused. */
export async function takeAssistantToken(refreshToken: string): Promise<boolean> {
  try {
    const res = await request<TokenResponse>('POST', '/api/identity/token', {
      anonymous: true,
      json: { grant_type: 'refresh_token', client_id: 'cx-assistant', refresh_token: refreshToken, environment: 'assistant' },
    });
    if (!isBadRequest(res) && res.isSuccess && res.content) {
      setSession(toSession(res.content), true);
      return true;
    }
  } catch {
    // refused
  }
  return false;
}

/** The refresh token of a hand-over message (`{ "type": "assistantLogin", "refreshToken": "..." }`, as text or object), or null. */
export function assistantTokenOf(data: unknown): string | null {
  let message: { type?: string; refreshToken?: unknown } | undefined;
  try {
    message = typeof data === 'string' ? JSON.parse(data) : (data as typeof message);
  } catch {
    return null;
  }
  return message?.type === 'assistantLogin' && typeof message.refreshToken === 'string' ? message.refreshToken : null;
}

/** In the assistant, listens for its hand-over message. */
export function onAssistantToken(take: (refreshToken: string) => void): void {
  if (!inAssistant()) return;
  const onMessage = (event: Event) => {
    const token = assistantTokenOf((event as MessageEvent).data);
    if (token) take(token);
  };
  // React Native's web view posts to window on iOS and to document on Android.
  addEventListener('message', onMessage);
  document.addEventListener('message', onMessage);
}
