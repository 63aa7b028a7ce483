// The builder's element tests share this: a fake portal holding one dashboard that saves drafts and draws
// previews as the server does, the source's fields, and ways to read and drive the element.
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { fixture, fixtureCleanup, html } from '@open-wc/testing-helpers';
import '../../elements/cx-dashboard-builder';
import type { BuilderFields, DashboardBody, DashboardDocument } from '../../src/api/dashboard-builder';
import type { VisualDefinition, VisualItem } from '../../src/api/visual-types';
import { json, realFetch, server, type Call } from './fake-server';
import { shadow } from './helpers';
import { series } from './visual-fixtures';
import { setNavigator } from '../../src/stores/navigation';
import { filtersFor } from '../../src/stores/filters';

export function builderHooks() {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    fixtureCleanup();
    realFetch();
    setNavigator(undefined);
    filtersFor('dashboard:visits-board').set({ dateChoice: 'Last7Days', customFrom: '', customTo: '', search: '', values: {} });
    localStorage.removeItem('cx.filters.dashboard:visits-board');
    vi.restoreAllMocks();
  });
}


export const FIELDS: BuilderFields = {
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

export function documentOf(draft: DashboardBody, over: Partial<DashboardDocument> = {}): DashboardDocument {
  return {
    id: 'visits-board', name: 'Store visits', description: '', moduleId: 'visits', moduleName: 'Store visits', ownerId: 'u1', publishedVersion: null, hasDraft: false,
    updatedAt: '2026-11-20T09:00:00', url: '/dashboard/visits-board/', mayEdit: true, draft, published: null, versions: [], everyone: false, shares: [], mayShare: true, ...over,
  };
}

/** What the fake server draws for a measure: NPS 32 %, responses 0.5 (drawn as 50 %), anything else 10 %. */
export const VALUES: Record<string, number> = { nps: 0.32, responses: 0.5 };

export function drawn(visual: VisualDefinition): VisualItem {
  const q = visual.templateBindings.Query;
  const measure = 'measure' in q ? q.measure : 'responses';
  const val = VALUES[measure] ?? 0.1;
  const content = q.kind === 'breakdown' ? ['North', 'South'].map((n) => ({ Name: n, key: n, data: [{ Name: n, Key: n, Val: val, ValForDelta: null }] })) : [{ Name: measure, key: measure, data: [{ Name: measure, Key: measure, Val: val, ValForDelta: 0.2 }] }];
  const text = (content: string) => ({ content });
  return { name: visual.name, template: visual.template, totalRecordCount: 480, primary: { header: text(String(visual.templateBindings.Header ?? '')), subHeader: text(''), heroLabel: text(''), data: series(content) } };
}

export const gaugeOf = (name: string): VisualDefinition => ({ name, template: 'Gauge', width: 4, height: 2, templateBindings: { Header: 'NPS', Query: { kind: 'kpi', measure: 'nps' } } });
export const placed = (...names: string[]): DashboardBody => ({ definitions: names.map(gaugeOf), layouts: { Default: names.map((name, i) => ({ name, x: i * 4, y: 0, w: 4, h: 2 })) } });

export interface PortalOptions {
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
export function portal(start: DashboardBody = { definitions: [], layouts: { Default: [] } }, { conflict, failSaves = 0, failFields = 0, published = false }: PortalOptions = {}) {
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

export const q = <T extends Element = HTMLElement>(el: Element, selector: string) => shadow(el).querySelector<T>(selector);
export const button = (root: Element | ShadowRoot, name: string) => [...root.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name);
export const focused = (el: Element) => shadow(el).activeElement as HTMLElement | null;
/** A gallery card's name: its button's text (the drawing beside it is hidden from assistive technology). */
export const optionName = (o: Element | null) => (o?.classList.contains('card-choose') ? o.textContent : null);
export const previews = (calls: Call[]) => calls.filter((c) => c.path === '/api/dashboards/preview').map((c) => (JSON.parse(c.body) as { visual: VisualDefinition }).visual);
export const tileText = (el: Element, name: string) => q(el, `.cell[data-tile="${name}"] .tile`)?.textContent ?? '';

export async function mount() {
  const el = await fixture(html`<cx-dashboard-builder dashboard-id="visits-board"></cx-dashboard-builder>`);
  await expect.poll(() => q(el, '.builder-toolbar h2')?.textContent).toBe('Store visits');
  return el;
}

/** Adds a gauge with the keyboard alone: the empty grid's button, the gallery's first card, Enter. */
export async function addGaugeByKeyboard(el: Element) {
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
