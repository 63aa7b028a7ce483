import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessWithUsers, type Harness } from './harness';

let h: Harness;
let user: string;
let north: string;
beforeAll(async () => {
  ({ h, user, north } = await harnessWithUsers(3000));
});
afterAll(() => h.close());

const window = [{ filterKey: 'ResponseDate', filterDataType: 'DateTime', filterValue: '2026-10-21T00:00:00Z', filterValueUpperBound: '2026-11-19T23:59:59Z' }];
const visual = (key: string, body: unknown, token = user) => h.call('POST', `/api/dashboard/visuals/responses/${key}`, { token, body });

/** NPS straight from the rows, to check the server's SQL. */
async function npsBetween(from: string, to: string, region?: string) {
  const [r] = await h.db.query<{ p: number; d: number; n: number }>(
    `SELECT count(*) FILTER (WHERE nps >= 9) AS p, count(*) FILTER (WHERE nps <= 6) AS d, count(*) AS n FROM responses
     WHERE response_date BETWEEN CAST($1 AS TIMESTAMP) AND CAST($2 AS TIMESTAMP) ${region ? 'AND region = $3' : ''}`,
    region ? [from, to, region] : [from, to],
  );
  return { value: (r.p - r.d) / r.n, count: r.n };
}

describe('POST /api/dashboard/visuals/{moduleId}/{visualKey}', () => {
  it('gives NPS for the current period and, for the delta, the period of the same length before it', async () => {
    const res = await visual('nps', { smartFilters: window });
    expect(res.status).toBe(200);
    const series = res.body.primary.data;
    expect(series.currentPeriod).toEqual({ startDateTime: '2026-10-21 00:00:00', endDateTime: '2026-11-19 23:59:59' });
    expect(series.previousPeriod).toEqual({ startDateTime: '2026-09-21 00:00:00', endDateTime: '2026-10-20 23:59:59' });
    const current = await npsBetween('2026-10-21 00:00:00', '2026-11-19 23:59:59');
    const previous = await npsBetween('2026-09-21 00:00:00', '2026-10-20 23:59:59');
    expect(series.content[0].data[0].Val).toBeCloseTo(current.value, 10);
    expect(series.content[0].data[0].ValForDelta).toBeCloseTo(previous.value, 10);
    expect(series.currentRecordCount).toBe(current.count);
    expect(series.previousRecordCount).toBe(previous.count);
    expect(res.body.primary.header.content).toBe('NPS');
  });

  it('restricts to the claims and follows the other filters', async () => {
    const res = await visual('nps', { smartFilters: window }, north);
    const mine = await npsBetween('2026-10-21 00:00:00', '2026-11-19 23:59:59', 'North');
    expect(res.body.primary.data.content[0].data[0].Val).toBeCloseTo(mine.value, 10);
    const stars = await visual('stars', { smartFilters: [...window, { filterKey: 'Stars', filterValue: 5 }] });
    expect(stars.body.primary.data.content[0].data[0].Val).toBe(5);
  });

  it('gives null for a period without responses and 400 or 404 for bad input', async () => {
    const future = [{ filterKey: 'ResponseDate', filterValue: '2030-01-01T00:00:00Z', filterValueUpperBound: '2030-01-07T00:00:00Z' }];
    const emptyNps = await visual('nps', { smartFilters: future });
    expect(emptyNps.body.primary.data.content[0].data[0].Val).toBeNull();
    expect(emptyNps.body.primary.data.currentRecordCount).toBe(0);
    expect((await visual('pie', {})).status).toBe(404);
    expect((await visual('nps', { smartFilters: [{ filterKey: 'ResponseDate', filterValue: 'soon', filterValueUpperBound: 'later' }] })).status).toBe(400);
    expect((await visual('nps', { smartFilters: [{ filterKey: 'Nope', filterValue: 'x' }] })).status).toBe(400);
    expect((await h.call('POST', '/api/dashboard/visuals/nope/nps', { token: user, body: {} })).status).toBe(404);
    expect((await h.call('POST', '/api/dashboard/visuals/responses/nps', { body: {} })).status).toBe(401);
  });

  it('answers a visual with its definition, so a tile can draw on its own', async () => {
    const res = await visual('channel-share', { smartFilters: window });
    expect(res.body).toMatchObject({ name: 'channel-share', template: 'Donut', dateKey: 'ResponseDate', definition: { name: 'channel-share', template: 'Donut' } });
    const [row] = await h.db.query<{ n: number }>(
      "SELECT count(*) AS n FROM responses WHERE channel = 'Online' AND response_date BETWEEN CAST($1 AS TIMESTAMP) AND CAST($2 AS TIMESTAMP)",
      ['2026-10-21 00:00:00', '2026-11-19 23:59:59'],
    );
    const web = res.body.primary.data.content.find((e: { Name: string }) => e.Name === 'Online');
    expect(web.data[0].Val).toBe(row.n);
  });
});

describe('GET /api/dashboard/datasource/{moduleId}', () => {
  it('names the filter bar module, its filters, tags and viewer links', async () => {
    const res = await h.call('GET', '/api/dashboard/datasource/responses', { token: user });
    expect(res.body).toMatchObject({ smartDataModuleId: 'responses', smartFilterTags: ['Core'], ignoreClaimsForFilters: false, showRecordViewerLink: true, dateFilterKey: 'ResponseDate' });
    expect(res.body.smartFilters.map((f: { filterKey: string }) => f.filterKey)).toContain('Region');
    expect((await h.call('GET', '/api/dashboard/datasource/nope', { token: user })).status).toBe(404);
    expect((await h.call('GET', '/api/dashboard/datasource/responses')).status).toBe(401);
  });
});

describe('POST /api/dataviz/layout/{dashboardId}/{layout}', () => {
  const save = (body: unknown, token: string, path = '/api/dataviz/layout/drivers/Default') => h.call('POST', path, { token, body });
  const current = async (token: string) => (await h.call('POST', '/api/dataviz/visuals/drivers/Default', { token, body: { smartFilters: [] } })).body;

  it('saves a layout and changed settings for the dashboard authors, and refuses a PortalUser', async () => {
    const admin = await h.signIn('portaladmin@demo.cx');
    const before = await current(admin);
    const layout = before.layout.map((l: { name: string; y: number }) => ({ ...l, y: l.y + 1 }));
    const body = { layout, changes: { 'drivers-nps': { templateBindings: { Header: 'Net Promoter Score' } } } };
    expect((await save(body, user)).status).toBe(403);
    expect((await current(admin)).layout).toEqual(before.layout);

    const res = await save(body, admin);
    expect(res.status).toBe(200);
    const after = await current(user);
    expect(after.layout).toEqual(layout);
    expect(after.definitions.find((d: { name: string }) => d.name === 'drivers-nps').templateBindings.Header).toBe('Net Promoter Score');
  });

  it('answers 400 with a message for unknown visuals, overlaps, a changed query and a tile past the grid', async () => {
    const admin = await h.signIn('portaladmin@demo.cx');
    const { layout } = await current(admin);
    const cases: [unknown, RegExp][] = [
      [{ layout: [...layout, { name: 'ghost', x: 0, y: 90, w: 1, h: 1 }] }, /"ghost" is not a visual/],
      [{ layout: layout.map((l: object) => ({ ...l, x: 0, y: 0 })) }, /overlaps another tile/],
      [{ layout, changes: { 'drivers-nps': { templateBindings: { Query: 'DROP TABLE responses' } } } }, /"Query" of "drivers-nps" is not a setting/],
      [{ layout: [{ ...layout[0], x: 10, w: 4 }] }, /within the 12 columns/],
    ];
    for (const [body, message] of cases) {
      const res = await save(body, admin);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await save({ layout }, admin, '/api/dataviz/layout/drivers/Nope')).status).toBe(404);
  });
});
