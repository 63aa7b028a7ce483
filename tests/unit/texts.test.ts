import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { $languagesLoaded, addTexts, translator, type Texts } from '../../src/elements/texts';
import rating from '../../src/visuals/star-rating/texts.json';
import core from '../../src/elements/texts.json';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** Every key path of a texts tree. */
const keys = (texts: Texts, prefix = ''): string[] =>
  Object.entries(texts).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v, `${prefix}${k}.`)));

describe('the texts', () => {
  it('say in every language what they say in English', () => {
    // German has more: names that English shows as they are (data values, setting names).
    expect(keys(JSON.parse(read('src/i18n/locales/de.json')))).toEqual(expect.arrayContaining(keys(JSON.parse(read('src/i18n/locales/en.json')))));
    for (const own of [rating, core]) expect(keys(own.de).sort()).toEqual(keys(own.en).sort());
  });

  it("are an element's own before the engine is on the page, and the engine's after, word for word", async () => {
    addTexts(rating);
    const before = $languagesLoaded.get();
    const ownKeys = [...keys(rating.en), ...keys(core.en)];
    const options = { value: 3.5, max: 5, label: 'Service', attribute: 'max', reason: 'not a number' };
    const shown = (lang: string) => ownKeys.map((key) => translator(lang)(key, options));

    const small = { en: shown('en'), de: shown('de'), fr: shown('fr-FR') };
    expect(small.en).toContain('3.5 out of 5 stars');
    expect(small.de).toContain('Service: 3.5 von 5 Sternen');
    expect(small.fr).toEqual(small.en); // a language the portal does not ship reads English
    // A text the element does not carry shows as missing, as the engine shows one.
    expect(translator('en')('dashboard.breadcrumbOf', { name: 'x' })).toBe('[Missing Translation]');

    const { loadLanguage } = await import('../../src/i18n');
    await loadLanguage('de');
    expect($languagesLoaded.get()).toBeGreaterThan(before);
    expect({ en: shown('en'), de: shown('de'), fr: shown('fr-FR') }).toEqual(small);
    expect(translator('en')('dashboard.breadcrumbOf', { name: 'x' })).not.toBe('[Missing Translation]');
  });

  it('come with every element entry: the engine, or texts of its own', () => {
    const entries = readdirSync(new URL('../../elements/', import.meta.url)).filter((f) => /^cx-[a-z-]+\.ts$/.test(f));
    // The rating carries its own texts; cx-filter shows nothing; cx-elements only loads the others.
    const standalone = ['cx-star-rating.ts', 'cx-filter.ts', 'cx-elements.ts'];
    const missing = entries.filter((f) => !standalone.includes(f) && !read(`elements/${f}`).includes("import '../src/i18n';"));
    expect(missing).toEqual([]);
  });
});
