import { map, type MapStore } from 'nanostores';

/** Page-wide embedding configuration; every element falls back to it. */
export interface CxConfig {
  /** Origin of the portal server ('' for the page's own origin); calls go to `${apiBase}/api/...`. */
  apiBase: string;
  /** A lite host: sign-out goes to /signin instead of /login. */
  lite?: boolean;
  locale: string;
  token?: string;
  getToken?: () => Promise<string | undefined> | string | undefined;
}

const KEY = Symbol.for('cx.config');
type Holder = { [KEY]?: MapStore<CxConfig> };

/** Shared across bundles on the page so a second copy of the core sees the same settings. */
export const $config = ((globalThis as Holder)[KEY] ??= map<CxConfig>({
  apiBase: '',
  // The page's `<html lang>` first, then the browser's language.
  locale: (typeof document !== 'undefined' && document.documentElement.lang) || (typeof navigator === 'undefined' ? 'en' : navigator.language),
}));

/** Sets page-wide defaults for every cx-* element: `configure({ apiBase, locale, token | getToken })`. */
export function configure(options: Partial<CxConfig>): void {
  for (const [key, value] of Object.entries(options)) {
    if (value !== undefined) $config.setKey(key as keyof CxConfig, value as never);
  }
}
