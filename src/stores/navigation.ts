import { atom } from 'nanostores';
import { $config } from './config';
import { NAVIGATOR, portalUrl } from './portal-address';

export { hasHost, portalUrl, requestNavigation, type NavigateDetail } from './portal-address';

/**
 * Where the app is, and how to go elsewhere. The host portal sets `navigator` to its router;
 * elements on other pages fall back to a full page load.
 */
export const $path = atom(typeof location === 'undefined' ? '/' : location.pathname + location.search);

type Navigator = (to: string, options?: { replace?: boolean }) => void;
const LEAVE = Symbol.for('cx.unsavedWork');
type Holder = { [NAVIGATOR]?: Navigator; [LEAVE]?: string };

/**
 * A screen with unsaved work (edit mode) names it: leaving the page, or the screen through the
 * portal's navigation, asks first. `null` when the work is saved or given up.
 */
export function holdUnsavedWork(message: string | null): () => void {
  const holder = globalThis as Holder;
  if (!message) {
    delete holder[LEAVE];
    return () => undefined;
  }
  holder[LEAVE] = message;
  const ask = (e: BeforeUnloadEvent) => e.preventDefault();
  addEventListener('beforeunload', ask);
  return () => {
    if (holder[LEAVE] === message) delete holder[LEAVE];
    removeEventListener('beforeunload', ask);
  };
}

export function setNavigator(navigator: Navigator | undefined): void {
  (globalThis as Holder)[NAVIGATOR] = navigator;
}

/**
 * Goes to a portal path: through the host's router when there is one. Without a host, a user's
 * action loads the portal's address; a `system` navigation (the error catalogue, a sign-out after a failed
 * refresh) never takes over a customer's page: the elements show their own state instead (and a
 * 401 fires `cx-auth-required` on the element).
 */
export function navigate(to: string, options?: { replace?: boolean; system?: boolean }): void {
  const unsaved = (globalThis as Holder)[LEAVE];
  // A user's move away from unsaved work asks first; a system move (a sign-out) does not wait.
  if (unsaved && !options?.system && typeof confirm === 'function' && !confirm(unsaved)) return;
  const host = (globalThis as Holder)[NAVIGATOR];
  if (host) host(to, options);
  else if (!options?.system && typeof location !== 'undefined') location.assign(portalUrl(to, $config.get().apiBase));
}
