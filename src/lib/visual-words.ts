import en from '../i18n/locales/en.json';

/**
 * The words of the titles and measure names a tile starts with, by their key under `dashboardBuilder`
 * in the locale files ('form.measures.nps', 'starter.overTime'), `{{name}}` filled from `values`.
 * The builder passes its translator: a German user's tiles start with German titles.
 */
export type Words = (key: string, values?: Record<string, string>) => string;

/** The words of one language's `dashboardBuilder` texts, for callers without a translator (the key itself where none). */
export function wordsIn(texts: object): Words {
  return (key, values = {}) => {
    const template = key.split('.').reduce<unknown>((at, part) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined), texts);
    return typeof template === 'string' ? template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '') : key;
  };
}

/** English (en.json): the server's words, which only checks tiles and never titles them for a user. */
export const ENGLISH_WORDS: Words = wordsIn(en.dashboardBuilder);
