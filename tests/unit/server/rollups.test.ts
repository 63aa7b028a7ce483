import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, seededDb } from './harness';
import type { Db, Param, Row } from '../../../server/db';
import { syncSources, moduleById } from '../../../server/datasources/registry';
import { SEEDED_DASHBOARDS } from '../../../server/seed/dashboards';
import { dashboardItems } from '../../../server/dashboards/one-scan';
import { commentsSeries } from '../../../server/dashboards/comments';
import { AGGREGATES, analyticsData, measuresOf, type MeasureDefinition } from '../../../server/smartdata/analytics';
import type { SeriesInput } from '../../../server/dashboards/series';
import { dimensionCounts, dimensionCountsTogether, recordCount } from '../../../server/smartdata/counts';
import { periodsFor } from '../../../server/smartdata/periods';
import type { SmartFilter } from '../../../server/smartdata/where';
import type { Claim } from '../../../server/identity/users';
import { rollupOptions, type Rollups } from '../../../server/rollups/store';
import type { VisualDefinition } from '../../../src/api/visual-types';
import { EXTRA, perTile, rounded } from './dashboard-tiles';

/**
 * Issue 50: dashboards read from per-day rollups of the responses answer as the rows do, follow a
 * write at once (the rows answer until the rollup is made again), and leave out a row in a day's
 * last second after 23:59:59 as the period's bound does. The newest comments, read from the
 * period's last days first, are the period's newest.
 */

let db: Db;
let now: Date;
let rollups: Rollups;
/** The SQL the rollups were asked, since the last look. */
let asked: string[] = [];
let rolled: Db;

// DuckDB's alone: PostgreSQL keeps no rollups (its replicas do: replica-routing.test.ts).
describe.skipIf(ENGINE !== 'duckdb')('rollups of a DuckDB database', () => {
  beforeAll(async () => {
    ({ db, clock: { now } } = await seededDb(3000));
    await syncSources(db);
    // Every source rolled up, however few its rows and however little a rollup shrinks them.
    const base = (await db.analytics.rollups!())!;
    rollups = base.withOptions({ minRows: 0, mostShare: 1 });
    const query = rollups.query.bind(rollups);
    rollups.query = <T extends Row>(sql: string, params?: readonly Param[]) => (asked.push(sql), query<T>(sql, params));
    rolled = new Proxy(db, { get: (t, p) => (p === 'analytics' ? { ...t.analytics, rollups: async () => rollups } : Reflect.get(t, p)) });
  });
  afterAll(async () => {
    await rollups.close();
    await db.close();
  });

  const input = (on: Db, filters: SmartFilter[], claims: Claim[] | null = null): SeriesInput => ({ db: on, module: moduleById(db, 'responses', ['GlobalAdmin']), filters, claims, now, roles: ['GlobalAdmin'], lang: 'en' });

  const day = (d: Date) => d.toISOString().slice(0, 10);
  const between = (days: number) => ({ filterKey: 'ResponseDate', filterDataType: 'DateTime', filterValue: `${day(new Date(now.getTime() - (days - 1) * 86_400_000))}T00:00:00Z`, filterValueUpperBound: `${day(now)}T23:59:59Z` });
  const readRollup = () => asked.some((sql) => /FROM cx_rollup\.r\d+/.test(sql));

  /** The dashboard read twice: the first read asks for its rollups, the second (once made) reads them. */
  async function fromRollups(i: SeriesInput, definitions: VisualDefinition[]) {
    await dashboardItems(i, definitions);
    await rollups.settled();
    asked = [];
    return dashboardItems(i, definitions);
  }

  const responsesDashboards = [...SEEDED_DASHBOARDS.filter((d) => d.moduleId === 'responses').map((d) => ({ id: d.id, definitions: d.definition.definitions as VisualDefinition[] })), { id: 'extra tiles', definitions: EXTRA }];
  const filterSets = (): Array<{ name: string; filters: SmartFilter[]; claims?: Claim[] }> => [
    { name: 'no filter (the last 7 days)', filters: [] },
    { name: '90 days', filters: [between(90)] },
    { name: 'a year', filters: [between(365)] },
    { name: 'region North, 90 days', filters: [between(90), { filterKey: 'Region', filterValue: 'north' }] },
    { name: "North's claims, 90 days", filters: [between(90)], claims: [['Region', 'North']] },
    { name: 'blank segment, 90 days', filters: [between(90), { filterKey: 'Segment', filterValue: '[Blank]' }] },
  ];

  describe('dashboards from per-day rollups', () => {
    for (const d of responsesDashboards) {
      it(`answer the dashboard "${d.id}" as the rows do, under several filter sets`, async () => {
        const { definitions } = d;
        for (const set of filterSets()) {
          const together = await fromRollups(input(rolled, set.filters, set.claims), definitions);
          expect(readRollup(), set.name).toBe(true);
          expect(rounded(together), set.name).toEqual(rounded(await perTile(input(db, set.filters, set.claims), definitions)));
        }
      });
    }

    it('follow a write at once: the rows answer until the rollup is made again, and it then holds the write', async () => {
      const overview = SEEDED_DASHBOARDS.find((d) => d.id === 'overview')!.definition.definitions as VisualDefinition[];
      const filters = [between(90)];
      await fromRollups(input(rolled, filters), overview);
      expect(readRollup()).toBe(true);
      const before = (await perTile(input(db, filters), overview)).total;
      // A response on the period's last day, in its last second after 23:59:59 (left out), and one at noon (counted).
      const [row] = await db.query<Row>('SELECT * FROM responses ORDER BY response_date DESC LIMIT 1');
      const copy = async (at: string) => {
        const [{ id }] = await db.query<{ id: number }>('SELECT max(id) + 1 AS id FROM responses');
        const values = { ...row, id, response_date: at } as Row;
        const columns = Object.keys(values);
        await db.query(`INSERT INTO responses (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`, columns.map((k) => values[k] as Param));
      };
      await copy(`${day(now)} 23:59:59.5`);
      await copy(`${day(now)} 12:00:00`);
      asked = [];
      const after = await dashboardItems(input(rolled, filters), overview);
      expect(readRollup()).toBe(false);
      expect(after.total).toBe(before + 1);
      const again = await fromRollups(input(rolled, filters), overview);
      expect(readRollup()).toBe(true);
      expect(again.total).toBe(before + 1);
      expect(rounded(again)).toEqual(rounded(await perTile(input(db, filters), overview)));
    });

    it('are not read for a period that is not whole days, nor under a search', async () => {
      const overview = SEEDED_DASHBOARDS.find((d) => d.id === 'overview')!.definition.definitions as VisualDefinition[];
      const noon = [{ ...between(90), filterValue: `${day(new Date(now.getTime() - 89 * 86_400_000))}T12:00:00Z` }];
      const search = [between(90), { filterKey: 'Search', filterDataType: 'Search', filterValue: 'staff' }];
      for (const filters of [noon, search]) {
        const read = await fromRollups(input(rolled, filters), overview);
        expect(readRollup()).toBe(false);
        expect(rounded(read)).toEqual(rounded(await perTile(input(db, filters), overview)));
      }
    });
  });

  describe('the newest comments of a period', () => {
    it('are the period’s newest rows, whether its last days hold enough of them or not', async () => {
      const filters = [between(90)];
      const i = input(db, filters);
      const { current } = periodsFor(filters, 'ResponseDate', now);
      for (const limit of [5, 100]) {
        const series = await commentsSeries(i, { kind: 'comments', fields: ['Verbatim', 'ResponseDate'], limit });
        const ids = series.data.content[0].data.map((r) => Number(r.Key));
        const newest = await db.query<{ id: number }>(
          `SELECT id FROM responses WHERE response_date >= CAST($1 AS TIMESTAMP) AND response_date <= CAST($2 AS TIMESTAMP) ORDER BY response_date DESC, id DESC LIMIT ${limit}`,
          [current.start, current.end],
        );
        expect(ids.length, `limit ${limit}`).toBe(limit);
        expect(ids, `limit ${limit}`).toEqual(newest.map((r) => r.id));
      }
    });
  });

  describe('filter counts from per-day rollups', () => {
    it('count each dimension’s values as the rows do: all dates, 90 days, a dimension’s own filter, a search among its values', async () => {
      const module = moduleById(db, 'responses', ['GlobalAdmin']);
      const core = module.columns.filter((c) => c.dimension && c.smartDataTags?.includes('Core') && !c.derived);
      const region = module.columns.find((c) => c.key === 'Region')!;
      const cases: Array<[string, (on: Db) => Promise<unknown>]> = [
        ['all dates', (on) => dimensionCountsTogether(on, module, core, [], null)],
        ['90 days', (on) => dimensionCountsTogether(on, module, core, [between(90)], null)],
        ["North's claims, 90 days", (on) => dimensionCountsTogether(on, module, core, [between(90)], [['Region', 'North']])],
        ['regions under their own filter', (on) => dimensionCounts(on, module, region, [between(90), { filterKey: 'Region', filterValue: 'North' }], null)],
        ['regions containing "th"', (on) => dimensionCounts(on, module, region, [between(90)], null, 'th')],
        ['the record count', (on) => recordCount(on, module, [between(90), { filterKey: 'Channel', filterValue: 'Online' }], null)],
      ];
      expect(core.length).toBeGreaterThan(2);
      for (const [name, read] of cases) {
        await read(rolled);
        await rollups.settled();
        asked = [];
        const fromRollup = await read(rolled);
        expect(readRollup(), name).toBe(true);
        expect(fromRollup, name).toEqual(await read(db));
      }
    });
  });

  describe('the pivot from per-day rollups', () => {
    it('answers every measure that adds up as the rows do: all dates, 90 days, claims; a distinct count and a text score read the rows', async () => {
      const module = moduleById(db, 'responses', ['GlobalAdmin']);
      const isDistinct = (m: MeasureDefinition) => m.aggregateFunction === AGGREGATES.CountDistinct || m.aggregateFunction === AGGREGATES.CountDistinctNonEmpty;
      // The text analysis's scores are kept beside the rows: a pivot of them reads the rows.
      const ofText = (m: MeasureDefinition) => !!m.fieldKey && !!module.columns.find((c) => c.key === m.fieldKey)?.derived;
      const additive = measuresOf(module).filter((m) => !isDistinct(m) && !ofText(m)).map((m) => m.measureKey);
      const distinct = measuresOf(module).filter(isDistinct).map((m) => m.measureKey);
      const text = measuresOf(module).filter(ofText).map((m) => m.measureKey);
      expect(additive.length).toBeGreaterThan(3);
      const pivot = (smartFilters: SmartFilter[], measureKeys: string[], claims: Claim[] | null = null) => (on: Db) =>
        analyticsData(on, module, { smartFilters, measureKeys, rowDimensions: ['Region', 'Store'], columnDimensions: ['Channel'] }, claims);
      const cases: Array<[string, (on: Db) => Promise<unknown>, boolean]> = [
        ['all dates', pivot([], additive), true],
        ['90 days', pivot([between(90)], additive), true],
        ["North's claims, a year", pivot([between(365)], additive, [['Region', 'North']]), true],
        ['a distinct count', pivot([], [additive[0], distinct[0]]), false],
        ['a text score', pivot([between(90)], [additive[0], text[0]]), false],
      ];
      for (const [name, read, fromRollup] of cases) {
        await read(rolled);
        await rollups.settled();
        asked = [];
        const answer = await read(rolled);
        expect(readRollup(), name).toBe(fromRollup);
        expect(rounded(answer), name).toEqual(rounded(await read(db)));
      }
    });
  });
});

describe('the rollups setting', () => {
  it('reads CX_ROLLUP_MIN_ROWS as a whole number of rows or off, and refuses anything else by name', () => {
    expect(rollupOptions({}).minRows).toBe(200_000);
    expect(rollupOptions({ CX_ROLLUP_MIN_ROWS: '0' }).minRows).toBe(0);
    expect(rollupOptions({ CX_ROLLUP_MIN_ROWS: 'off' }).minRows).toBeLessThan(0);
    expect(() => rollupOptions({ CX_ROLLUP_MIN_ROWS: 'lots' })).toThrow('CX_ROLLUP_MIN_ROWS "lots" is not a whole number of rows or off.');
  });
});
