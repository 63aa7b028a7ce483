// A data source defined by an administrator is an ordinary module: filters, records, pivot, claims,
// a starter dashboard from its roles; its roles can change afterwards; deleting it leaves a clear state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness';
import { csv, previewOf } from './datasources-upload';
import { sourcesOf } from '../../../server/datasources/registry';
import type { ProposedDefinition } from '../../../server/datasources/definition';

let h: Harness;
let admin: string;
let user: string;
let north: string;

/** 60 answers over the six days before the clock's day: region North or South, NPS 0-10 by row. */
const ROWS = Array.from({ length: 60 }, (_, i) => [
  `R${1000 + i}`,
  `2026-11-${String(14 + (i % 6)).padStart(2, '0')} 10:${String(i % 60).padStart(2, '0')}`,
  i % 3 === 0 ? 'North' : 'South',
  `Shop ${i % 4}`,
  i % 11,
  (i % 5) + 1,
  i % 2 ? `Comment number ${i}, which is long enough to be read as a verbatim of the customer` : '',
  `person${i}@example.com`,
]);
const HEADER = ['Response ID', 'Submitted', 'Region', 'Shop', 'How likely are you to recommend us?', 'Satisfaction', 'Comment', 'Email'];

/** NPS in points over `rows`: promoters less detractors. */
const npsOf = (rows: typeof ROWS) => (100 * (rows.filter((r) => Number(r[4]) >= 9).length - rows.filter((r) => Number(r[4]) <= 6).length)) / rows.length;

let id: string;
let definition: ProposedDefinition;

beforeAll(async () => {
  h = await harness(300);
  admin = await h.signIn('portaladmin@demo.cx');
  user = await h.signIn('portaluser@demo.cx');
  north = await h.signIn('north.manager@demo.cx');
  definition = (await previewOf('shop survey.csv', csv([HEADER, ...ROWS]))).definition;
  // The administrator makes Region a claim-restricted level above the shop.
  definition.columns = definition.columns.map((c) =>
    c.name === 'Region' ? { ...c, role: 'dimension', claimType: 'Region', hierarchy: { name: 'Place', level: 1 } } as never : c.name === 'Shop' ? { ...c, role: 'dimension', hierarchy: { name: 'Place', level: 2 } } as never : c,
  );
  const created = await h.call('POST', '/api/datasources', { token: admin, body: definition });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  id = created.body.id;
  // The rows as an import writes them (the import itself: datasources-imports.test.ts).
  const module = sourcesOf(h.db).get(id)!;
  const sql = (key: string) => module.columns.find((c) => c.key === key)!.column;
  const keys = definition.columns.map((c) => c.key);
  const targets = keys.map(sql);
  const now = new Date('2026-11-20T00:00:00Z');
  await h.db.insertMany(module.table, ['imported_at', ...targets.filter((t) => t !== 'row_key'), 'row_key'], ROWS.map((r) => {
    const values = definition.columns.map((c, i) => (c.typeName === 'Number' ? (r[i] === '' ? null : Number(r[i])) : c.typeName === 'DateTime' ? new Date(`${String(r[i]).replace(' ', 'T')}:00Z`) : r[i] === '' ? null : String(r[i])));
    const idIndex = targets.indexOf('row_key');
    return [now, ...values.filter((_, i) => i !== idIndex), values[idIndex]];
  }));
}, 120_000);

afterAll(() => h.close());

describe('a data source defined in the portal', () => {
  it('is listed with its columns and roles, to administrators only', async () => {
    const list = await h.call('GET', '/api/datasources', { token: admin });
    expect(list.status).toBe(200);
    const ids = list.body.map((s: { id: string }) => s.id);
    expect(ids).toEqual(expect.arrayContaining(['responses', 'reviews', 'portal-feedback', id]));
    const mine = list.body.find((s: { id: string }) => s.id === id);
    expect(mine.builtin).toBe(false);
    const roles = Object.fromEntries(mine.columns.map((c: { name: string; role: string }) => [c.name, c.role]));
    expect(roles).toMatchObject({ Region: 'dimension', 'How likely are you to recommend us?': 'score', Comment: 'verbatim', Email: 'customer' });
    expect(mine.columns.find((c: { name: string }) => c.name === 'Email').hidden).toBe(true);
    expect((await h.call('GET', '/api/datasources', { token: user })).status).toBe(403);
  });

  it('answers smart filters, records and the pivot like any module, within the caller’s claims', async () => {
    const filters = await h.call('POST', `/api/smartdata/filters/${id}`, { token: admin, body: { smartFilters: [] } });
    expect(filters.status).toBe(200);
    const region = filters.body.smartFilters.find((f: { filterKey: string }) => f.filterKey === 'region');
    expect(region.filterDimensionValues.map((v: { dimensionValue: string }) => v.dimensionValue).sort()).toEqual(['North', 'South']);
    const northOnly = await h.call('POST', `/api/smartdata/filters/${id}`, { token: north, body: { smartFilters: [] } });
    const seen = northOnly.body.smartFilters.find((f: { filterKey: string }) => f.filterKey === 'region');
    expect(seen.filterDimensionValues.map((v: { dimensionValue: string }) => v.dimensionValue)).toEqual(['North']);

    const records = await h.call('POST', `/api/dataviewer/data/${id}/default`, { token: north, body: { smartFilters: [], skip: 0, top: 100 } });
    expect(records.status, JSON.stringify(records.body)).toBe(200);
    expect(records.body.data.length).toBe(ROWS.filter((r) => r[2] === 'North').length);
    expect(new Set(records.body.data.map((r: { region: string }) => r.region))).toEqual(new Set(['North']));

    const params = await h.call('GET', `/api/dataviewer/analytics/parameters/${id}/default`, { token: admin });
    const measures = params.body.measureDefinitions.map((m: { measureKey: string }) => m.measureKey);
    expect(measures).toEqual(expect.arrayContaining(['InternalRecordCount', 'NPS', 'PromoterShare', 'DetractorShare', 'Comments']));
    const pivot = await h.call('POST', `/api/dataviewer/analytics/data/${id}/default`, { token: admin, body: { smartFilters: [], measureKeys: ['NPS'], rowDimensions: ['region'], columnDimensions: [] } });
    expect(pivot.status, JSON.stringify(pivot.body)).toBe(200);
    expect(pivot.body.grandTotal.NPS).toBeCloseTo(npsOf(ROWS), 9);
    const northPivot = await h.call('POST', `/api/dataviewer/analytics/data/${id}/default`, { token: north, body: { smartFilters: [], measureKeys: ['NPS'], rowDimensions: ['region'], columnDimensions: [] } });
    expect(northPivot.body.grandTotal.NPS).toBeCloseTo(npsOf(ROWS.filter((r) => r[2] === 'North')), 9);
  });

  it('gets a starter dashboard from its roles, whose score is the NPS of its rows', async () => {
    const made = await h.call('POST', `/api/datasources/${id}/dashboard`, { token: admin });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const visuals = await h.call('POST', `/api/dataviz/visuals/${made.body.dashboardId}/Default`, { token: admin, body: { smartFilters: [] } });
    expect(visuals.status, JSON.stringify(visuals.body).slice(0, 400)).toBe(200);
    const names = visuals.body.definitions.map((d: { name: string }) => d.name);
    expect(names).toEqual(expect.arrayContaining(['score', 'responses', 'trend', 'by-level-1', 'by-level-2', 'comments']));
    const score = visuals.body.visuals.find((v: { name?: string; key?: string }) => (v.name ?? v.key) === 'score') ?? visuals.body.visuals[names.indexOf('score')];
    const value = JSON.stringify(score).match(/"Val":(-?[\d.]+)/)![1];
    expect(Number(value) * 100).toBeCloseTo(npsOf(ROWS), 5);
    const home = await h.call('GET', '/api/dataviz/home', { token: user });
    expect(home.body.map((i: { id: string }) => i.id)).toContain(made.body.dashboardId);
  });

  it('takes role changes afterwards: a dimension made a plain attribute is no filter any more', async () => {
    const before = await h.call('GET', `/api/datasources/${id}`, { token: admin });
    const shop = before.body.columns.find((c: { name: string }) => c.name === 'Shop');
    const changed = await h.call('PATCH', `/api/datasources/${id}`, { token: admin, body: { name: 'Shop survey 2026', columns: [{ key: shop.key, role: 'attribute' }] } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.name).toBe('Shop survey 2026');
    const filters = await h.call('POST', `/api/smartdata/filters/${id}`, { token: admin, body: { smartFilters: [] } });
    expect(filters.body.smartFilters.map((f: { filterKey: string }) => f.filterKey)).not.toContain(shop.key);
    const bad = await h.call('PATCH', `/api/datasources/${id}`, { token: admin, body: { columns: [{ key: 'nope', role: 'attribute' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('The data source has no column "nope".');
  });

  it('proposes the portal\'s claim types for dimensions of their name, so a restricted user is restricted from the first import', async () => {
    const res = await h.fetch('/api/datasources/preview?name=visits.csv', { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'text/csv' }, body: csv([['Visit', 'Region', 'Store', 'Comment'], ...Array.from({ length: 12 }, (_, i) => [`v${i}`, i % 2 ? 'North' : 'South', `S${i % 3}`, 'ok'])]) });
    const { definition: proposed } = await res.json();
    const byName = Object.fromEntries(proposed.columns.map((c: { name: string; claimType?: string }) => [c.name, c.claimType]));
    expect(byName).toEqual({ Visit: undefined, Region: 'Region', Store: 'Store', Comment: undefined });
  });

  it('refuses definitions that cannot work, with a message that says why', async () => {
    const dup = { ...definition, columns: [...definition.columns, definition.columns[0]] };
    const cases: Array<[unknown, string]> = [
      [dup, `Two columns have the key "${definition.columns[0].key}": keys must differ.`],
      [{ ...definition, idColumn: 'missing' }, 'The id column "missing" is not among the columns.'],
      [{ ...definition, roles: ['Nobody'] }, 'Unknown role: Nobody.'],
    ];
    for (const [body, message] of cases) {
      const res = await h.call('POST', '/api/datasources', { token: admin, body });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('is deleted with its rows after naming what depends on it; its dashboard then says so', async () => {
    expect((await h.call('DELETE', '/api/datasources/responses', { token: admin })).status).toBe(409);
    const detail = await h.call('GET', `/api/datasources/${id}`, { token: admin });
    expect(detail.body.dependents.dashboards.length).toBe(1);
    const dashboardId = detail.body.dependents.dashboards[0].id;
    expect((await h.call('DELETE', `/api/datasources/${id}`, { token: admin })).status).toBe(200);
    const gone = await h.call('POST', `/api/dataviz/visuals/${dashboardId}/Default`, { token: admin, body: { smartFilters: [] } });
    expect(gone.status).toBe(410);
    expect(gone.body.message).toBe('The data source of the dashboard "shop survey" was deleted.');
    expect((await h.call('POST', `/api/dataviewer/data/${id}/default`, { token: admin, body: { skip: 0, top: 5 } })).status).toBe(404);
  });
});
