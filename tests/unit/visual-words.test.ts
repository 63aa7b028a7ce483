import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en.json';
import de from '../../src/i18n/locales/de.json';
import type { BuilderFields } from '../../src/api/dashboard-builder';
import { TILE_TYPES, VISUAL_TYPES } from '../../src/api/visual-types';
import { measureChoices, measureName, settingsOf, starterOf } from '../../src/lib/visual-catalogue';
import { followMeasure } from '../../src/lib/visual-starters';
import { ENGLISH_WORDS, wordsIn } from '../../src/lib/visual-words';

/** The words tiles start with (issue 46): the builder's language, English where no translator is given (the server). */

const GERMAN = wordsIn(de.dashboardBuilder);
const FIELDS: BuilderFields = {
  moduleId: 'visits',
  name: 'Store visits',
  dateKey: 'VisitDate',
  reviews: true,
  fields: [
    { key: 'VisitDate', name: 'Besuchsdatum', typeName: 'DateTime', role: null, dimension: false },
    { key: 'Recommend', name: 'Empfehlung', typeName: 'Number', role: 'score', score: { kind: 'NPS', min: 0, max: 10 }, dimension: false },
    { key: 'Stars', name: 'Sterne', typeName: 'Number', role: 'score', score: { kind: 'Rating', min: 1, max: 5 }, dimension: false },
    { key: 'Spend', name: 'Ausgaben', typeName: 'Number', role: 'attribute', dimension: false },
    { key: 'Region', name: 'Region', typeName: 'String', role: 'dimension', dimension: true, values: ['Nord', 'Süd'] },
    { key: 'Channel', name: 'Kanal', typeName: 'String', role: 'dimension', dimension: true, values: ['Laden', 'Online'] },
    { key: 'Comment', name: 'Kommentar', typeName: 'String', role: 'verbatim', dimension: false },
  ],
};
/** Every text in a definition's bindings (titles, column headers, placeholders). */
const textsOf = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.flatMap(textsOf) : value && typeof value === 'object' ? Object.values(value).flatMap(textsOf) : [];
const header = (type: (typeof TILE_TYPES)[number], words = GERMAN) => starterOf(type, FIELDS, 'x', words)!.templateBindings.Header;

describe('the words of a new tile', () => {
  it('names every measure in the words given, one name for the select and the titles', () => {
    expect(measureChoices(FIELDS).map((m) => measureName(m, FIELDS, GERMAN))).toEqual(['NPS', 'Durchschnittliche Bewertung', 'Antworten', 'Durchschnitt Empfehlung', 'Durchschnitt Sterne', 'Durchschnitt Ausgaben', 'Anteil Nord', 'Anteil Süd', 'Anteil Laden', 'Anteil Online']);
    expect(measureName('average:Spend', FIELDS)).toBe('Average Ausgaben');
    expect(measureName('share:Channel=Online', FIELDS)).toBe('Online share');
    expect(measureName('stars', FIELDS)).toBe('Average rating');
  });

  it('starts German tiles with German titles, columns and placeholders', () => {
    expect(header('Gauge')).toBe('NPS');
    expect(header('MultiLineChart')).toBe('NPS im Zeitverlauf');
    expect(header('StackedArea')).toBe('Antworten im Zeitverlauf nach Region');
    expect(header('Donut')).toBe('Antworten nach Region');
    expect(header('StackedBar')).toBe('Antworten nach Region und Kanal');
    expect(header('MiniLineWithHero')).toBe('NPS und Verlauf');
    expect(header('MultiAxesLine')).toBe('NPS und Antworten im Zeitverlauf');
    expect(header('StackedColumnWithLine')).toBe('Antworten und NPS nach Kanal');
    expect(header('ReviewUpdates')).toBe('Aktualisierte Bewertungen');
    const table = starterOf('TableWithDeltaColumns', FIELDS, 'x', GERMAN)!;
    expect(textsOf(table.templateBindings.ColumnConfiguration)).toEqual(expect.arrayContaining(['Antworten', 'NPS', 'Veränderung NPS']));
    const comments = starterOf('OrderedListComments', FIELDS, 'x', GERMAN)!;
    expect(comments.templateBindings.Header).toBe('Neueste Kommentare');
    expect(textsOf(comments.templateBindings.DisplayFields)).toContain('Kein Kommentar');
    // No English word is left in any German starter's texts.
    const english = /\b(by|over time|and|Responses|Average|share|change|Latest|comment|trend)\b/;
    for (const type of VISUAL_TYPES) {
      const made = starterOf(type, FIELDS, 'x', GERMAN);
      if (made) for (const text of textsOf({ ...made.templateBindings, Query: null, ExtraSeries: null })) expect(text, type).not.toMatch(english);
    }
  });

  it('starts tiles in English without a translator (the server), as before', () => {
    const english = (type: (typeof TILE_TYPES)[number]) => starterOf(type, FIELDS, 'x')!.templateBindings.Header;
    expect(header('MultiLineChart', ENGLISH_WORDS)).toBe('NPS over time');
    expect(english('StackedBar')).toBe('Responses by Region and Kanal');
    expect(english('TableWithDeltaColumns')).toBe('NPS by Region');
    expect(english('ReviewFeed')).toBe('Review feed');
  });

  it('follows a new measure in the title in the words the tile was made in', () => {
    const line = starterOf('MultiLineChart', FIELDS, 'x', GERMAN)!;
    expect(followMeasure(line, 'nps', 'responses', FIELDS, GERMAN).Header).toBe('Antworten im Zeitverlauf');
    expect(followMeasure(line, 'nps', 'average:Spend', FIELDS, GERMAN).Header).toBe('Durchschnitt Ausgaben im Zeitverlauf');
    const english = starterOf('MultiLineChart', FIELDS, 'x')!;
    expect(followMeasure(english, 'nps', 'responses', FIELDS).Header).toBe('Responses over time');
  });
});

describe('the builder’s texts', () => {
  const has = (texts: Record<string, unknown>, path: string) => typeof path.split('.').reduce<unknown>((at, k) => (at as Record<string, unknown> | undefined)?.[k], texts) === 'string';
  it('name every tile type, display option and choice in English and German', () => {
    const keys = new Set<string>();
    for (const type of TILE_TYPES) {
      keys.add(`types.${type}`);
      for (const option of settingsOf(type).display) {
        if (option.key !== 'Header') keys.add(`display.${option.key}`);
        if (option.kind === 'choice') for (const c of option.choices ?? []) keys.add(`choices.${c}`);
      }
    }
    for (const [lang, texts] of [['en', en.dashboardBuilder], ['de', de.dashboardBuilder]] as const) {
      expect([...keys].filter((k) => !has(texts, k)), lang).toEqual([]);
    }
  });
});
