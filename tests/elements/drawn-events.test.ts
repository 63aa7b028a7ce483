import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import manifestText from '../../custom-elements.json?raw';
import { json, realFetch, server, type Call } from './fake-server';
import { captureNavigation, shadow, spyConsoleError } from './helpers';
import { GAUGE, series } from './visual-fixtures';
import { $session } from '../../src/stores/session';
import type { Session } from '../../src/api/types';

/**
 * `cx-drawn` from every data element, once its data is on screen: exactly once per load, with
 * what it shows (`name`, `count`), and listed in custom-elements.json.
 */

const manifest = JSON.parse(manifestText) as { modules: Array<{ declarations?: Array<{ tagName?: string; events?: Array<{ name: string }> }> }> };
const eventsOf = (tag: string) => manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === tag)?.events?.map((e) => e.name) ?? [];
const loaders = import.meta.glob('../../elements/cx-*.ts');

const NOW = '2026-11-20T10:00:00';
const ROWS = [
  { Id: 1, Store: 'York', ResponseDate: '2026-11-19T10:00:00', Verbatim: 'Slow tills.' },
  { Id: 2, Store: 'Leeds', ResponseDate: '2026-11-18T10:00:00', Verbatim: 'Friendly staff.' },
  { Id: 3, Store: 'Hull', ResponseDate: '2026-11-17T10:00:00', Verbatim: 'Clean store.' },
];
const PROFILE = {
  name: 'default', detailsLink: '', defaultOrderBy: { fieldKey: 'ResponseDate', operatorAsString: 'DESC' }, defaultSmartFilters: [], smartFilterTags: ['Core'], recordIdField: 'Id', hasExport: false,
  cardViewerViewModel: { templates: [{ name: 'Basic', titleField: 'Store', subtitleField: 'ResponseDate', textField: 'Verbatim', fields: [] }], facets: ['Store'], cardLimit: { min: 100, max: 1000 }, cardIdField: 'Id', cardNameField: 'Store', sortFields: ['ResponseDate'] },
};
const SCHEMA = [
  { name: 'Store', key: 'Store', typeName: 'String', isHidden: false, isCleaned: false },
  { name: 'Date', key: 'ResponseDate', typeName: 'DateTime', isHidden: false, isCleaned: false },
  { name: 'Comment', key: 'Verbatim', typeName: 'String', isHidden: false, isCleaned: true },
];
const pivotRow = (store: string) => ({ DimensionValueKey: store, Parent: null, Children: [], Value: {} });
const FILTERS = { moduleId: 'responses', recordCount: 3, smartFilters: [{ filterName: 'Store', filterKey: 'Store', filterDataType: 'String', filterDimensionValues: ROWS.map((r) => ({ dimensionValue: r.Store, count: 1, dimensionLabel: r.Store })) }] };
const QUEUE = { name: 'New', tag: 'Initial', view: { type: 0, recordsPerPage: 20 }, smartFilterTags: ['Core'], hasExport: false, defaultOrderBy: { fieldKey: 'ResponseDate', operatorAsString: 'DESC' } };
const CASES = ROWS.map((r) => ({ ...r, SourceObjectId: r.Id, ProcessFlowObjectId: `pfo-${r.Id}`, State: 'New', Tags: [] }));
const CASE = { processFlowObject: { processFlowObjectId: 'pfo-1', sourceObjectId: 1, version: 1, properties: CASES[0], tags: [] }, permittedActionGroups: [], schemaFields: [], now: NOW };
const FAVOURITE = { favouritesId: 'f-1', moduleId: 'responses', title: 'York', description: '', payload: '{}', CreatedAt: NOW, LastAccessedAt: null };
const ALERT = { id: 'a-1', name: 'NPS watch', moduleId: 'responses', measure: 'nps', condition: 'below', threshold: 20, schedule: 'daily', filters: [], active: true, createdAt: NOW, lastCheckedAt: null, lastValue: null, firing: false, lastFiredAt: null };

/** The portal the data elements ask, with three records wherever records are asked for. */
function answer(method: string, path: string, call: Call): Response | undefined {
  const body = call.body ? (JSON.parse(call.body) as Record<string, unknown>) : {};
  if (path === '/api/dataviewer/profiles/responses') return json([PROFILE]);
  if (path === '/api/dashboard/datasource/responses') return json({ showRecordViewerLink: true, showCardViewerLink: true, dateFilterKey: 'ResponseDate' });
  if (path.startsWith('/api/dataviewer/schema/')) return json(SCHEMA);
  if (path.startsWith('/api/dataviewer/data/') || path.startsWith('/api/dataviewer/cards/')) return json({ data: ROWS, recordCount: ROWS.length });
  if (path.startsWith('/api/dataviewer/analytics/parameters/'))
    return json({ measureDefinitions: [{ measureKey: 'nps', measureName: 'NPS', format: '0', aggregateFunction: 0 }], dimensions: [{ filterKey: 'Store', filterName: 'Store' }], defaultPivot: { measures: ['nps'], rows: ['Store'], columns: [] } });
  if (path.startsWith('/api/dataviewer/analytics/data/')) {
    const counting = (body.measureKeys as string[])[0] === 'InternalRecordCount';
    return json({ data: counting ? [] : ROWS.map((r) => pivotRow(r.Store)), columns: [], recordCount: ROWS.length, rowTotals: {}, colTotals: {}, grandTotal: {} });
  }
  if (path.includes('/smartdata/') && path.includes('/filters/')) return json(FILTERS);
  if (path.includes('/lastRecordedDate/')) return json({ lastRecordedDate: NOW });
  if (path.endsWith('/queues')) return json([QUEUE]);
  if (path.endsWith('/queuecounts')) return json([{ name: 'New', tag: 'Initial', count: 3 }]);
  if (path.includes('/queue/')) return json({ recordCount: CASES.length, data: CASES, now: NOW });
  if (path.includes('/processFlowObjectHistory/')) return json([]);
  if (path.includes('/processFlowObject/')) return json(CASE);
  if (path === '/api/favourites/available/Favourites') return json({ available: true });
  if (path === '/api/favourites/Favourites') return json([FAVOURITE]);
  if (path === '/api/alerts') return json([ALERT]);
  if (method === 'POST' && path === '/api/dashboard/visuals/responses/nps') return json({ primary: { data: GAUGE } });
  if (method === 'POST' && path === '/api/dashboard/visuals/responses/comments') return json({ primary: { data: series([{ Name: 'Comments', key: 'c', data: ROWS.map((r) => ({ Name: r.Store, Key: r.Store, Val: null, ValForDelta: null, NPSGroup: 'Promoter', Spend: 10, ...r })) }]) } });
  return json([]);
}

/** Each data element, the attributes it is opened with and the `cx-drawn` it owes for the fixture's answers. */
const CASES_OF_ELEMENTS: Array<{ tag: string; attributes?: Record<string, string>; drawn: { name: string; count: number } }> = [
  { tag: 'cx-queue', attributes: { 'queue-name': 'New' }, drawn: { name: 'New', count: 3 } },
  { tag: 'cx-record-detail', attributes: { 'source-object-id': '1' }, drawn: { name: '1', count: 1 } },
  { tag: 'cx-data-viewer', drawn: { name: 'responses', count: 3 } },
  { tag: 'cx-data-viewer', attributes: { 'record-id': '1' }, drawn: { name: 'responses', count: 1 } },
  { tag: 'cx-records-viewer', drawn: { name: 'responses', count: 3 } },
  { tag: 'cx-analytics-viewer', drawn: { name: 'responses', count: 3 } },
  { tag: 'cx-card-viewer', drawn: { name: 'responses', count: 3 } },
  { tag: 'cx-smart-filter-bar', attributes: { 'module-id': 'responses', 'filter-scope': 'drawn' }, drawn: { name: 'drawn', count: 1 } },
  { tag: 'cx-favourites', drawn: { name: 'responses', count: 1 } },
  { tag: 'cx-alerts', drawn: { name: 'responses', count: 1 } },
  { tag: 'cx-demo-wall', drawn: { name: 'comments', count: 3 } },
];

describe('cx-drawn from the data elements', () => {
  let navigation: ReturnType<typeof captureNavigation>;
  beforeEach(() => {
    spyConsoleError();
    navigation = captureNavigation();
    $session.set({ userName: 'petra@demo.cx', id: 'u-petra', role: 'PortalUser', portalRole: 'PortalUser', claims: '', claimsJSON: [], token: 't', refreshToken: '', tokenType: 'bearer', expiryDate: new Date(Date.now() + 3600_000).toISOString(), changePasswordOnNextLogin: false } as unknown as Session);
  });
  afterEach(() => {
    navigation.stop();
    $session.set(null);
    localStorage.clear();
  });
  afterAll(realFetch);

  for (const { tag, attributes, drawn: expected } of CASES_OF_ELEMENTS) {
    const opened = Object.entries(attributes ?? {}).map(([k, v]) => ` ${k}="${v}"`).join('');
    it(`<${tag}${opened}> should fire cx-drawn exactly once when its data is on screen, and list it`, async () => {
      server(answer);
      await loaders[`../../elements/${tag}.ts`]();
      const el = document.createElement(tag);
      for (const [name, value] of Object.entries(attributes ?? {})) el.setAttribute(name, value);
      const drawn: Array<{ name: string; count: number }> = [];
      el.addEventListener('cx-drawn', (e) => drawn.push((e as CustomEvent).detail));
      document.body.append(el);
      try {
        await vi.waitFor(() => expect(drawn).toEqual([expected]), { timeout: 5000 });
        // Its data is in the shadow root by then, and later renders (resize, timers) say nothing more.
        expect(shadow(el).querySelector('[role="status"]:not(.hint):not(.cx-visually-hidden):not(.badge)')?.textContent ?? '').not.toMatch(/Loading/);
        window.dispatchEvent(new Event('resize'));
        await new Promise((r) => setTimeout(r, 300));
        expect(drawn).toHaveLength(1);
        expect(eventsOf(tag)).toContain('cx-drawn');
      } finally {
        el.remove();
      }
    });
  }
});
