import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { fixture, fixtureCleanup } from '@open-wc/testing-helpers';
import './settings-harness';
import type { BuilderFields } from '../../src/api/dashboard-builder';
import type { VisualDefinition } from '../../src/api/visual-types';
import { starterOf } from '../../src/lib/visual-catalogue';
import { wordsIn } from '../../src/lib/visual-words';
import de from '../../src/i18n/locales/de.json';
import { enterValue, shadow } from './helpers';

afterEach(() => fixtureCleanup());

const FIELDS: BuilderFields = {
  moduleId: 'visits',
  name: 'Store visits',
  dateKey: 'VisitDate',
  reviews: false,
  fields: [
    { key: 'VisitDate', name: 'Visit date', typeName: 'DateTime', role: null, dimension: false },
    { key: 'Recommend', name: 'Recommend', typeName: 'Number', role: 'score', score: { kind: 'NPS', min: 0, max: 10 }, dimension: false },
    { key: 'Region', name: 'Region', typeName: 'String', role: 'dimension', dimension: true, values: ['North', 'South'] },
    { key: 'Comment', name: 'Comment', typeName: 'String', role: 'verbatim', dimension: false },
  ],
};
type Harness = HTMLElement & { definition: VisualDefinition; fields: BuilderFields };

/** The settings of `definition`, and the definitions its changes give. */
async function mount(definition: VisualDefinition, lang = 'en') {
  const el = (await fixture(`<cx-test-settings lang="${lang}"></cx-test-settings>`)) as Harness;
  const changes: VisualDefinition[] = [];
  el.addEventListener('cx-edited', (e) => changes.push((e as CustomEvent<VisualDefinition>).detail));
  el.fields = FIELDS;
  el.definition = definition;
  await expect.poll(() => shadow(el).querySelector('.tile-settings')).toBeTruthy();
  return { el, changes };
}
const field = (el: Element, label: string) => [...shadow(el).querySelectorAll('label')].find((l) => l.firstChild?.textContent === label)!.querySelector<HTMLInputElement | HTMLSelectElement>('input, select')!;
const errorOf = (el: Element, input: Element) => (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => shadow(el).getElementById(id)).find((e) => e?.classList.contains('field-error'))?.textContent ?? null;
/** Types into the field as a user does: everything selected first, then the keys. */
async function typeOver(input: HTMLInputElement, keys: string) {
  input.focus();
  input.select();
  await userEvent.keyboard(keys);
}

const gauge = () => starterOf('Gauge', FIELDS, 'gauge-1')!;
const bindings = (changes: VisualDefinition[]) => changes.map((c) => c.templateBindings);

describe('a tile’s number settings', () => {
  it('should take a number typed key by key, saying why a value on the way is out of range', async () => {
    const { el, changes } = await mount(gauge());
    const size = field(el, 'Size') as HTMLInputElement;
    expect(size.value).toBe('40');
    await typeOver(size, '5');
    // "5" on the way to "50" stays, said to be out of range, and is not taken.
    expect(size.value).toBe('5');
    expect(size.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(el, size)).toBe('Enter a number from 10 to 100.');
    expect(changes).toEqual([]);
    await expect(el).to.be.accessible();
    await userEvent.keyboard('0');
    await expect.poll(() => bindings(changes).at(-1)?.Size).toBe(50);
    expect(size.value).toBe('50');
    expect(size.hasAttribute('aria-invalid')).toBe(false);
    expect(errorOf(el, size)).toBeNull();
    expect(changes).toHaveLength(1);
  });

  it('should take a negative number typed with its minus first', async () => {
    const { el, changes } = await mount(gauge());
    const lowest = field(el, 'Lowest value') as HTMLInputElement;
    await typeOver(lowest, '-');
    expect(lowest.hasAttribute('aria-invalid')).toBe(false);
    await userEvent.keyboard('0.5');
    await expect.poll(() => bindings(changes).at(-1)?.LowerBound).toBe(-0.5);
    expect(lowest.value).toBe('-0.5');
  });

  it('should take Top as a whole number, empty for all, and show a value from outside (an undo)', async () => {
    const donut = starterOf('Donut', FIELDS, 'donut-1')!;
    const { el, changes } = await mount(donut);
    const top = field(el, 'Top') as HTMLInputElement;
    await typeOver(top, '60');
    expect(errorOf(el, top)).toBe('Enter a whole number from 1 to 50.');
    expect(top.getAttribute('aria-describedby')?.split(' ')).toHaveLength(2);
    // The "6" on the way fitted and was taken; 60 is not.
    expect(changes.map((c) => (c.templateBindings.Query as { top?: number }).top)).toEqual([6]);
    await typeOver(top, '5');
    await expect.poll(() => (bindings(changes).at(-1)?.Query as { top?: number }).top).toBe(5);
    await typeOver(top, '{Backspace}');
    await expect.poll(() => (bindings(changes).at(-1)?.Query as { top?: number }).top).toBeUndefined();
    // Undone from outside: the field shows the definition's value again, without an error.
    const comments = starterOf('OrderedListComments', FIELDS, 'list-1')!;
    const list = await mount(comments);
    const shown = field(list.el, 'Comments shown') as HTMLInputElement;
    await typeOver(shown, '0');
    expect(errorOf(list.el, shown)).toBe('Enter a whole number from 1 to 100.');
    list.el.definition = { ...comments, templateBindings: { ...comments.templateBindings, Query: { kind: 'comments', fields: ['Comment'], limit: 7 } } };
    await expect.poll(() => shown.value).toBe('7');
    expect(errorOf(list.el, shown)).toBeNull();
  });

  it('should say it in German', async () => {
    const { el } = await mount(gauge(), 'de');
    const size = field(el, 'Größe') as HTMLInputElement;
    await typeOver(size, '5');
    expect(errorOf(el, size)).toBe('Geben Sie eine Zahl von 10 bis 100 ein.');
  });
});

describe('a tile’s measure in German', () => {
  it('should name the measures in German and follow a new one in the German title', async () => {
    const line = starterOf('MultiLineChart', FIELDS, 'line-1', wordsIn(de.dashboardBuilder))!;
    expect(line.templateBindings.Header).toBe('NPS im Zeitverlauf');
    const { el, changes } = await mount(line, 'de');
    const measure = field(el, 'Kennzahl') as HTMLSelectElement;
    expect([...measure.options].map((o) => o.text)).toEqual(['NPS', 'Antworten', 'Durchschnitt Recommend', 'Anteil North', 'Anteil South']);
    enterValue(measure, 'responses');
    await expect.poll(() => bindings(changes).at(-1)?.Header).toBe('Antworten im Zeitverlauf');
    expect(field(el, 'Titel').value).toBe('Antworten im Zeitverlauf');
  });
});

describe('a tile’s subheading', () => {
  it('should be offered in words: the periods, none, or a text of one’s own', async () => {
    const { el, changes } = await mount(gauge());
    const kind = field(el, 'Subheading') as HTMLSelectElement;
    expect(kind.value).toBe('DataPeriod');
    expect([...kind.options].map((o) => o.textContent)).toEqual(['The period shown and the one compared', 'None', 'A text of my own']);
    kind.value = 'none';
    kind.dispatchEvent(new Event('change', { bubbles: true }));
    // No subheading: the setting leaves the tile (its default is none).
    await expect.poll(() => changes.length).toBe(1);
    expect(bindings(changes)[0]).not.toHaveProperty('SubHeader');
    kind.value = 'own';
    kind.dispatchEvent(new Event('change', { bubbles: true }));
    await expect.poll(() => field(el, 'Subheading text')).toBeTruthy();
    await typeOver(field(el, 'Subheading text') as HTMLInputElement, 'Stores in the north');
    await expect.poll(() => bindings(changes).at(-1)?.SubHeader).toBe('Stores in the north');
    await expect(el).to.be.accessible();
  });
});
