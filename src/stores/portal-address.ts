/**
 * How an element outside the host portal leads to it: the core's part of src/stores/navigation.ts,
 * apart so that a small element (cx-star-rating) carries no router, path store or unsaved-work guard.
 */

/** The host portal's router registers itself under this (src/stores/navigation.ts `setNavigator`). */
export const NAVIGATOR = Symbol.for('cx.navigator');

/** True inside the host portal (its router is registered); elements elsewhere must never move the page. */
export const hasHost = () => !!(globalThis as { [NAVIGATOR]?: unknown })[NAVIGATOR];

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
