import { hasHost } from '../stores/navigation';
import { $session } from '../stores/session';
import { postToAssistant } from '../lib/assistant';
import { assistantTokenOf, onAssistantToken, takeAssistantToken } from './assistant-token';

/**
 * Single elements in the assistant's web view, without the host portal (spec part 1: the embedded
 * assistant login): the hand-over message signs the elements in (`loggedIn` back to the wrapper),
 * a refused token or a session that ends later sends the virtual logout message instead of a page
 * that could only be refused.
 */
export function embedInAssistant(early: unknown[] = []): void {
  // The host portal, when present, handles the assistant itself (with its after-login order).
  if (hasHost()) return;
  let hadSession = false;
  const take = (refreshToken: string) =>
    void takeAssistantToken(refreshToken).then((ok) => {
      hadSession ||= ok;
      postToAssistant(ok ? 'loggedIn' : 'virtualLogout', ok ? { userName: $session.get()?.userName } : {});
    });
  // A hand-over that came while this chunk was loading (the bundle kept it).
  for (const data of early) {
    const token = assistantTokenOf(data);
    if (token) take(token);
  }
  onAssistantToken(take);
  document.addEventListener('cx-auth-required', (event) => {
    // Before the hand-over every element waits; after a session ended the wrapper signs the user out.
    if (!hadSession) return;
    event.preventDefault();
    hadSession = false;
    postToAssistant('virtualLogout');
  });
}
