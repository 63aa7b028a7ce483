import i18next, { type TFunction } from 'i18next';
import en from './locales/en.json';
import { $languagesLoaded, MISSING_TRANSLATION, setEngine } from '../elements/texts';

import { LANGUAGES, LANGUAGE_NAMES } from './languages';

export { LANGUAGES } from './languages';

/** The languages to offer: the portal settings' list, else the ones this bundle ships. */
export function languageOptions(fromSettings?: Array<{ code: string; name: string }> | null): Array<{ code: string; name: string }> {
  return fromSettings?.length ? fromSettings : LANGUAGES.map((code) => ({ code, name: LANGUAGE_NAMES[code] }));
}
export { MISSING_TRANSLATION } from '../elements/texts';

/** One i18next instance shared by every element on the page (kept on globalThis so two bundles share it). */
const KEY = Symbol.for('cx.i18n');
type Holder = { [KEY]?: typeof i18next };

function create(): typeof i18next {
  const instance = i18next.createInstance();
  void instance.init({
    // English is in the bundle; other languages arrive when first asked for (loadLanguage).
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes; no HTML is built from strings
    parseMissingKeyHandler: (_key: string, defaultValue?: string) => defaultValue ?? MISSING_TRANSLATION,
  });
  return instance;
}

export const i18n: typeof i18next = ((globalThis as Holder)[KEY] ??= create());

export { $languagesLoaded, translator } from '../elements/texts';

/** The texts of the languages beyond English: a chunk each, fetched by the first element that speaks it. */
const LOADERS: Record<string, () => Promise<{ default: Record<string, unknown> }>> = {
  de: () => import('./locales/de.json'),
};
const loading = new Map<string, Promise<void>>();

/** Loads a language's texts once; resolves when they are in (at once for English or an unknown language). */
export function loadLanguage(code: string): Promise<void> {
  if (!LOADERS[code]) return Promise.resolve();
  const running = loading.get(code);
  if (running) return running;
  const job = LOADERS[code]()
    .then((m) => {
      // Deep: the elements' own texts in this language are in already.
      i18n.addResourceBundle(code, 'translation', m.default, true, false);
      $languagesLoaded.set($languagesLoaded.get() + 1);
    })
    // Not fetched (offline): English stands, and the next use asks again.
    .catch(() => void loading.delete(code));
  loading.set(code, job);
  return job;
}

/** The engine's translate function for a shipped language code, its texts fetched when first asked for. */
function fixedTranslator(code: string): TFunction {
  void loadLanguage(code);
  return i18n.getFixedT(code);
}

// From here on every element translates through i18next (src/elements/texts.ts).
setEngine({ translator: fixedTranslator, add: (code, texts) => void i18n.addResourceBundle(code, 'translation', texts, true, false) });
