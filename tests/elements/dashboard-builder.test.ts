import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { fixture, html } from '@open-wc/testing-helpers';
import '../../elements/cx-dashboard-builder';
import type { DashboardBody } from '../../src/api/dashboard-builder';
import type { VisualDefinition } from '../../src/api/visual-types';
import type { SmartFilter } from '../../src/stores/filters';
import { enterValue, shadow } from './helpers';
import { filtersFor } from '../../src/stores/filters';
import * as h from './builder-harness';

h.builderHooks();
const { gaugeOf, portal, q, button, focused, optionName, previews, tileText, mount, addGaugeByKeyboard } = h;

describe('<cx-dashboard-builder>', () => {
  it('should invite the first tile on an empty grid, accessibly', async () => {
    portal();
    const el = await mount();
    expect(q(el, '.builder-empty h3')?.textContent).toBe('This dashboard has no tiles yet.');
    expect(button(shadow(el), 'Add your first tile')).toBeTruthy();
    for (const name of ['Add tile', 'Undo', 'Redo', 'Publish', 'Versions', 'Share']) expect(button(shadow(el), name), name).toBeTruthy();
    expect(button(shadow(el), 'Undo')!.disabled).toBe(true);
    expect(q(el, '.save-status')?.textContent).toBe('Draft saved');
    await expect(el).to.be.accessible();
  });

  it('should offer only the visual types the source can feed, each a live preview, in a dialog named "Add a tile"', async () => {
    const calls = portal();
    const el = await mount();
    button(shadow(el), 'Add tile')!.click();
    await expect.poll(() => q(el, 'dialog')?.getAttribute('aria-labelledby')).toBe('gallery-title');
    expect(q(el, '#gallery-title')?.textContent).toBe('Add a tile');
    const names = [...shadow(el).querySelectorAll('.card-choose')].map(optionName);
    expect(names).toContain('Gauge');
    expect(names).toContain('Comments');
    // No rating score, no reviews: no star rating and no review tiles.
    expect(names).not.toContain('Star rating');
    expect(names).not.toContain('Review feed');
    await expect.poll(() => previews(calls).length).toBe(names.length);
    await expect.poll(() => q(el, '.card[data-type="Gauge"] .tile')?.textContent).toContain('32.0%');
    await expect(el).to.be.accessible();
    button(shadow(el), 'Close')!.click();
    await expect.poll(() => q(el, 'dialog')).toBeNull();
  });

  it('should add a tile with the keyboard alone, open its settings, follow a new measure, undo, redo and save the draft', async () => {
    const calls = portal();
    const el = await mount();
    await addGaugeByKeyboard(el);

    // Placed at the first free spot, its settings open with the focus in them.
    await expect.poll(() => q(el, '.cell[data-tile="gauge-1"]')?.style.gridColumn).toBe('1 / span 4');
    await expect.poll(() => focused(el)?.textContent).toBe('Tile settings');
    const panel = q(el, 'section[aria-labelledby="tile-settings-title"]')!;
    expect(button(shadow(el), 'Move NPS')).toBeTruthy();
    expect(button(shadow(el), 'Resize NPS')).toBeTruthy();
    await expect.poll(() => tileText(el, 'gauge-1')).toContain('32.0%');

    // A new measure: a new preview with it, and the new value on the tile.
    const measure = [...panel.querySelectorAll('label')].find((l) => l.firstChild?.textContent === 'Measure')!.querySelector('select')!;
    expect(measure.value).toBe('nps');
    const before = previews(calls).length;
    enterValue(measure, 'responses');
    await expect.poll(() => previews(calls).slice(before).map((v) => v.templateBindings.Query)).toEqual([{ kind: 'kpi', measure: 'responses' }]);
    await expect.poll(() => tileText(el, 'gauge-1')).toContain('50.0%');

    // Undo puts the measure back (and its figure); redo brings the new one again.
    button(shadow(el), 'Undo')!.click();
    await expect.poll(() => measure.value).toBe('nps');
    await expect.poll(() => tileText(el, 'gauge-1')).toContain('32.0%');
    button(shadow(el), 'Redo')!.click();
    await expect.poll(() => measure.value).toBe('responses');
    await expect.poll(() => tileText(el, 'gauge-1')).toContain('50.0%');

    // The draft is saved once the changes stop, from the draft it was edited from.
    await expect.poll(() => calls.filter((c) => c.method === 'PUT').length, { timeout: 4000 }).toBe(1);
    const put = JSON.parse(calls.find((c) => c.method === 'PUT')!.body) as { draft: DashboardBody; draftOf: string };
    expect(put.draftOf).toBe('2026-11-20T09:00:00');
    expect(put.draft.definitions.map((d) => d.templateBindings.Query)).toEqual([{ kind: 'kpi', measure: 'responses' }]);
    expect(put.draft.layouts.Default).toEqual([{ name: 'gauge-1', x: 0, y: 0, w: 4, h: 2 }]);
    await expect.poll(() => q(el, '.save-status')?.textContent).toBe('Draft saved');
    await expect(el).to.be.accessible();
  });

  it('should undo and redo with the keyboard, and move and resize a tile with the arrow keys', async () => {
    portal();
    const el = await mount();
    await addGaugeByKeyboard(el);
    await expect.poll(() => button(shadow(el), 'Resize NPS')).toBeTruthy();
    button(shadow(el), 'Resize NPS')!.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowDown}');
    await expect.poll(() => q(el, '.cell[data-tile="gauge-1"]')?.style.gridColumn).toBe('1 / span 6');
    expect(q(el, '.cell[data-tile="gauge-1"]')?.style.gridRow).toBe('1 / span 3');
    button(shadow(el), 'Move NPS')!.focus();
    await userEvent.keyboard('{ArrowRight}{Shift>}{ArrowLeft}{/Shift}');
    await expect.poll(() => q(el, '.cell[data-tile="gauge-1"]')?.style.gridColumn).toBe('2 / span 5');
    await userEvent.keyboard('{Control>}z{/Control}');
    await expect.poll(() => q(el, '.cell[data-tile="gauge-1"]')?.style.gridColumn).toBe('2 / span 6');
    await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    await expect.poll(() => q(el, '.cell[data-tile="gauge-1"]')?.style.gridColumn).toBe('2 / span 5');
    // With the gallery open, Ctrl+Z does not change the draft behind it.
    button(shadow(el), 'Add tile')!.click();
    await expect.poll(() => optionName(focused(el))).toBe('Gauge');
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(q(el, '.cell[data-tile="gauge-1"]')?.style.gridColumn).toBe('2 / span 5');
    expect(button(shadow(el), 'Redo')!.disabled).toBe(true);
  });

  it('should duplicate and remove tiles, and say on a tile that its column is gone', async () => {
    const gone: VisualDefinition = { name: 'gone-1', template: 'Donut', width: 4, height: 3, templateBindings: { Header: 'By gone', Query: { kind: 'breakdown', measure: 'responses', axisKey: 'Gone' } } };
    portal({ definitions: [gone], layouts: { Default: [{ name: 'gone-1', x: 0, y: 0, w: 4, h: 3 }] } });
    const el = await mount();
    await expect.poll(() => q(el, '.cell[data-tile="gone-1"] .problem')?.textContent).toContain('This tile reads “Gone”, which the data source no longer has.');
    // One summary is read out, not an alert per tile.
    await expect.poll(() => [...shadow(el).querySelectorAll('[role="status"]')].some((s) => s.textContent === '1 tile cannot be drawn.')).toBe(true);
    expect(shadow(el).querySelectorAll('.grid [role="alert"]')).toHaveLength(0);
    button(shadow(el), 'Duplicate By gone')!.click();
    await expect.poll(() => q(el, '.cell[data-tile="gone-2"] h2')?.textContent).toBe('By gone (copy)');
    expect(q(el, '.cell[data-tile="gone-2"]')?.style.gridColumn).toBe('5 / span 4');
    button(shadow(el), 'Remove By gone')!.click();
    await expect.poll(() => q(el, '.cell[data-tile="gone-1"]')).toBeNull();
    await expect.poll(() => q(el, '.builder-note')?.textContent).toBe('By gone removed. Undo brings it back.');
    await expect(el).to.be.accessible();
  });

  it('should make a typed title one undo step, and move the focus sensibly after close, duplicate and remove', async () => {
    portal();
    const el = await mount();
    await addGaugeByKeyboard(el);
    await expect.poll(() => focused(el)?.textContent).toBe('Tile settings');
    const title = [...shadow(el).querySelectorAll('label')].find((l) => l.firstChild?.textContent === 'Title')!.querySelector('input')!;
    title.focus();
    await userEvent.keyboard('{Control>}a{/Control}Visits');
    await expect.poll(() => q(el, '.cell[data-tile="gauge-1"] h2')?.textContent).toBe('Visits');
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => focused(el)?.getAttribute('aria-label')).toBe('Settings for Visits');
    button(shadow(el), 'Undo')!.click();
    await expect.poll(() => q(el, '.cell[data-tile="gauge-1"] h2')?.textContent).toBe('NPS');
    button(shadow(el), 'Undo')!.click();
    await expect.poll(() => q(el, '.cell[data-tile="gauge-1"]')).toBeNull();
    button(shadow(el), 'Redo')!.click();
    await expect.poll(() => q(el, '.cell[data-tile="gauge-1"]')).not.toBeNull();

    button(shadow(el), 'Duplicate NPS')!.click();
    await expect.poll(() => focused(el)?.getAttribute('aria-label')).toBe('Settings for NPS (copy)');
    await expect.poll(() => q(el, '.builder-note')?.textContent).toBe('NPS (copy) added.');
    button(shadow(el), 'Remove NPS')!.click();
    await expect.poll(() => focused(el)?.getAttribute('aria-label')).toBe('Settings for NPS (copy)');
    button(shadow(el), 'Remove NPS (copy)')!.click();
    await expect.poll(() => focused(el)?.textContent).toBe('Add your first tile');
  });

  it('should stop at 60 tiles: Add tile and Duplicate are disabled, with the reason', async () => {
    const many = Array.from({ length: 60 }, (_, i) => gaugeOf(`gauge-${i + 1}`));
    portal({ definitions: many, layouts: { Default: many.map((d, i) => ({ name: d.name, x: (i % 3) * 4, y: Math.floor(i / 3) * 2, w: 4, h: 2 })) } });
    const el = await mount();
    await expect.poll(() => q(el, '#builder-full')?.textContent).toBe('A dashboard holds at most 60 tiles. Remove one to add another.');
    expect(button(shadow(el), 'Add tile')!.disabled).toBe(true);
    expect(button(shadow(el), 'Duplicate NPS')!.disabled).toBe(true);
  });

  it('should draw previews only when what the server reads changed: not for a display option, an undo or a tile chosen from the gallery', async () => {
    const calls = portal();
    const el = await mount();
    await addGaugeByKeyboard(el);
    // The gallery drew the gauge already: the new tile takes that drawing.
    const drawnBefore = previews(calls).length;
    await expect.poll(() => tileText(el, 'gauge-1')).toContain('32.0%');
    expect(previews(calls).length).toBe(drawnBefore);
    const measure = [...shadow(el).querySelectorAll('label')].find((l) => l.firstChild?.textContent === 'Measure')!.querySelector('select')!;
    enterValue(measure, 'responses');
    await expect.poll(() => previews(calls).length).toBe(drawnBefore + 1);
    button(shadow(el), 'Undo')!.click();
    await expect.poll(() => tileText(el, 'gauge-1')).toContain('32.0%');
    const display = shadow(el).querySelector<HTMLInputElement>('.tile-settings fieldset input[type="checkbox"]');
    display?.click();
    await new Promise((r) => setTimeout(r, 500));
    expect(previews(calls).length).toBe(drawnBefore + 1);
  });

  it('should draw the previews for the period chosen in the builder\'s filter bar, the dashboard\'s own', async () => {
    const calls = portal();
    const el = await mount();
    await addGaugeByKeyboard(el);
    await expect.poll(() => q(el, 'section.bar')?.getAttribute('aria-label')).toBe('Filters: Store visits');
    const before = previews(calls).length;
    filtersFor('dashboard:visits-board').setKey('dateChoice', 'Last30Days');
    await expect.poll(() => previews(calls).length).toBe(before + 1);
    const last = calls.filter((c) => c.path === '/api/dashboards/preview').at(-1)!;
    const date = (JSON.parse(last.body) as { smartFilters: SmartFilter[] }).smartFilters.find((f) => f.filterKey === 'VisitDate')!;
    expect(Date.parse(String(date.filterValueUpperBound)) - Date.parse(String(date.filterValue))).toBeGreaterThan(20 * 86_400_000);
  });

  it('should give a tile filters of its own, a dimension and one of its values each, and redraw it with them', async () => {
    const calls = portal();
    const el = await mount();
    await addGaugeByKeyboard(el);
    const panel = () => q(el, 'section[aria-labelledby="tile-settings-title"]')!;
    await expect.poll(() => focused(el)?.textContent).toBe('Tile settings');
    button(panel(), 'Add a filter')!.click();
    const select = (label: string) => [...panel().querySelectorAll('label')].find((l) => l.firstChild?.textContent === label)!.querySelector('select')!;
    await expect.poll(() => select('Filter by')?.value).toBe('Region');
    expect(select('Value').value).toBe('North');
    await expect.poll(() => focused(el)).toBe(select('Filter by'));
    await expect.poll(() => previews(calls).at(-1)?.templateBindings.Filters).toEqual([{ filterKey: 'Region', filterValue: 'North' }]);
    enterValue(select('Filter by'), 'Channel');
    await expect.poll(() => select('Value').value).toBe('In store');
    enterValue(select('Value'), 'Click and collect');
    await expect.poll(() => previews(calls).at(-1)?.templateBindings.Filters).toEqual([{ filterKey: 'Channel', filterValue: 'Click and collect' }]);
    await expect(el).to.be.accessible();
    button(panel(), 'Remove filter')!.click();
    await expect.poll(() => focused(el)?.textContent).toBe('Add a filter');
    // Without filters it draws as it did before them (that drawing is kept: nothing is asked again), and the draft has none.
    await expect.poll(() => tileText(el, 'gauge-1')).toContain('32.0%');
    const saved = () => (JSON.parse(calls.filter((c) => c.method === 'PUT').at(-1)?.body ?? 'null') as { draft: DashboardBody } | null)?.draft.definitions[0].templateBindings ?? 'not saved yet';
    await expect.poll(() => saved(), { timeout: 4000 }).not.toBe('not saved yet');
    expect(saved()).not.toHaveProperty('Filters');
  });

  it('should speak German', async () => {
    portal();
    const el = await fixture(html`<cx-dashboard-builder dashboard-id="visits-board" lang="de"></cx-dashboard-builder>`);
    await expect.poll(() => q(el, '.builder-empty h3')?.textContent).toBe('Dieses Dashboard hat noch keine Kacheln.');
    for (const name of ['Kachel hinzufügen', 'Rückgängig', 'Wiederholen', 'Veröffentlichen', 'Versionen', 'Teilen', 'Erste Kachel hinzufügen']) expect(button(shadow(el), name), name).toBeTruthy();
    await expect(el).to.be.accessible();
  });
});
