import { logout } from '../api/identity';
import { navigate } from '../stores/navigation';
import { destinationAfterSignIn } from './login/after-sign-in';
import { onAssistantToken, takeAssistantToken } from './assistant-token';

/**
 * The assistant's web view hands over a refresh token. Success stores the session, tells the
 * wrapper (logged-in) and follows the after-login order; failure logs out (a virtual logout
 * message to the wrapper).
 */
export async function assistantSignIn(refreshToken: string): Promise<boolean> {
  if (await takeAssistantToken(refreshToken)) {
    navigate(await destinationAfterSignIn());
    return true;
  }
  logout();
  return false;
}

/** In the assistant, the host portal listens for the hand-over message. */
export function listenToAssistant(): void {
  onAssistantToken((token) => void assistantSignIn(token));
}
