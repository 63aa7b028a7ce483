import { atom } from 'nanostores';
import { $config } from './config';

/**
 * Where the app is, and how to go elsewhere. The host portal sets `navigator` to its router;
 * elements on other pages fall back to a full page load.
 */
export const $path = atom(typeof location === 'undefined' ? '/' : location.pathname + location.search);

type Navigator = (to: string, options?: { replace?: boolean }) => void;
const KEY = Symbol.for('cx.navigator');
const LEAVE = Symbol.for('cx.unsavedWork');
type Holder = { [KEY]?: Navigator; [LEAVE]?: string };

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
  (globalThis as Holder)[KEY] = navigator;
}

/** True inside the host portal (its router is registered); elements elsewhere must never move the page. */
export const hasHost = () => !!(globalThis as Holder)[KEY];

/**
 * A portal path as an absolute address on the portal's origin (`apiBase`, '' for the page's own):
 * outside the host a link or a navigation must lead to the portal, never to the embedding site.
 */
export const portalUrl = (to: string, apiBase: string): string => new URL(to, apiBase ? `${apiBase}/` : location.href).href;

/** What `cx-navigate` tells the page: the portal address, and its path for a host's router. */
export interface NavigateDetail {
  href: string;
  path: string;
}

/**
 * Asks the page to go to a portal path: a cancelable `cx-navigate` from `host` (bubbles, composed);
 * the host portal's router takes it, another page may; left alone, the page loads the address.
 */
export function requestNavigation(host: Element, to: string, apiBase: string): void {
  const href = portalUrl(to, apiBase);
  const { pathname, search, hash } = new URL(href);
  const detail: NavigateDetail = { href, path: pathname + search + hash };
  if (host.dispatchEvent(new CustomEvent('cx-navigate', { detail, bubbles: true, composed: true, cancelable: true }))) location.assign(href);
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
  const host = (globalThis as Holder)[KEY];
  if (host) host(to, options);
  else if (!options?.system && typeof location !== 'undefined') location.assign(portalUrl(to, $config.get().apiBase));
}
