import { atom } from 'nanostores';
import { $session } from './session';

/** The review provider's sign-in of this tab (its id token): kept for the tab's life, gone with the portal's sign-out. */
const KEY = 'cx.social';
const read = (): { provider: string; idToken: string } | null => {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
};

export const $social = atom<{ provider: string; idToken: string } | null>(typeof sessionStorage === 'undefined' ? null : read());
// The portal's sign-out revokes the social sign-in on the server: the tab forgets it too.
$session.listen((session) => {
  if (!session) $social.set(null);
});
$social.listen((value) => {
  if (typeof sessionStorage === 'undefined') return;
  if (value) sessionStorage.setItem(KEY, JSON.stringify(value));
  else sessionStorage.removeItem(KEY);
});
