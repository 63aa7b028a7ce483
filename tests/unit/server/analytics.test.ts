import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessWithUsers, type Harness } from './harness';
import type { AnalyticsData, PivotRow } from '../../../src/api/types';

let h: Harness;
let user: string;
let north: string;
beforeAll(async () => {
  ({ h, user, north } = await harnessWithUsers(3000));
});
afterAll(() => h.close());

const pivot = (body: unknown, token = user) => h.call('POST', '/api/dataviewer/analytics/data/responses/default', { token, body });
const find = (rows: PivotRow[], key: string): PivotRow | undefined => {
  for (const r of rows) {
    if (r.DimensionValueKey === key) return r;
    const inner = find(r.Children, key);
    if (inner) return inner;
  }
  return undefined;
};

describe('GET /api/dataviewer/analytics/parameters/{moduleId}/{profile}', () => {
  it('lists the measures with their aggregate codes and the dimensions', async () => {
    const res = await h.call('GET', '/api/dataviewer/analytics/parameters/responses/default', { token: user });
    expect(res.body.measureDefinitions).toContainEqual({ measureKey: 'AvgNPS', measureName: 'Average likelihood to recommend', format: '0.00', aggregateFunction: 20 });
    expect(res.body.measureDefinitions.find((m: { measureKey: string }) => m.measureKey === 'InternalRecordCount').aggregateFunction).toBe(0);
    expect(res.body.dimensions).toContainEqual({ filterKey: 'Region', filterName: 'Region' });
  });
});

describe('POST /api/dataviewer/analytics/data/{moduleId}/{profile}', () => {
  it('gives hierarchical rows, cells per column, row and column totals and the grand total in one answer', async () => {
    const res = await pivot({ measureKeys: ['InternalRecordCount', 'AvgNPS'], rowDimensions: ['Region', 'Store'], columnDimensions: ['Channel'] });
    expect(res.status).toBe(200);
    const body = res.body as AnalyticsData;
    const [total] = await h.db.query<{ n: number; a: number }>('SELECT count(*) AS n, avg(nps) AS a FROM responses');
    expect(body.recordCount).toBe(Number(total.n));
    expect(body.grandTotal.InternalRecordCount).toBe(Number(total.n));
    expect(body.grandTotal.AvgNPS).toBeCloseTo(Number(total.a), 10);

    const regions = await h.db.query<{ region: string; n: number }>('SELECT region, count(*) AS n FROM responses GROUP BY region ORDER BY region');
    expect(body.data.map((r) => r.DimensionValueKey)).toEqual(regions.map((r) => r.region));
    expect(body.rowTotals[regions[0].region].InternalRecordCount).toBe(Number(regions[0].n));

    const [cell] = await h.db.query<{ region: string; store: string; channel: string; n: number }>(
      'SELECT region, store, channel, count(*) AS n FROM responses GROUP BY region, store, channel ORDER BY n DESC, store LIMIT 1',
    );
    const store = find(body.data, `${cell.region}|${cell.store}`)!;
    expect(store.Parent).toBe(cell.region);
    expect(store.Value[cell.channel].InternalRecordCount).toBe(Number(cell.n));
    const channels = await h.db.query<{ channel: string; n: number }>('SELECT channel, count(*) AS n FROM responses GROUP BY channel ORDER BY channel');
    expect(body.columns).toEqual(channels.map((c) => c.channel));
    expect(body.colTotals[channels[0].channel].InternalRecordCount).toBe(Number(channels[0].n));
  });

  it('computes every aggregate code like plain SQL', async () => {
    const res = await pivot({ measureKeys: ['Customers', 'Comments', 'NoComment', 'DistinctComments', 'SumSpend', 'MinSpend', 'MaxSpend', 'AvgStars'], rowDimensions: [], columnDimensions: [] });
    const [r] = await h.db.query<Record<string, number>>(
      `SELECT count(DISTINCT customer_name) AS customers, count(*) FILTER (WHERE verbatim IS NOT NULL AND verbatim <> '') AS comments,
              count(*) FILTER (WHERE verbatim IS NULL OR verbatim = '') AS none, count(DISTINCT NULLIF(verbatim, '')) AS distinct_comments,
              sum(spend) AS s, min(spend) AS lo, max(spend) AS hi, avg(stars) AS stars FROM responses`,
    );
    const g = res.body.grandTotal;
    expect([g.Customers, g.Comments, g.NoComment, g.DistinctComments]).toEqual([r.customers, r.comments, r.none, r.distinct_comments].map(Number));
    expect(g.SumSpend).toBeCloseTo(Number(r.s), 6);
    expect([g.MinSpend, g.MaxSpend]).toEqual([Number(r.lo), Number(r.hi)]);
    expect(g.AvgStars).toBeCloseTo(Number(r.stars), 10);
  });

  it('rolls up measures that add up from groups (counts, sums, extremes, averages) as the row-by-row plan of a distinct count does, cell by cell', async () => {
    const added = ['InternalRecordCount', 'Comments', 'NoComment', 'SumSpend', 'MinSpend', 'MaxSpend', 'AvgStars', 'AvgNPS'];
    const shape = { rowDimensions: ['Region', 'Store'], columnDimensions: ['Channel'], smartFilters: [{ filterKey: 'Segment', filterValue: 'Loyalty member' }] };
    // With a distinct count the pivot groups every row in each set; without one it adds up groups.
    const [grouped, rowByRow] = (await Promise.all([pivot({ measureKeys: added, ...shape }), pivot({ measureKeys: [...added, 'Customers'], ...shape })])).map((r) => r.body as AnalyticsData);
    const strip = (cells: Record<string, number | null>) => Object.fromEntries(added.map((k) => [k, cells[k] === null ? null : Number(cells[k]!.toFixed(9))]));
    const flat = (d: AnalyticsData) => {
      const out: Record<string, unknown> = { grand: strip(d.grandTotal), recordCount: d.recordCount };
      for (const [k, v] of Object.entries(d.colTotals)) out[`col ${k}`] = strip(v);
      for (const [k, v] of Object.entries(d.rowTotals)) out[`row ${k}`] = strip(v);
      const walk = (rows: PivotRow[]) => rows.forEach((r) => (Object.entries(r.Value).forEach(([k, v]) => (out[`${r.DimensionValueKey} / ${k}`] = strip(v))), walk(r.Children)));
      walk(d.data);
      return out;
    };
    expect(Object.keys(flat(grouped)).length).toBeGreaterThan(50);
    expect(flat(grouped)).toEqual(flat(rowByRow));
  });

  it('counts the records in the same answer when no measure is a count, and says 0 when none match', async () => {
    const [{ n }] = await h.db.query<{ n: number }>("SELECT count(*) AS n FROM responses WHERE channel = 'Online'");
    const res = await pivot({ measureKeys: ['AvgNPS'], rowDimensions: ['Region'], columnDimensions: ['Stars'], smartFilters: [{ filterKey: 'Channel', filterValue: 'Online' }] });
    expect(res.body.recordCount).toBe(Number(n));
    const none = await pivot({ measureKeys: ['AvgNPS'], rowDimensions: ['Region'], smartFilters: [{ filterKey: 'Channel', filterValue: 'Carrier pigeon' }] });
    expect(none.body.recordCount).toBe(0);
    expect(none.body.data).toEqual([]);
  });

  it('keeps the restricted user in their region and refuses bad pivots with a message', async () => {
    const mine = await pivot({ measureKeys: ['InternalRecordCount'], rowDimensions: ['Region'] }, north);
    expect(mine.body.data.map((r: PivotRow) => r.DimensionValueKey)).toEqual(['North']);
    expect((await pivot({ measureKeys: ['Nope'], rowDimensions: ['Region'] })).body.message).toBe('Unknown measure "Nope".');
    expect((await pivot({ measureKeys: ['AvgNPS'], rowDimensions: ['Region'], columnDimensions: ['Region'] })).body.message).toBe('A dimension can be used once, in the rows or in the columns.');
    expect((await pivot({ measureKeys: ['AvgNPS'], rowDimensions: ['CustomerEmail'] })).status).toBe(400);
    expect((await pivot({ measureKeys: [], rowDimensions: ['Region'] })).body.message).toContain('Choose at least one measure.');
  });
});

describe('data viewer profiles and schema', () => {
  it('names the profile with its default order and details link, and lists the columns with their types', async () => {
    const [profile] = (await h.call('GET', '/api/dataviewer/profiles/responses', { token: user })).body;
    expect(profile).toMatchObject({ name: 'default', defaultOrderBy: { fieldKey: 'ResponseDate', operatorAsString: 'DESC' }, recordIdField: 'Id', detailsLink: '/content/insights/responses/default/{Id}' });
    const schema = (await h.call('POST', '/api/dataviewer/schema/responses/default', { token: user, body: {} })).body;
    expect(schema.find((c: { key: string }) => c.key === 'Verbatim')).toMatchObject({ typeName: 'String', isCleaned: true, isHidden: false, isVerbatim: true });
    // Only the verbatim is marked as one (issue 49: the grid highlights its words).
    expect(schema.filter((c: { isVerbatim: boolean }) => c.isVerbatim).map((c: { key: string }) => c.key)).toEqual(['Verbatim']);
    expect(schema.find((c: { key: string }) => c.key === 'CustomerEmail').isHidden).toBe(true);
    expect((await h.call('GET', '/api/dataviewer/profiles/nope', { token: user })).status).toBe(404);
  });
});
