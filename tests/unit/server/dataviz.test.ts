import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessWithUsers, type Harness } from './harness';
import type { VisualsResponse, VisualItem, DataRow } from '../../../src/api/visual-types';

let h: Harness;
let user: string;
let north: string;
let editor: string;
beforeAll(async () => {
  ({ h, user, north } = await harnessWithUsers(3000));
  editor = await h.signIn('surveyeditor@demo.cx');
});
afterAll(() => h.close());

const window = [{ filterKey: 'ResponseDate', filterDataType: 'DateTime', filterValue: '2026-10-21T00:00:00Z', filterValueUpperBound: '2026-11-19T23:59:59Z' }];
const dashboard = async (body: unknown, token = user, path = 'overview/Default') => h.call('POST', `/api/dataviz/visuals/${path}`, { token, body });
const visualOf = (res: { body: VisualsResponse }, name: string) => res.body.visuals.find((v) => v.name === name) as VisualItem;

describe('POST /api/dataviz/visuals/{dashboardId}/{layout}', () => {
  it('answers the definition, the layout and every visual', async () => {
    const res = await dashboard({ smartFilters: window });
    expect(res.status).toBe(200);
    expect(res.body.breadcrumb.name).toBe('Overview');
    expect(res.body.layouts).toEqual(['Default', 'Comments first']);
    expect(res.body.hasRecordsToDisplay).toBe(true);
    const names = res.body.definitions.map((d: { name: string }) => d.name);
    expect(res.body.visuals.map((v: VisualItem) => v.name)).toEqual(names);
    expect(res.body.layout.map((l: { name: string }) => l.name).sort()).toEqual([...names].sort());
    expect(new Set(res.body.definitions.map((d: { template: string }) => d.template))).toEqual(
      new Set(['Gauge', 'MultiLineChart', 'StackedBar', 'Donut', 'TableWithDeltaColumns', 'OrderedListComments', 'TopicImpact']),
    );
  });

  it('computes stacked shares, table rows and trend buckets from the rows', async () => {
    const res = await dashboard({ smartFilters: window });
    const mix = visualOf(res, 'nps-mix-by-channel').primary.data!;
    const web = mix.content.find((e) => e.Name === 'Online')!;
    expect(web.data.reduce((t, r) => t + (r.Val ?? 0), 0)).toBeCloseTo(1, 10);
    const [row] = await h.db.query<{ p: number; n: number }>(
      `SELECT count(*) FILTER (WHERE nps_group = 'Promoter') AS p, count(*) AS n FROM responses
       WHERE channel = 'Online' AND response_date BETWEEN CAST($1 AS TIMESTAMP) AND CAST($2 AS TIMESTAMP)`,
      ['2026-10-21 00:00:00', '2026-11-19 23:59:59'],
    );
    expect(web.data.find((r) => r.Name === 'Promoter')!.Val).toBeCloseTo(row.p / row.n, 10);

    const table = visualOf(res, 'store-table').primary;
    const stores = table.data!.content;
    expect(stores.length).toBeGreaterThan(5);
    expect(stores[0].data.map((d: DataRow) => d.Key)).toEqual(['responses', 'nps']);
    const regions = await h.db.query<{ region: string }>(
      'SELECT DISTINCT region FROM responses WHERE response_date BETWEEN CAST($1 AS TIMESTAMP) AND CAST($2 AS TIMESTAMP) ORDER BY region',
      ['2026-09-21 00:00:00', '2026-11-19 23:59:59'],
    );
    expect(table.dataRegion!.content.map((e) => e.Name)).toEqual(regions.map((r) => r.region));

    const trend = visualOf(res, 'nps-trend').primary.data!;
    expect(trend.seriesFilterKey).toBe('Region');
    expect(trend.content[0].data[0].Name).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // 30 days of daily buckets at most, one line per region.
    expect(trend.content.every((line) => line.data.length <= 31)).toBe(true);

    const comments = visualOf(res, 'comments').primary;
    expect(comments.data!.content[0].data.length).toBe(20);
    expect(comments.dataDetractors!.content[0].data.every((r) => r.NPSGroup === 'Detractor')).toBe(true);
  });

  it("adds a visual's own filters to the caller's", async () => {
    const res = await dashboard({ smartFilters: window }, user, 'drivers/Default');
    const rows = visualOf(res, 'detractor-comments').primary.data!.content[0].data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.NPSGroup === 'Detractor')).toBe(true);
  });

  it('restricts every visual to the claims, and says when there are no records', async () => {
    const res = await dashboard({ smartFilters: window }, north);
    expect(visualOf(res, 'store-table').primary.dataRegion!.content.map((e) => e.Name)).toEqual(['North']);
    expect(visualOf(res, 'nps-trend').primary.data!.content.map((e) => e.Name)).toEqual(['North']);
    const none = await dashboard({ smartFilters: [{ filterKey: 'ResponseDate', filterValue: '2030-01-01T00:00:00Z', filterValueUpperBound: '2030-01-07T00:00:00Z' }] });
    expect(none.body.hasRecordsToDisplay).toBe(false);
    expect(none.body.totalRecordCount).toBe(0);
  });

  it('chooses a named layout, and refuses unknown dashboards, layouts, keys and roles', async () => {
    const res = await dashboard({}, user, 'overview/comments%20first');
    expect(res.body.layoutName).toBe('Comments first');
    expect(res.body.layout[0]).toMatchObject({ name: 'comments', x: 0, y: 0 });
    expect((await dashboard({}, user, 'nope/Default')).status).toBe(404);
    expect((await dashboard({}, user, 'overview/Nope')).status).toBe(404);
    const bad = await dashboard({ smartFilters: [{ filterKey: 'Secret', filterValue: 1 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Secret');
    expect((await dashboard({}, editor)).status).toBe(403);
    expect((await dashboard({}, '')).status).toBe(401);
  });
});

describe('POST /api/dataviz/smartFilterDataSource/{id}', () => {
  it('names the module behind a dashboard and its layouts', async () => {
    const res = await h.call('POST', '/api/dataviz/smartFilterDataSource/drivers', { token: user, body: {} });
    expect(res.body).toMatchObject({ smartDataModuleId: 'responses', dashboardId: 'drivers', name: 'Drivers', layouts: ['Default'], dateFilterKey: 'ResponseDate' });
    expect((await h.call('POST', '/api/dataviz/smartFilterDataSource/nope', { token: user, body: {} })).status).toBe(404);
  });
});
