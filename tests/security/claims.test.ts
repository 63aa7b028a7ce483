// A user whose claims restrict the data to the region North: every data route the app registers
// (enumerated from the app) is called as that user, and no answer names a store of another region;
// counts and totals equal an unrestricted user's under the filter Region = North; records of other
// regions are refused by id; another user's favourites, registrations and saved state stay theirs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { startPortal, type Portal } from './portal';
import type { RouteInfo } from './junk';

let portal: Portal;
let north: string;
let admin: string;
let foreignStores: string[];
let southResponse: number;
let southCase: { pfo_id: string; source_object_id: number; module_id: string };

beforeAll(async () => {
  portal = await startPortal(3000);
  north = (await portal.signIn('north.manager@demo.cx')).access;
  admin = (await portal.signIn('portaladmin@demo.cx')).access;
  const northStores = new Set((await portal.db.query<{ store: string }>("SELECT DISTINCT store FROM responses WHERE region = 'North'")).map((r) => r.store));
  foreignStores = (await portal.db.query<{ store: string }>("SELECT DISTINCT store FROM responses WHERE region <> 'North' UNION SELECT DISTINCT store FROM reviews WHERE region <> 'North'"))
    .map((r) => r.store)
    .filter((s) => !northStores.has(s));
  [{ id: southResponse }] = await portal.db.query<{ id: number }>("SELECT id FROM responses WHERE region = 'South' ORDER BY id LIMIT 1");
  [southCase] = await portal.db.query<{ pfo_id: string; source_object_id: number; module_id: string }>(
    "SELECT c.pfo_id, c.source_object_id, c.module_id FROM cases c JOIN responses r ON r.id = c.source_object_id WHERE c.module_id = 'cases' AND r.region = 'South' LIMIT 1",
  );
}, 60_000);
afterAll(() => portal.close());

/** The data areas: what a claim restricts. */
const DATA = /^\/(api|reporting\/api)\/(smartdata|dataviewer|dataviz|dashboard|filter|favourites|processflow|social|inportalsurvey|alerts|notifications)\b/;
/** Plausible values per path parameter, each tried; ids name records of another region. */
const VALUES = (): Record<string, string[]> => ({
  moduleId: ['responses', 'cases', 'reviews'],
  profile: ['default', 'comments'],
  dashboardId: ['overview'],
  layout: ['Default'],
  id: ['overview', String(southResponse)],
  visualKey: ['nps', 'stores', 'store-ranking'],
  queueName: ['All', 'New'],
  pf: ['All'],
  sourceObjectId: [String(southCase.source_object_id), String(southResponse)],
  pfoId: [southCase.pfo_id],
});
const BODY = {
  smartFilters: [],
  skip: 0,
  top: 500,
  take: 500,
  orderByFields: ['ResponseDate'],
  orderByOperator: 'DESC',
  rowDimensions: ['Store'],
  columnDimensions: [],
  measureKeys: ['InternalRecordCount', 'AvgNPS'],
  filterKey: 'Store',
  feedTab: 'all',
};

function fillings(route: RouteInfo): string[] {
  let paths = [route.path];
  for (const [, name] of route.path.matchAll(/:(\w+)/g)) {
    const values = VALUES()[name] ?? ['1'];
    paths = paths.flatMap((p) => values.map((v) => p.replace(`:${name}`, encodeURIComponent(v))));
  }
  return paths;
}

describe('claims restrict every data route', () => {
  it('no answer to the North manager names a store of another region', async () => {
    expect(foreignStores.length).toBeGreaterThan(100);
    const routes = portal.routes.filter((r) => DATA.test(r.path) && (r.method === 'GET' || r.method === 'POST'));
    const seen: string[] = [];
    let answered = 0;
    let calls = 0;
    for (const route of routes) {
      for (const path of fillings(route)) {
        const res = await portal.call(route.method, `${path}${route.method === 'GET' ? '?cleanedFieldName=Verbatim&recordId=' + southResponse : ''}`, { token: north, body: route.method === 'POST' ? BODY : undefined });
        calls++;
        if (res.status === 200) answered++;
        const leaked = foreignStores.find((s) => res.text.includes(s));
        if (leaked) seen.push(`${route.method} ${path} -> ${res.status} names "${leaked}"`);
      }
    }
    console.log(`claims: ${routes.length} data routes, ${calls} calls as the North manager, ${answered} answered 200; stores of other regions seen: ${seen.length}`);
    expect(seen).toEqual([]);
    expect(answered).toBeGreaterThan(30);
  }, 120_000);

  it('counts, totals and pivots equal an unrestricted user’s under Region = North; South alone is empty', async () => {
    const northFilter = [{ filterKey: 'Region', filterValue: 'North' }];
    const southFilter = [{ filterKey: 'Region', filterValue: 'South' }];
    const filters = (token: string, smartFilters: unknown[]) => portal.call('POST', '/api/smartdata/filters/responses', { token, body: { smartFilters } });
    const mine = await filters(north, []);
    const theirs = await filters(admin, northFilter);
    expect(mine.body.recordCount).toBeGreaterThan(0);
    expect(mine.body.recordCount).toBe(theirs.body.recordCount);
    expect((await filters(north, southFilter)).body.recordCount).toBe(0);

    const pivot = (token: string, smartFilters: unknown[]) =>
      portal.call('POST', '/api/dataviewer/analytics/data/responses/default', { token, body: { smartFilters, rowDimensions: ['Region', 'Store'], columnDimensions: ['Channel'], measureKeys: ['InternalRecordCount', 'AvgNPS', 'SumSpend'] } });
    const [p1, p2] = [await pivot(north, []), await pivot(admin, northFilter)];
    expect(p1.status).toBe(200);
    expect(p1.body).toEqual(p2.body);

    const visuals = (token: string, smartFilters: unknown[]) => portal.call('POST', '/api/dataviz/visuals/overview/Default', { token, body: { smartFilters } });
    const [v1, v2] = [await visuals(north, []), await visuals(admin, northFilter)];
    expect(v1.status).toBe(200);
    expect(v1.body).toEqual(v2.body);
  });

  it('an export holds only the claimed region', async () => {
    const made = await portal.call('POST', '/api/dataviewer/exporttoexcel/?moduleId=responses&profile=default', { token: north, body: { ExportCols: ['Region', 'Store'] } });
    expect(made.status).toBe(200);
    const file = await fetch(`${portal.origin}/api/dataviewer/downloadexport/?exportId=${made.body.exportId}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.arrayBuffer());
    const regions = new Set(wb.getWorksheet('Records')!.getColumn(1).values.slice(2));
    expect(regions).toEqual(new Set(['North']));
  });

  it('a record, case or hidden value of another region is refused by id', async () => {
    const m = southCase.module_id;
    for (const path of [
      `/api/processflow/${m}/processFlowObject/${southCase.source_object_id}/All`,
      `/api/processflow/${m}/processFlowObjectHistory/${southCase.pfo_id}`,
      `/api/processflow/getSourceObjectTags/${southCase.source_object_id}`,
      `/api/smartdata/rawdata/responses?cleanedFieldName=Verbatim&recordId=${southResponse}`,
    ]) {
      const res = await portal.call('GET', path, { token: north });
      expect([403, 404], path).toContain(res.status);
    }
    const action = await portal.call('POST', `/api/processflow/${m}/processFlowObject/action/${southCase.pfo_id}`, { token: north, body: { actionName: 'Comment', actionProperties: { comment: 'not mine' } } });
    expect([400, 403, 404]).toContain(action.status);
    const [history] = await portal.db.query<{ n: number }>("SELECT count(*) AS n FROM case_history WHERE pfo_id = $1 AND action_comment = 'not mine'", [southCase.pfo_id]).catch(() => [{ n: 0 }]);
    expect(history.n).toBe(0);
  });
});

describe('another user’s things stay theirs', () => {
  it('favourites cannot be read or deleted by id; a share link gives the view, never the data', async () => {
    const payload = JSON.stringify({ smartDataSelection: { smartFilters: [{ filterKey: 'Region', filterValue: 'East' }] }, viewMode: 'RecordsViewer' });
    const saved = await portal.call('POST', '/api/favourites/responses', { token: admin, body: { title: 'Admin only', description: 'x', payload } });
    expect(saved.status).toBe(200);
    const [{ id }] = await portal.db.query<{ id: string }>("SELECT favourites_id AS id FROM favourites WHERE title = 'Admin only'");
    expect([403, 404]).toContain((await portal.call('GET', `/api/favourites/Favourites/${id}`, { token: north })).status);
    // Sharing by link is the spec's (an unguessable id): the view's filters, which then run under the recipient's claims.
    const shared = await portal.call('GET', `/api/favourites/share/favourites/${id}`, { token: north });
    expect(shared.status).toBe(200);
    const view = JSON.parse(shared.body.payload);
    const opened = await portal.call('POST', '/api/smartdata/filters/responses', { token: north, body: { smartFilters: view.smartDataSelection.smartFilters } });
    expect(opened.body.recordCount).toBe(0);
    expect([403, 404]).toContain((await portal.call('DELETE', `/api/favourites/Favourites/${id}`, { token: north })).status);
    expect((await portal.call('GET', '/api/favourites/Favourites', { token: north })).text).not.toContain('Admin only');
    expect(await portal.db.query("SELECT title FROM favourites WHERE title = 'Admin only'")).toHaveLength(1);
  });

  it('saved state and application registrations are per user', async () => {
    expect((await portal.call('POST', '/api/portaluserstate/save/layout', { token: admin, body: { secret: 'admin-state' } })).status).toBe(200);
    expect((await portal.call('GET', '/api/portaluserstate/get/layout', { token: north })).text).not.toContain('admin-state');
    const registered = await portal.call('POST', '/api/identity/application/register', { token: admin, body: { name: 'Admin app', redirectUris: ['https://admin.example/cb'] } });
    const list = await portal.call('GET', '/api/identity/application/registrations', { token: north });
    expect(list.text).not.toContain('Admin app');
    if (registered.status === 200 && registered.body?.id) {
      expect([403, 404]).toContain((await portal.call('DELETE', `/api/identity/application/${registered.body.id}`, { token: north })).status);
    }
  });
});
