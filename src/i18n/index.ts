import i18next, { type TFunction } from 'i18next';
import en from './locales/en.json';
import de from './locales/de.json';

import { LANGUAGES, LANGUAGE_NAMES } from './languages';

export { LANGUAGES } from './languages';

/** The languages to offer: the portal settings' list, else the ones this bundle ships. */
export function languageOptions(fromSettings?: Array<{ code: string; name: string }> | null): Array<{ code: string; name: string }> {
  return fromSettings?.length ? fromSettings : LANGUAGES.map((code) => ({ code, name: LANGUAGE_NAMES[code] }));
}
export const MISSING_TRANSLATION = '[Missing Translation]';

/** One i18next instance shared by every element on the page (kept on globalThis so two bundles share it). */
const KEY = Symbol.for('cx.i18n');
type Holder = { [KEY]?: typeof i18next };

function create(): typeof i18next {
  const instance = i18next.createInstance();
  void instance.init({
    resources: { en: { translation: en }, de: { translation: de } },
    lng: 'en',
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes; no HTML is built from strings
    parseMissingKeyHandler: (_key: string, defaultValue?: string) => defaultValue ?? MISSING_TRANSLATION,
  });
  return instance;
}

export const i18n: typeof i18next = ((globalThis as Holder)[KEY] ??= create());

/** A translate function fixed to one language (falls back to English for unknown languages). */
export function translator(lang: string | undefined): TFunction {
  const base = (lang ?? 'en').toLowerCase().split('-')[0];
  return i18n.getFixedT((LANGUAGES as readonly string[]).includes(base) ? base : 'en');
}
