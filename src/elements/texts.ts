import type { TFunction } from 'i18next';
import { atom, type WritableAtom } from 'nanostores';
import { LANGUAGES } from '../i18n/languages';
import own from './texts.json';

/**
 * Texts in the elements' core. i18next (src/i18n) is the portal's translation engine, but it and
 * every English text are too heavy for one small element on a blank page. So an element either
 * imports the engine (its entry does `import '../src/i18n'`) or carries its own texts
 * (`addTexts`), read by a plain lookup with `{{name}}` interpolation until the engine is on the
 * page; from then on the engine translates everything, these texts included. A key neither has
 * shows as the engine shows one: "[Missing Translation]" (tests/unit/texts.test.ts keeps both
 * ways in step).
 */
export type Texts = { [key: string]: string | Texts };

/** What src/i18n gives the core once loaded. */
export interface TextEngine {
  translator(code: string): TFunction;
  add(code: string, texts: Texts): void;
}

interface TextState {
  own: Array<[string, Texts]>;
  engine?: TextEngine;
  loaded: WritableAtom<number>;
}

// On globalThis so a second copy of the bundle shares the texts, the engine and the signal.
const KEY = Symbol.for('cx.texts');
const state: TextState = ((globalThis as { [KEY]?: TextState })[KEY] ??= { own: [], loaded: atom(0) });

/** Moves on each time texts arrive (a language, the engine), so what was shown before translates again. */
export const $languagesLoaded: WritableAtom<number> = state.loaded;

/** The shipped language a `lang` value means (`de-CH` → `de`), English for any other. */
export function languageCode(lang: string | undefined): string {
  const base = (lang ?? 'en').toLowerCase().split('-')[0];
  return (LANGUAGES as readonly string[]).includes(base) ? base : 'en';
}

/** An element's own texts by language code, e.g. `{ en: { rating: { label: 'Rating' } }, de: … }`. */
export function addTexts(byLanguage: Record<string, Texts>): void {
  for (const [code, texts] of Object.entries(byLanguage)) {
    state.own.push([code, texts]);
    state.engine?.add(code, texts);
  }
}

/** Called once by src/i18n: the engine takes every text registered so far and translates from now on. */
export function setEngine(engine: TextEngine): void {
  if (state.engine) return;
  for (const [code, texts] of state.own) engine.add(code, texts);
  state.engine = engine;
  state.loaded.set(state.loaded.get() + 1);
}

function find(code: string, key: string): string | undefined {
  for (const [own, texts] of state.own) {
    if (own !== code) continue;
    const found = key.split('.').reduce<string | Texts | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), texts);
    if (typeof found === 'string') return found;
  }
  return undefined;
}

/** What a text nobody has shows (the engine's own marker too). */
export const MISSING_TRANSLATION = '[Missing Translation]';

/** A translate function fixed to one language: the engine's once loaded, else the element's own texts. */
export function translator(lang: string | undefined): TFunction {
  const code = languageCode(lang);
  if (state.engine) return state.engine.translator(code);
  const lookup = (key: string, options?: Record<string, unknown>) => {
    const text = find(code, key) ?? find('en', key);
    if (text === undefined) return typeof options?.defaultValue === 'string' ? options.defaultValue : MISSING_TRANSLATION;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(options?.[name] ?? ''));
  };
  return lookup as unknown as TFunction;
}

// The core's own texts: error and sign-in states.
addTexts(own);
