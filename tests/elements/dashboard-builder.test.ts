import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { fixture, fixtureCleanup, html } from '@open-wc/testing-helpers';
import '../../elements/cx-dashboard-builder';
import type { BuilderFields, DashboardBody, DashboardDocument } from '../../src/api/dashboard-builder';
import type { VisualDefinition, VisualItem } from '../../src/api/visual-types';
import { json, realFetch, server, type Call } from './fake-server';
import { enterValue, shadow } from './helpers';
import { series } from './visual-fixtures';
import { setNavigator } from '../../src/stores/navigation';
import { filtersFor, type SmartFilter } from '../../src/stores/filters';

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  fixtureCleanup();
  realFetch();
  setNavigator(undefined);
  filtersFor('dashboard:visits-board').set({ dateChoice: 'Last7Days', customFrom: '', customTo: '', search: '', values: {} });
  localStorage.removeItem('cx.filters.dashboard:visits-board');
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

const gaugeOf = (name: string): VisualDefinition => ({ name, template: 'Gauge', width: 4, height: 2, templateBindings: { Header: 'NPS', Query: { kind: 'kpi', measure: 'nps' } } });
const placed = (...names: string[]): DashboardBody => ({ definitions: names.map(gaugeOf), layouts: { Default: names.map((name, i) => ({ name, x: i * 4, y: 0, w: 4, h: 2 })) } });

interface PortalOptions {
  /** Someone else saves a draft right after the builder loaded: a save from the older one is refused (409), known by its code or only by its words. */
  conflict?: 'code' | 'words';
  /** The first saves break on the server (500). */
  failSaves?: number;
  /** The first reads of the source's fields break (503). */
  failFields?: number;
  /** Published once (version 1, the body it started with). */
  published?: boolean;
}

/** A portal holding one dashboard (empty at first) that saves drafts and draws previews as the server does; and another dashboard. */
function portal(start: DashboardBody = { definitions: [], layouts: { Default: [] } }, { conflict, failSaves = 0, failFields = 0, published = false }: PortalOptions = {}) {
  const version = { version: 1, publishedAt: '2026-11-19T09:00:00', publishedBy: 'Ada Admin' };
  let doc = documentOf(start, published ? { publishedVersion: 1, published: start, versions: [version] } : {});
  let changedElsewhere = false;
  let saves = 0;
  const calls = server((method, path, call: Call) => {
    if (method === 'GET' && path === '/api/dashboards/visits-board') {
      const answer = json(doc);
      if (conflict && !changedElsewhere) {
        changedElsewhere = true;
        doc = { ...doc, draft: placed('theirs-1'), hasDraft: true, updatedAt: '2026-11-20T10:00:00' };
      }
      return answer;
    }
    if (method === 'GET' && path === '/api/dashboards/other-board') return json(documentOf({ definitions: [], layouts: { Default: [] } }, { id: 'other-board', name: 'Other board' }));
    if (method === 'GET' && path === '/api/dashboards/fields/visits') return failFields-- > 0 ? json({ title: 'ServiceUnavailable' }, 503) : json(FIELDS);
    if (method === 'POST' && path === '/api/dashboards/preview') {
      const { visual } = JSON.parse(call.body) as { visual: VisualDefinition };
      if (JSON.stringify(visual).includes('Gone')) return json({ message: 'The tile "gone-1" reads "Gone", which the data source no longer has.', column: 'Gone' }, 400);
      return json(drawn(visual));
    }
    if (method === 'POST' && path === '/api/smartdata/filters/visits') return json({ moduleId: 'visits', recordCount: 480, smartFilters: [] });
    if (method === 'PUT' && path.startsWith('/api/dashboards/')) {
      if (failSaves-- > 0) return json({ title: 'ServerError', message: 'Boom' }, 500);
      const { draft, draftOf } = JSON.parse(call.body) as { draft: DashboardBody; draftOf: string };
      if (draftOf < (doc.updatedAt ?? '')) return json(conflict === 'code' ? { message: 'Dieses Dashboard wurde an anderer Stelle geändert.', code: 'conflict' } : { message: 'This dashboard was changed elsewhere; reload it.' }, 409);
      doc = { ...doc, draft, hasDraft: true, updatedAt: `2026-11-20T1${changedElsewhere ? 1 : 0}:00:0${++saves}` };
      return json(doc);
    }
    if (method === 'POST' && path === '/api/dashboards/visits-board/versions/1/restore') {
      doc = { ...doc, draft: start, hasDraft: false, publishedVersion: 2, versions: [version, { ...version, version: 2 }], updatedAt: '2026-11-20T09:30:00' };
      return json(doc);
    }
    return undefined;
  });
  return calls;
}

const q = <T extends Element = HTMLElement>(el: Element, selector: string) => shadow(el).querySelector<T>(selector);
const button = (root: Element | ShadowRoot, name: string) => [...root.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name);
const focused = (el: Element) => shadow(el).activeElement as HTMLElement | null;
/** A gallery card's name: its button's text (the drawing beside it is hidden from assistive technology). */
const optionName = (o: Element | null) => (o?.classList.contains('card-choose') ? o.textContent : null);
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
  expect(focused(el)?.className).toBe('card-choose');
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

  it('should keep the local draft and say so when the dashboard was changed elsewhere (409)', async () => {
    const calls = portal(undefined, { conflict: 'words' });
    const el = await mount();
    await addGaugeByKeyboard(el);
    await expect.poll(() => q(el, '.conflict[role="alert"] p')?.textContent, { timeout: 4000 }).toBe('This dashboard was changed elsewhere. Keep your changes, or reload the newest draft?');
    expect(q(el, '.cell[data-tile="gauge-1"]')).not.toBeNull();
    expect(button(shadow(el), 'Keep mine')).toBeTruthy();
    expect(button(shadow(el), 'Reload theirs')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('should stay in the builder when the server breaks (5xx), keep the draft in this browser and save it with "Try again"', async () => {
    const moved: string[] = [];
    setNavigator((to) => moved.push(to));
    const calls = portal(undefined, { failSaves: 2 });
    const el = await mount();
    await addGaugeByKeyboard(el);
    await expect.poll(() => q(el, '.save-failed[role="alert"] p')?.textContent, { timeout: 4000 }).toBe('The draft could not be saved. The server could not do it just now. It is tried again shortly; your changes are kept in this browser.');
    expect(moved).toEqual([]);
    expect(JSON.parse(sessionStorage.getItem('cx.builder.visits-board')!).definitions.map((d: VisualDefinition) => d.name)).toEqual(['gauge-1']);
    // Publishing now would publish the server's older draft: it stops and says why.
    button(shadow(el), 'Publish')!.click();
    await expect.poll(() => q(el, '.builder-note')?.textContent).toBe('Not published: the draft could not be saved first.');
    expect(calls.filter((c) => c.path.endsWith('/publish'))).toHaveLength(0);
    button(shadow(el), 'Try again')!.click();
    await expect.poll(() => q(el, '.save-status')?.textContent).toBe('Draft saved');
    expect(q(el, '.save-failed')).toBeNull();
    expect(sessionStorage.getItem('cx.builder.visits-board')).toBeNull();
    await expect(el).to.be.accessible();
  });

  it('should offer back a draft this browser kept that was never saved', async () => {
    const kept: DashboardBody = { definitions: [gaugeOf('kept-1')], layouts: { Default: [{ name: 'kept-1', x: 0, y: 0, w: 4, h: 2 }] } };
    sessionStorage.setItem('cx.builder.visits-board', JSON.stringify(kept));
    const calls = portal();
    const el = await mount();
    await expect.poll(() => q(el, '.recovered p')?.textContent).toBe('This browser kept changes to this dashboard that were never saved.');
    button(shadow(el), 'Bring them back')!.click();
    await expect.poll(() => q(el, '.cell[data-tile="kept-1"]')).not.toBeNull();
    await expect.poll(() => calls.filter((c) => c.method === 'PUT').length, { timeout: 4000 }).toBe(1);
  });

  it('should ask before a restore replaces unpublished changes, restore after the save, and bring the draft back with Undo', async () => {
    const published: DashboardBody = { definitions: [gaugeOf('gauge-1')], layouts: { Default: [{ name: 'gauge-1', x: 0, y: 0, w: 4, h: 2 }] } };
    const calls = portal(published, { published: true });
    const el = await mount();
    await expect.poll(() => q(el, '.cell[data-tile="gauge-1"]')).not.toBeNull();
    button(shadow(el), 'Remove NPS')!.click();
    await expect.poll(() => q(el, '.cell[data-tile="gauge-1"]')).toBeNull();
    button(shadow(el), 'Versions')!.click();
    button(shadow(el), 'Restore this version')!.click();
    await expect.poll(() => q(el, 'dialog h2')?.textContent).toBe('Restore version 1?');
    expect(q(el, 'dialog p')?.textContent).toBe('Your unpublished changes will be replaced. Undo brings them back.');
    button(q(el, 'dialog')!, 'Restore this version')!.click();
    await expect.poll(() => q(el, '.cell[data-tile="gauge-1"]')).not.toBeNull();
    const order = calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    expect(order).toContain('POST /api/dashboards/visits-board/versions/1/restore');
    // The removal was saved before the restore, never after it.
    expect(order.at(-1)).toBe('POST /api/dashboards/visits-board/versions/1/restore');
    await expect.poll(() => q(el, '.builder-note')?.textContent).toBe('Version 1 restored.');
    button(shadow(el), 'Undo')!.click();
    await expect.poll(() => q(el, '.cell[data-tile="gauge-1"]')).toBeNull();
    await expect.poll(() => (JSON.parse(calls.filter((c) => c.method === 'PUT').at(-1)!.body) as { draft: DashboardBody }).draft.definitions, { timeout: 4000 }).toEqual([]);
  });

  it('should save the local draft over a newer one with "Keep mine", or load theirs with "Reload theirs" after asking (409 known by its code)', async () => {
    const calls = portal(undefined, { conflict: 'code' });
    const el = await mount();
    await addGaugeByKeyboard(el);
    await expect.poll(() => button(shadow(el), 'Keep mine'), { timeout: 4000 }).toBeTruthy();
    button(shadow(el), 'Keep mine')!.click();
    await expect.poll(() => q(el, '.save-status')?.textContent).toBe('Draft saved');
    const puts = calls.filter((c) => c.method === 'PUT').map((c) => JSON.parse(c.body) as { draftOf: string; draft: DashboardBody });
    expect(puts).toHaveLength(2);
    expect(puts[1].draftOf).toBe('2026-11-20T10:00:00');
    expect(puts[1].draft.definitions.map((d) => d.name)).toEqual(['gauge-1']);
  });

  it('should load the newer draft after asking, with "Reload theirs"', async () => {
    portal(undefined, { conflict: 'words' });
    const el = await mount();
    await addGaugeByKeyboard(el);
    await expect.poll(() => button(shadow(el), 'Reload theirs'), { timeout: 4000 }).toBeTruthy();
    button(shadow(el), 'Reload theirs')!.click();
    await expect.poll(() => q(el, 'dialog h2')?.textContent).toBe('Reload the newest draft?');
    button(q(el, 'dialog')!, 'Reload theirs')!.click();
    await expect.poll(() => q(el, '.cell[data-tile="theirs-1"]')).not.toBeNull();
    expect(q(el, '.cell[data-tile="gauge-1"]')).toBeNull();
    expect(button(shadow(el), 'Undo')!.disabled).toBe(true);
  });

  it('should never save one dashboard\'s tiles into another when its dashboard-id changes in place', async () => {
    const calls = portal();
    const el = await mount();
    await addGaugeByKeyboard(el);
    el.setAttribute('dashboard-id', 'other-board');
    await expect.poll(() => q(el, '.builder-toolbar h2')?.textContent).toBe('Other board');
    await new Promise((r) => setTimeout(r, 1200));
    expect(calls.filter((c) => c.method === 'PUT' && c.path.endsWith('/other-board'))).toEqual([]);
    expect(q(el, '.cell[data-tile="gauge-1"]')).toBeNull();
  });

  it('should say when the data source\'s fields cannot be read, and read them again with Retry', async () => {
    portal(undefined, { failFields: 1 });
    const el = await mount();
    await expect.poll(() => q(el, '.fields-problem p')?.textContent).toBe('The data source\'s fields could not be read. The server could not do it just now.');
    button(shadow(el), 'Add your first tile')!.click();
    await expect.poll(() => q(el, 'dialog .fields-problem')).not.toBeNull();
    button(q(el, 'dialog')!, 'Try again')!.click();
    await expect.poll(() => shadow(el).querySelectorAll('dialog .card-choose').length).toBeGreaterThan(0);
    expect(q(el, '.fields-problem')).toBeNull();
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

  it('should save the draft before "Open published dashboard" leaves', async () => {
    const calls = portal({ definitions: [gaugeOf('gauge-1')], layouts: { Default: [{ name: 'gauge-1', x: 0, y: 0, w: 4, h: 2 }] } }, { published: true });
    const el = await mount();
    const putsAtLeaving: number[] = [];
    const take = (e: Event) => {
      e.preventDefault();
      putsAtLeaving.push(calls.filter((c) => c.method === 'PUT').length);
    };
    document.addEventListener('cx-navigate', take);
    try {
      await expect.poll(() => button(shadow(el), 'Remove NPS')).toBeTruthy();
      button(shadow(el), 'Remove NPS')!.click();
      const link = () => [...shadow(el).querySelectorAll('a')].find((a) => a.textContent === 'Open published dashboard');
      await expect.poll(link).toBeTruthy();
      link()!.click();
      await expect.poll(() => putsAtLeaving).toEqual([1]);
    } finally {
      document.removeEventListener('cx-navigate', take);
    }
  });

  it('should speak German', async () => {
    portal();
    const el = await fixture(html`<cx-dashboard-builder dashboard-id="visits-board" lang="de"></cx-dashboard-builder>`);
    await expect.poll(() => q(el, '.builder-empty h3')?.textContent).toBe('Dieses Dashboard hat noch keine Kacheln.');
    for (const name of ['Kachel hinzufügen', 'Rückgängig', 'Wiederholen', 'Veröffentlichen', 'Versionen', 'Teilen', 'Erste Kachel hinzufügen']) expect(button(shadow(el), name), name).toBeTruthy();
    await expect(el).to.be.accessible();
  });
});
