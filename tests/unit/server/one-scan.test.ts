import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDb } from './harness';
import type { Db, Queryable } from '../../../server/db';
import { syncSources, moduleById } from '../../../server/datasources/registry';
import { SEEDED_DASHBOARDS } from '../../../server/seed/dashboards';
import { dashboardItems } from '../../../server/dashboards/one-scan';
import { visualItem } from '../../../server/dashboards/visual-item';
import type { SeriesInput } from '../../../server/dashboards/series';
import type { SmartFilter } from '../../../server/smartdata/where';
import type { Claim } from '../../../server/identity/users';
import type { VisualDefinition } from '../../../src/api/visual-types';
import { EXTRA, perTile, rounded, tile } from './dashboard-tiles';

/** Issue 50: a dashboard's tiles over the same rows answered by one scan, the same as each tile on its own. */

let db: Db;
let now: Date;
beforeAll(async () => {
  ({ db, clock: { now } } = await seededDb(3000));
  await syncSources(db);
});
afterAll(() => db.close());

/** A copy of `db` that counts the queries made through it (the analytics connections too). */
function counting(of: Db): { db: Db; count: () => number } {
  let n = 0;
  const counted = (q: Queryable): Queryable['query'] => (sql, params) => {
    n++;
    return q.query(sql, params);
  };
  const analytics: Queryable = { ...of.analytics, query: counted(of.analytics) };
  const db = new Proxy(of, { get: (t, p) => (p === 'query' ? counted(t) : p === 'analytics' ? analytics : Reflect.get(t, p)) });
  return { db, count: () => n };
}

const input = (module: SeriesInput['module'], filters: SmartFilter[], claims: Claim[] | null = null, on = db): SeriesInput => ({ db: on, module, filters, claims, now, roles: ['GlobalAdmin'], lang: 'en' });

const day = (d: Date) => d.toISOString().slice(0, 10);
const between = (dateKey: string, days: number) => ({ filterKey: dateKey, filterDataType: 'DateTime', filterValue: `${day(new Date(now.getTime() - (days - 1) * 86_400_000))}T00:00:00Z`, filterValueUpperBound: `${day(now)}T23:59:59Z` });

/** Filter sets to draw a dashboard of `module` with: none (the last 7 days), 90 days, a year (months), a region, and a region's manager's claims. */
function filterSets(module: SeriesInput['module']): Array<{ name: string; filters: SmartFilter[]; claims?: Claim[] }> {
  const region = module.columns.some((c) => c.key === 'Region');
  return [
    { name: 'no filter', filters: [] },
    { name: '90 days', filters: [between(module.dateKey, 90)] },
    { name: 'a year', filters: [between(module.dateKey, 365)] },
    // No row in either period: every set empty, the record count and kpis still answered.
    { name: 'no rows', filters: [{ filterKey: module.dateKey, filterDataType: 'DateTime', filterValue: '1990-01-01T00:00:00Z', filterValueUpperBound: '1990-01-31T23:59:59Z' }] },
    ...(region
      ? [
          { name: 'region North, 90 days', filters: [between(module.dateKey, 90), { filterKey: 'Region', filterValue: 'North' }] },
          { name: "North's claims, 90 days", filters: [between(module.dateKey, 90)], claims: [['Region', 'North']] as Claim[] },
        ]
      : []),
  ];
}

describe('a dashboard in one scan', () => {
  const dashboards = [...SEEDED_DASHBOARDS.map((d) => ({ name: d.id, moduleId: d.moduleId, definitions: d.definition.definitions as VisualDefinition[] })), { name: 'extra tiles', moduleId: 'responses', definitions: EXTRA }];
  for (const d of dashboards) {
    it(`answers the dashboard "${d.name}" as its tiles do on their own, under several filter sets`, async () => {
      const module = moduleById(db, d.moduleId, ['GlobalAdmin']);
      for (const set of filterSets(module)) {
        const i = input(module, set.filters, set.claims);
        const [together, apart] = await Promise.all([dashboardItems(i, d.definitions), perTile(i, d.definitions)]);
        expect(rounded(together), set.name).toEqual(rounded(apart));
      }
    });
  }

  it('refuses a tile it cannot draw as the tile does on its own (its 400 and message)', async () => {
    const module = moduleById(db, 'responses', ['GlobalAdmin']);
    const bad = [tile('ok', { kind: 'kpi', measure: 'nps' }), tile('bad', { kind: 'kpi', measure: 'average:Channel' })];
    const i = input(module, []);
    const [together, apart] = await Promise.allSettled([dashboardItems(i, bad), perTile(i, bad)]);
    expect(together.status).toBe('rejected');
    expect(apart.status).toBe('rejected');
    const reason = (r: PromiseSettledResult<unknown>) => (r as PromiseRejectedResult).reason as { status: number; message: string };
    expect(reason(together).status).toBe(400);
    expect(reason(together).message).toBe(reason(apart).message);
  });

  it('reads the Overview with one query for its kpi, trend, breakdown and table tiles and the record count; the comments read as before', async () => {
    const module = moduleById(db, 'responses', ['GlobalAdmin']);
    const overview = SEEDED_DASHBOARDS.find((d) => d.id === 'overview')!.definition.definitions as VisualDefinition[];
    const comments = overview.filter((d) => d.templateBindings.Query.kind === 'comments');
    const [together, apart, alone] = [counting(db), counting(db), counting(db)];
    await dashboardItems(input(module, [], null, together.db), overview);
    await perTile(input(module, [], null, apart.db), overview);
    await Promise.all(comments.map((d) => visualItem(input(module, [], null, alone.db), d)));
    expect(together.count()).toBe(1 + alone.count());
    expect(together.count()).toBeLessThan(apart.count());
  });
});
