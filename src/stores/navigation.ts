import { atom } from 'nanostores';

/**
 * Where the app is, and how to go elsewhere. The host portal sets `navigator` to its router;
 * elements on other pages fall back to a full page load.
 */
export const $path = atom(typeof location === 'undefined' ? '/' : location.pathname + location.search);

type Navigator = (to: string, options?: { replace?: boolean }) => void;
const KEY = Symbol.for('cx.navigator');
type Holder = { [KEY]?: Navigator };

export function setNavigator(navigator: Navigator | undefined): void {
  (globalThis as Holder)[KEY] = navigator;
}

/**
 * Goes to a portal path: through the host's router when there is one. Without a host, a user's
 * action loads the page; a `system` navigation (the error catalogue, a sign-out after a failed
 * refresh) must not take over a customer's page, so it only tells the page with a `cx-navigate`
 * event on the document.
 */
export function navigate(to: string, options?: { replace?: boolean; system?: boolean }): void {
  const host = (globalThis as Holder)[KEY];
  if (host) host(to, options);
  else if (options?.system) {
    if (typeof document !== 'undefined') document.dispatchEvent(new CustomEvent('cx-navigate', { detail: { to, system: true } }));
  } else if (typeof location !== 'undefined') location.assign(to);
}
