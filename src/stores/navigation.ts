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

/** Goes to a portal path: through the host's router when there is one, else by loading the page. */
export function navigate(to: string, options?: { replace?: boolean }): void {
  const host = (globalThis as Holder)[KEY];
  if (host) host(to, options);
  else if (typeof location !== 'undefined') location.assign(to);
}
