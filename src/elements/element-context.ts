import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import type { TFunction } from 'i18next';
import { $config } from '../stores/config';
import { $languagesLoaded, languageCode, translator } from './texts';
import type { ApiTarget } from '../api/client';
import { hasHost, portalUrl, requestNavigation } from '../stores/portal-address';

const COMMIT = Symbol.for('cx.commit');

/** What an element's component knows about its host custom element. */
export interface ElementHandle {
  host: HTMLElement;
  tag: string;
  /** `lang` attribute, else the page-wide locale of `configure()`. */
  lang?: string;
  /** `api-base` attribute, else the page-wide `configure()` value. */
  apiBase?: string;
}

export const ElementContext = createContext<ElementHandle | null>(null);

export interface ElementApi {
  host: HTMLElement;
  lang: string;
  apiBase: string;
  t: TFunction;
  /** Where this element's calls go (its `api-base`, else the page's) and who is told when one needs a sign-in: pass it to the API functions. */
  api: ApiTarget;
  /** Records a value the user chose as the element's property (`el.value` then reads it). */
  commit: (prop: string, value: unknown) => void;
  /** Fires `cx-<name>` from the host (bubbles, composed). Call from user-action handlers only. */
  emit: <D>(name: string, detail: D) => void;
  /**
   * Asks for a portal path: fires a cancelable `cx-navigate` (`{ href, path }`); the host portal
   * takes it and routes, elsewhere the element loads the page itself, from the portal's origin
   * (never a path of the embedding page's own site).
   */
  go: (to: string) => void;
  /** A portal path as a link's `href`: as it is inside the host portal or on the portal's own origin, else an address on the portal's. */
  href: (to: string) => string;
}

/**
 * The language a part of the page is marked with (`<section lang="de">`), across shadow roots; the
 * page's own `<html lang>` is left to `configure()`'s locale, which starts from it.
 */
function languageAround(host: HTMLElement): string | undefined {
  let node: Element | null = host.parentElement ?? ((host.getRootNode() as ShadowRoot).host as Element | undefined) ?? null;
  while (node && node !== document.documentElement) {
    const lang = node.getAttribute('lang');
    if (lang) return lang;
    node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host as Element | undefined) ?? null;
  }
  return undefined;
}

/** The element's language, API base, translator and event emitter. */
export function useElement(): ElementApi {
  const handle = useContext(ElementContext);
  if (!handle) throw new Error('useElement() is only available inside a cx-* element');
  // The stores read directly (not through @nanostores/react): the core stays small.
  const config = useSyncExternalStore($config.listen, $config.get);
  // A language's texts arriving (after the first render in it) translate the element again.
  const languages = useSyncExternalStore($languagesLoaded.listen, $languagesLoaded.get);
  const lang = handle.lang ?? languageAround(handle.host) ?? config.locale;
  const apiBase = handle.apiBase ?? config.apiBase;
  // Its calls carry the element's language (Accept-Language), so the server's texts are in it too. A new
  // identity only for a new shipped language: the browser's en-US giving way to a saved en asks nothing again.
  const code = languageCode(lang);
  const api = useMemo(() => ({ apiBase, host: handle.host, lang: code }), [apiBase, handle.host, code]);
  return useMemo(
    () => ({
      host: handle.host,
      lang,
      apiBase,
      api,
      t: translator(lang),
      commit: (prop, value) => (handle.host as unknown as Record<symbol, (p: string, v: unknown) => void>)[COMMIT]?.(prop, value),
      emit: (name, detail) =>
        handle.host.dispatchEvent(new CustomEvent(`cx-${name}`, { detail, bubbles: true, composed: true })),
      // The host portal takes the event and routes (host/router.ts); no one took it: a page load.
      go: (to) => requestNavigation(handle.host, to, apiBase),
      href: (to) => (hasHost() || !apiBase ? to : portalUrl(to, apiBase)),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new translator once the language's texts are in
    [handle.host, lang, apiBase, api, languages],
  );
}
