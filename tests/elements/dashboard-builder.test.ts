import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { fixture, fixtureCleanup, html } from '@open-wc/testing-helpers';
import '../../elements/cx-dashboard-builder';
import type { BuilderFields, DashboardBody, DashboardDocument } from '../../src/api/dashboard-builder';
import type { VisualDefinition, VisualItem } from '../../src/api/visual-types';
import { json, realFetch, server, type Call } from './fake-server';
import { enterValue, shadow } from './helpers';
import { series } from './visual-fixtures';

afterEach(() => {
  fixtureCleanup();
  realFetch();
  vi.restoreAllMocks();
});

const FIELDS: BuilderFields = {
  moduleId: 'visits',
  name: 'Store visits',
  dateKey: 'VisitDate',
  reviews: false,
  fields: [
    { key: 'VisitDate', name: 'Visit date', typeName: 'DateTime', role: null, dimension: false },
    { key: 'Recommend', name: 'How likely are you to recommend us?', typeName: 'Number', role: 'score', score: { kind: 'NPS', min: 0, max: 10 }, dimension: false },
    { key: 'Region', name: 'Region', typeName: 'String', role: 'dimension', dimension: true, values: ['North', 'South', 'East', 'West'] },
    { key: 'Channel', name: 'Channel', typeName: 'String', role: 'dimension', dimension: true, values: ['In store', 'Click and collect'] },
    { key: 'Comment', name: 'Tell us more', typeName: 'String', role: 'verbatim', dimension: false },
  ],
};

function documentOf(draft: DashboardBody, over: Partial<DashboardDocument> = {}): DashboardDocument {
  return {
    id: 'visits-board', name: 'Store visits', description: '', moduleId: 'visits', moduleName: 'Store visits', ownerId: 'u1', publishedVersion: null, hasDraft: false,
    updatedAt: '2026-11-20T09:00:00', url: '/dashboard/visits-board/', mayEdit: true, draft, published: null, versions: [], everyone: false, shares: [], mayShare: true, ...over,
  };
}

/** What the fake server draws for a measure: NPS 32 %, responses 0.5 (drawn as 50 %), anything else 10 %. */
const VALUES: Record<string, number> = { nps: 0.32, responses: 0.5 };

function drawn(visual: VisualDefinition): VisualItem {
  const q = visual.templateBindings.Query;
  const measure = 'measure' in q ? q.measure : 'responses';
  const val = VALUES[measure] ?? 0.1;
  const content = q.kind === 'breakdown' ? ['North', 'South'].map((n) => ({ Name: n, key: n, data: [{ Name: n, Key: n, Val: val, ValForDelta: null }] })) : [{ Name: measure, key: measure, data: [{ Name: measure, Key: measure, Val: val, ValForDelta: 0.2 }] }];
  const text = (content: string) => ({ content });
  return { name: visual.name, template: visual.template, totalRecordCount: 480, primary: { header: text(String(visual.templateBindings.Header ?? '')), subHeader: text(''), heroLabel: text(''), data: series(content) } };
}

/** A portal holding one dashboard (empty at first) that saves drafts and draws previews as the server does. */
function portal(start: DashboardBody = { definitions: [], layouts: { Default: [] } }, { conflict = false } = {}) {
  let doc = documentOf(start);
  let saves = 0;
  const calls = server((method, path, call: Call) => {
    if (method === 'GET' && path === '/api/dashboards/visits-board') return json(doc);
    if (method === 'GET' && path === '/api/dashboards/fields/visits') return json(FIELDS);
    if (method === 'POST' && path === '/api/dashboards/preview') {
      const { visual } = JSON.parse(call.body) as { visual: VisualDefinition };
      if (JSON.stringify(visual).includes('Gone')) return json({ message: 'The tile "gone-1" reads "Gone", which the data source no longer has.', column: 'Gone' }, 400);
      return json(drawn(visual));
    }
    if (method === 'PUT' && path === '/api/dashboards/visits-board') {
      if (conflict) return json({ message: 'This dashboard was changed elsewhere; reload it.' }, 409);
      const { draft } = JSON.parse(call.body) as { draft: DashboardBody };
      doc = { ...doc, draft, hasDraft: true, updatedAt: `2026-11-20T09:00:0${++saves}` };
      return json(doc);
    }
    return undefined;
  });
  return calls;
}

const q = <T extends Element = HTMLElement>(el: Element, selector: string) => shadow(el).querySelector<T>(selector);
const button = (root: Element | ShadowRoot, name: string) => [...root.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name);
const focused = (el: Element) => shadow(el).activeElement as HTMLElement | null;
/** An option's name: its text, less the drawing hidden from assistive technology. */
const optionName = (o: Element | null) => o?.querySelector('.card-name')?.textContent ?? null;
const previews = (calls: Call[]) => calls.filter((c) => c.path === '/api/dashboards/preview').map((c) => (JSON.parse(c.body) as { visual: VisualDefinition }).visual);
const tileText = (el: Element, name: string) => q(el, `.cell[data-tile="${name}"] .tile`)?.textContent ?? '';

async function mount() {
  const el = await fixture(html`<cx-dashboard-builder dashboard-id="visits-board"></cx-dashboard-builder>`);
  await expect.poll(() => q(el, '.builder-toolbar h2')?.textContent).toBe('Store visits');
  return el;
}

/** Adds a gauge with the keyboard alone: the empty grid's button, the gallery's first card, Enter. */
async function addGaugeByKeyboard(el: Element) {
  await expect.poll(() => button(shadow(el), 'Add your first tile')).toBeTruthy();
  button(shadow(el), 'Add your first tile')!.focus();
  await userEvent.keyboard('{Enter}');
  const dialog = () => q<HTMLDialogElement>(el, 'dialog');
  await expect.poll(() => dialog()?.open).toBe(true);
  await expect.poll(() => optionName(focused(el))).toBe('Gauge');
  await userEvent.keyboard('{ArrowRight}');
  expect(focused(el)?.getAttribute('role')).toBe('option');
  expect(optionName(focused(el))).not.toBe('Gauge');
  await userEvent.keyboard('{ArrowLeft}');
  expect(optionName(focused(el))).toBe('Gauge');
  await userEvent.keyboard('{Enter}');
  await expect.poll(() => dialog()).toBeNull();
}

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
    const names = [...shadow(el).querySelectorAll('[role="option"]')].map(optionName);
    expect(names).toContain('Gauge');
    expect(names).toContain('Comments');
    // No rating score, no reviews: no star rating and no review tiles.
    expect(names).not.toContain('Star rating');
    expect(names).not.toContain('Review feed');
    await expect.poll(() => previews(calls).length).toBe(names.length);
    await expect.poll(() => q(el, '[role="option"][data-type="Gauge"] .tile')?.textContent).toContain('32.0%');
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
  });

  it('should duplicate and remove tiles, and say on a tile that its column is gone', async () => {
    const gone: VisualDefinition = { name: 'gone-1', template: 'Donut', width: 4, height: 3, templateBindings: { Header: 'By gone', Query: { kind: 'breakdown', measure: 'responses', axisKey: 'Gone' } } };
    portal({ definitions: [gone], layouts: { Default: [{ name: 'gone-1', x: 0, y: 0, w: 4, h: 3 }] } });
    const el = await mount();
    await expect.poll(() => q(el, '.cell[data-tile="gone-1"] [role="alert"]')?.textContent).toContain('This tile reads “Gone”, which the data source no longer has.');
    button(shadow(el), 'Duplicate By gone')!.click();
    await expect.poll(() => q(el, '.cell[data-tile="gone-2"] h2')?.textContent).toBe('By gone (copy)');
    expect(q(el, '.cell[data-tile="gone-2"]')?.style.gridColumn).toBe('5 / span 4');
    button(shadow(el), 'Remove By gone')!.click();
    await expect.poll(() => q(el, '.cell[data-tile="gone-1"]')).toBeNull();
    expect(q(el, '.builder-note')?.textContent).toBe('By gone removed. Undo brings it back.');
    await expect(el).to.be.accessible();
  });

  it('should keep the local draft and say so when the dashboard was changed elsewhere (409)', async () => {
    const calls = portal(undefined, { conflict: true });
    const el = await mount();
    await addGaugeByKeyboard(el);
    await expect.poll(() => q(el, '.conflict[role="alert"] p')?.textContent, { timeout: 4000 }).toBe('This dashboard was changed elsewhere. Reload to see the newest draft.');
    expect(q(el, '.cell[data-tile="gauge-1"]')).not.toBeNull();
    expect(button(shadow(el), 'Reload')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('should speak German', async () => {
    portal();
    const el = await fixture(html`<cx-dashboard-builder dashboard-id="visits-board" lang="de"></cx-dashboard-builder>`);
    await expect.poll(() => q(el, '.builder-empty h3')?.textContent).toBe('Dieses Dashboard hat noch keine Kacheln.');
    for (const name of ['Kachel hinzufügen', 'Rückgängig', 'Wiederholen', 'Veröffentlichen', 'Versionen', 'Teilen', 'Erste Kachel hinzufügen']) expect(button(shadow(el), name), name).toBeTruthy();
    await expect(el).to.be.accessible();
  });
});
