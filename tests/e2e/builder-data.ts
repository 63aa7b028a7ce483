// The data source the dashboard-builder test builds on: a store-visit survey export a CX team brings
// in (not the seeded chain), imported through the real API into a portal, and the calls around it.
import { expect, type APIRequestContext } from '@playwright/test';

const REGIONS = ['North', 'South', 'East', 'West'];
const STORES = ['Leeds', 'York', 'Bath', 'Hull', 'Derby', 'Ely'];
const CHANNELS = ['In store', 'Click and collect'];
const COMMENTS = ['Friendly staff, quick checkout', 'Queue was far too long', 'Shelves were half empty', 'Lovely new bakery counter'];
export const VISIT_ROWS = 480;

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:00`;
const quoted = (v: string | number) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));

/** The rows, one visit a row over the 24 days before `today`; the same rows for the same day. */
export function visitRows(today: Date) {
  return Array.from({ length: VISIT_ROWS }, (_, i) => ({
    at: new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 1 - (i % 24), 9 + (i % 9), (i * 7) % 60)),
    nps: (i * 7) % 11,
    friendliness: 1 + ((i * 3) % 5),
    // Each day has visits from several regions.
    region: REGIONS[(i + Math.floor(i / 24)) % 4],
    store: STORES[(i * 5) % 6],
    channel: CHANNELS[i % 3 === 0 ? 1 : 0],
    // Free text, as people write it: no two alike (a handful of repeated answers would read as a category).
    comment: `${COMMENTS[i % 4]} at ${STORES[(i * 5) % 6]}, visit ${i + 1}`,
  }));
}

/** The export as a survey tool writes it (CSV, CRLF). */
export function visitsCsv(today: Date): string {
  const header = ['Visit date', 'How likely are you to recommend us to a friend?', 'Staff friendliness', 'Region', 'Store', 'Channel', 'Tell us more'];
  const lines = visitRows(today).map((r) => [iso(r.at), r.nps, r.friendliness, r.region, r.store, r.channel, r.comment].map(quoted).join(','));
  return [header.map(quoted).join(','), ...lines].join('\r\n') + '\r\n';
}

export async function tokenOf(request: APIRequestContext, base: string, username: string, password: string): Promise<string> {
  const res = await request.post(`${base}/api/identity/token`, { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).content.access_token as string;
}

/** Makes a source of the file through the API (preview, create, import) and waits for the import; its id. */
export async function importSource(request: APIRequestContext, base: string, token: string, fileName: string, csv: string): Promise<string> {
  const auth = { authorization: `Bearer ${token}` };
  const preview = await request.post(`${base}/api/datasources/preview?name=${encodeURIComponent(fileName)}`, { headers: { ...auth, 'content-type': 'text/csv' }, data: csv });
  expect(preview.status(), await preview.text()).toBe(200);
  const created = await request.post(`${base}/api/datasources`, { headers: auth, data: (await preview.json()).definition });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).id as string;
  const sent = await request.post(`${base}/api/datasources/${id}/imports?name=${encodeURIComponent(fileName)}`, { headers: { ...auth, 'content-type': 'text/csv' }, data: csv });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  const importId = (await sent.json()).importId as string;
  await expect
    .poll(async () => (await (await request.get(`${base}/api/datasources/${id}/imports/${importId}`, { headers: auth })).json()).state, { timeout: 120_000 })
    .toBe('done');
  return id;
}

/** The numbers a dashboard draws for a period: per tile, its series' values (names and values). */
export async function drawnNumbers(request: APIRequestContext, base: string, token: string, dashboardId: string, dateKey: string, period: { start: Date; end: Date }) {
  const res = await request.post(`${base}/api/dataviz/visuals/${dashboardId}/Default`, {
    headers: { authorization: `Bearer ${token}` },
    data: { smartFilters: [{ filterKey: dateKey, filterDataType: 'DateTime', filterValue: period.start.toISOString(), filterValueUpperBound: period.end.toISOString() }] },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = await res.json();
  const tiles: Record<string, { template: string; values: Array<[string, string, number | null]> }> = {};
  for (const v of body.visuals as Array<{ name: string; template: string; primary: Record<string, { content?: Array<{ Name: string; data: Array<{ Name: string; Val: number | null }> }> }> }>) {
    const values: Array<[string, string, number | null]> = [];
    for (const [key, series] of Object.entries(v.primary)) for (const entry of series?.content ?? []) for (const row of entry.data ?? []) values.push([key, `${entry.Name}/${row.Name}`, row.Val]);
    tiles[v.name] = { template: v.template, values };
  }
  return { total: body.totalRecordCount as number, tiles };
}
