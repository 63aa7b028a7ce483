import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inParallel, startPortal, type Portal } from './portal';
import { signEmbedRequest } from '../../server/embed/request';
import { definitionsChanged, reloadSources } from '../../server/datasources/registry';

const SECRET = 'embed-secret-of-the-dashboard-builder-suite-0123';
const PARTNER = 'https://partner.example';
let portal: Portal;
let admin: string;
let user: string;
let north: string;
let shared: string;
let groupId: string;

const tile = (name: string, Query: Record<string, unknown>) => ({ name, width: 4, height: 2, template: 'Gauge', templateBindings: { Header: name, Query } });
const body = (...tiles: Array<ReturnType<typeof tile>>) => ({ definitions: tiles, layouts: { Default: tiles.map((t, i) => ({ name: t.name, x: (i * 4) % 12, y: 0, w: 4, h: 2 })) } });
const responses = tile('responses', { kind: 'kpi', measure: 'responses' });
const create = async (token: string, name: string, dashboard = body(responses)) => {
  const res = await portal.call('POST', '/api/dashboards', { token, body: { name, moduleId: 'responses', dashboard } });
  if (res.status !== 201) throw new Error(res.text);
  return res.body as { id: string; updatedAt: string };
};
const publish = (token: string, id: string) => portal.call('POST', `/api/dashboards/${id}/publish`, { token, body: {} });
const menu = async (token: string) => (await portal.call('GET', '/api/content', { token })).body.profiles.flatMap((p: { navigationItems: Array<{ moduleId: string }> }) => p.navigationItems.map((n) => n.moduleId));
const home = async (token: string) => (await portal.call('GET', '/api/dataviz/home', { token })).body.map((i: { id: string }) => i.id);
const draw = (token: string, id: string, smartFilters: unknown[] = []) => portal.call('POST', `/api/dataviz/visuals/${id}/Default`, { token, body: { smartFilters } });

beforeAll(async () => {
  portal = await startPortal(400, { embedOrigins: [PARTNER], embedSecret: SECRET });
  [admin, user, north] = (await Promise.all(['portaladmin@demo.cx', 'portaluser@demo.cx', 'north.manager@demo.cx'].map((e) => portal.signIn(e)))).map((t) => t.access);
  // A group the North manager is in and the portal user is not.
  const group = await portal.call('POST', '/api/groups', { token: admin, body: { name: 'North only', memberIds: ['u-north'] } });
  groupId = group.body.id;
  shared = (await create(admin, 'Shared with North')).id;
  await publish(admin, shared);
  const put = await portal.call('PUT', `/api/dashboards/${shared}`, { token: admin, body: { shares: [{ kind: 'group', id: groupId, access: 'view' }] } });
  if (put.status !== 200) throw new Error(put.text);
});
afterAll(() => portal.close());

describe('dashboard builder: who sees a dashboard', () => {
  it('hides a dashboard from a PortalUser outside its shares: 404 for it, its visuals and its source; absent from the menu and the home', async () => {
    expect((await portal.call('GET', `/api/dashboards/${shared}`, { token: user })).status).toBe(404);
    expect((await draw(user, shared)).status).toBe(404);
    expect((await portal.call('POST', `/api/dataviz/smartFilterDataSource/${shared}`, { token: user, body: {} })).status).toBe(404);
    expect((await portal.call('GET', `/api/dashboards/${shared}/export`, { token: user })).status).toBe(404);
    expect(await menu(user)).not.toContain(shared);
    expect(await home(user)).not.toContain(shared);
    expect((await portal.call('GET', '/api/dashboards', { token: user })).body.items.map((d: { id: string }) => d.id)).not.toContain(shared);
  });

  it('shows it to a member of the shared group, its numbers under their claims', async () => {
    expect((await portal.call('GET', `/api/dashboards/${shared}`, { token: north })).status).toBe(200);
    expect(await menu(north)).toContain(shared);
    expect(await home(north)).toContain(shared);
    const mine = await draw(north, shared);
    expect(mine.status).toBe(200);
    const northOnly = await draw(admin, shared, [{ filterKey: 'Region', filterValue: 'North' }]);
    const all = await draw(admin, shared);
    const count = (res: typeof mine) => res.body.visuals[0].primary.data.content[0].data[0].Val as number;
    expect(count(mine)).toBe(count(northOnly));
    expect(count(all)).toBeGreaterThan(count(mine));
  });

  it('keeps a never-published dashboard to its owner and the administrators', async () => {
    const draft = await create(user, 'My private draft');
    expect((await draw(north, draft.id)).status).toBe(404);
    expect((await portal.call('GET', `/api/dashboards/${draft.id}`, { token: north })).status).toBe(404);
    const own = await draw(user, draft.id);
    expect(own.status).toBe(200);
    expect(own.body.visuals).toEqual([]);
    expect((await portal.call('GET', `/api/dashboards/${draft.id}`, { token: admin })).status).toBe(200);
  });

  it('refuses embed tokens on the builder, mints them only for dashboards their principal may view, and draws those only', async () => {
    const exchange = (dashboards: string[]) => {
      const now = Math.floor(portal.clock.now.getTime() / 1000);
      const token = signEmbedRequest({ iss: 'partner', jti: `r-${dashboards.join()}`, iat: now, exp: now + 300, elements: ['cx-dashboard'], dashboards }, SECRET);
      return portal.call('POST', '/api/embed/token', { body: { token }, headers: { origin: PARTNER } });
    };
    // The partner's service identity is a PortalUser outside the dashboard's shares: as unknown as a missing one.
    for (const id of [shared, 'no-such-dashboard']) {
      const refused = await exchange([id, 'overview']);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(`The embed request names an unknown dashboard "${id}".`);
    }
    const token = (await exchange(['overview'])).body.access_token as string;
    const headers = { origin: PARTNER };
    expect((await portal.call('GET', '/api/dashboards', { token, headers })).status).toBe(403);
    expect((await portal.call('GET', `/api/dashboards/${shared}`, { token, headers })).status).toBe(403);
    // Outside the token's dashboards.
    expect((await portal.call('POST', `/api/dataviz/visuals/${shared}/Default`, { token, headers, body: {} })).status).toBe(403);
    expect((await portal.call('POST', '/api/dataviz/visuals/overview/Default', { token, headers, body: {} })).status).toBe(200);
  });
});

describe('dashboard builder: who may change a dashboard', () => {
  it('lets a PortalUser neither share nor edit another’s dashboard', async () => {
    const own = await create(user, 'Mine to keep');
    const share = await portal.call('PUT', `/api/dashboards/${own.id}`, { token: user, body: { shares: [{ kind: 'role', id: 'PortalUser', access: 'view' }] } });
    expect(share.status).toBe(403);
    expect((await portal.call('PUT', `/api/dashboards/${own.id}`, { token: user, body: { everyone: true } })).status).toBe(403);
    // Another's: not found when not shared; forbidden when it is only to view.
    expect((await portal.call('PUT', `/api/dashboards/${shared}`, { token: user, body: { name: 'Mine now' } })).status).toBe(404);
    expect((await portal.call('PUT', `/api/dashboards/${shared}`, { token: north, body: { name: 'Mine now' } })).status).toBe(403);
    expect((await publish(north, shared)).status).toBe(403);
    expect((await portal.call('DELETE', `/api/dashboards/${shared}`, { token: north })).status).toBe(403);
    expect((await portal.call('PUT', '/api/dashboards/overview', { token: user, body: { draft: body(responses) } })).status).toBe(403);
  });

  it('gives parallel publishes one version, and parallel restores distinct, consecutive ones', async () => {
    const made = await create(admin, 'Published in parallel');
    const answers = await inParallel(8, () => publish(admin, made.id));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    // The draft is published once; the others find nothing new to publish.
    const versions = async () => (await portal.db.query<{ version: number }>('SELECT version FROM dashboard_versions WHERE dashboard_id = $1 ORDER BY version', [made.id])).map((r) => Number(r.version));
    expect(await versions()).toEqual([1]);
    const restores = await inParallel(7, () => portal.call('POST', `/api/dashboards/${made.id}/versions/1/restore`, { token: admin, body: {} }));
    expect(restores.map((a) => a.status)).toEqual(Array(7).fill(200));
    expect(await versions()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('answers a stale draftOf with a 409, and restores the published body', async () => {
    const made = await create(admin, 'Restore me', body(responses));
    const first = (await publish(admin, made.id)).body;
    const nps = tile('nps', { kind: 'kpi', measure: 'nps' });
    const edited = await portal.call('PUT', `/api/dashboards/${made.id}`, { token: admin, body: { draft: body(nps), draftOf: first.updatedAt } });
    expect(edited.status).toBe(200);
    const stale = await portal.call('PUT', `/api/dashboards/${made.id}`, { token: admin, body: { draft: body(responses, nps), draftOf: first.updatedAt } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('This dashboard was changed elsewhere; reload it.');
    await publish(admin, made.id);
    const restored = await portal.call('POST', `/api/dashboards/${made.id}/versions/1/restore`, { token: admin, body: {} });
    expect(restored.body.published).toEqual(first.published);
    expect((await draw(admin, made.id)).body.visuals.map((v: { name: string }) => v.name)).toEqual(['responses']);
  });
});

describe('dashboard builder: what a definition may name', () => {
  it('refuses a hidden column and an SQL-ish key with a 400 naming the tile', async () => {
    const made = await create(admin, 'Bad keys');
    const hidden = { ...tile('emails', { kind: 'breakdown', measure: 'responses', axisKey: 'CustomerEmail' }), template: 'Donut' };
    const res = await portal.call('PUT', `/api/dashboards/${made.id}`, { token: admin, body: { draft: body(hidden) } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The tile "emails" reads "CustomerEmail", which the data source "Survey responses" does not have.');
    const sqlish = { ...tile('drop', { kind: 'breakdown', measure: 'responses', axisKey: 'Region); DROP TABLE users; --' }), template: 'Donut' };
    for (const path of [`/api/dashboards/${made.id}`, '/api/dashboards/preview']) {
      const method = path.endsWith('preview') ? 'POST' : 'PUT';
      const sent = method === 'PUT' ? { draft: body(sqlish) } : { moduleId: 'responses', visual: sqlish, smartFilters: [] };
      const answer = await portal.call(method, path, { token: admin, body: sent });
      expect(answer.status).toBe(400);
    }
    const filtered = { ...tile('filtered', { kind: 'kpi', measure: 'responses' }), templateBindings: { Query: { kind: 'kpi', measure: 'responses' }, Filters: [{ filterKey: 'CustomerEmail', filterValue: 'a@b.c' }] } };
    const viaFilter = await portal.call('POST', '/api/dashboards/preview', { token: user, body: { moduleId: 'responses', visual: filtered, smartFilters: [] } });
    expect(viaFilter.status).toBe(400);
    expect(viaFilter.body.message).toContain('"CustomerEmail"');
  });

  it('imports a file naming a missing column as a 400 that names it, and refuses oversized and garbage files', async () => {
    const made = await create(admin, 'To export', body(responses, { ...tile('by-segment', { kind: 'breakdown', measure: 'responses', axisKey: 'Segment' }), template: 'Donut' }));
    const file = (await portal.call('GET', `/api/dashboards/${made.id}/export`, { token: admin })).body;
    const missing = await portal.call('POST', '/api/dashboards/import', { token: admin, body: { file, moduleId: 'reviews' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^The tile "by-segment" reads "Segment" \(Customer segment\), which the data source ".+" does not have\.$/);
    const big = await portal.call('POST', '/api/dashboards/import', { token: admin, body: { file: { ...file, description: 'x'.repeat(1_100_000) } } });
    expect(big.status).toBe(400);
    expect(big.body.message).toBe('The dashboard file is larger than 1 MB.');
    const garbage = await portal.call('POST', '/api/dashboards/import', { token: admin, raw: '{"file": [1, 2, {"x": ', headers: { 'content-type': 'application/json' } });
    expect(garbage.status).toBe(400);
    const wrong = await portal.call('POST', '/api/dashboards/import', { token: admin, body: { file: { ...file, schemaVersion: 7 } } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('This is not a dashboard file: schemaVersion: schemaVersion must be 1.');
  });
});

describe('dashboard builder: review 46', () => {
  const lfl = { name: 'lfl', width: 4, height: 4, template: 'LikeForLikeReport', templateBindings: { Query: { kind: 'review', tile: 'LikeForLikeReport' } } };
  const preview = (token: string, moduleId: string, visual: unknown) => portal.call('POST', '/api/dashboards/preview', { token, body: { moduleId, visual, smartFilters: [] } });
  /** Runs `fn` with the responses source readable by the administrators only. */
  async function withResponsesFor(roles: string[] | undefined, fn: () => Promise<void>) {
    const [row] = await portal.db.query<{ definition: string }>("SELECT definition FROM datasources WHERE source_id = 'responses'");
    const set = async (definition: string) => {
      await portal.db.query("UPDATE datasources SET definition = $1 WHERE source_id = 'responses'", [definition]);
      await definitionsChanged(portal.db);
      await reloadSources(portal.db);
    };
    await set(JSON.stringify({ ...JSON.parse(row.definition), roles }));
    try {
      await fn();
    } finally {
      await set(row.definition);
    }
  }

  it('refuses a review tile on a source without reviews, and reads the responses of like-for-like only for those who may', async () => {
    const onResponses = await preview(user, 'responses', lfl);
    expect(onResponses.status).toBe(400);
    expect(onResponses.body.message).toBe('The tile "lfl" shows reviews; the data source "Survey responses" holds none.');
    const made = await create(user, 'Like for like elsewhere', body());
    expect((await portal.call('PUT', `/api/dashboards/${made.id}`, { token: user, body: { draft: { definitions: [lfl], layouts: { Default: [] } } } })).status).toBe(400);
    expect((await preview(user, 'reviews', lfl)).status).toBe(200);
    await withResponsesFor(['GlobalAdmin', 'PortalAdmin'], async () => {
      const closed = await preview(user, 'reviews', lfl);
      expect(closed.status).toBe(404);
      expect(closed.body.message).toBe('No data source "responses".');
      expect((await preview(admin, 'reviews', lfl)).status).toBe(200);
    });
  });

  it('answers a hidden dashboard in the words of a missing one', async () => {
    for (const id of [shared.toUpperCase(), 'NO-SUCH-DASHBOARD']) {
      for (const path of [`/api/dataviz/visuals/${id}/Default`, `/api/dataviz/smartFilterDataSource/${id}`]) {
        const res = await portal.call('POST', path, { token: user, body: {} });
        expect(res.status, path).toBe(404);
        expect(res.body.message, path).toBe(`No dashboard "${id}".`);
      }
    }
  });

  it('never shows an orphan menu item, and leaves none when a delete races a publish', async () => {
    await portal.db.query(
      `INSERT INTO nav_items (module_id, profile, nav_name, nav_url, nav_weight, module_template, accessible_to_roles, anonymous, hide_menu, hide_on_mobile, show_new_badge)
       VALUES ('orphan-dashboard', 'insights', 'Orphan', '/dashboard/orphan-dashboard/', 60, 'Dashboard', 'PortalUser,GlobalAdmin,PortalAdmin', FALSE, FALSE, FALSE, FALSE)`,
    );
    try {
      expect(await menu(user)).not.toContain('orphan-dashboard');
      expect(await menu(admin)).not.toContain('orphan-dashboard');
    } finally {
      await portal.db.query("DELETE FROM nav_items WHERE module_id = 'orphan-dashboard'");
    }
    for (let round = 0; round < 4; round++) {
      const made = await create(admin, `Raced ${round}`);
      await inParallel(2, (i) => (i === 0 ? publish(admin, made.id) : portal.call('DELETE', `/api/dashboards/${made.id}`, { token: admin })));
      expect(await portal.db.query('SELECT 1 FROM nav_items WHERE module_id = $1', [made.id])).toEqual([]);
      expect(await portal.db.query('SELECT 1 FROM dashboard_versions WHERE dashboard_id = $1', [made.id])).toEqual([]);
    }
  });

  it('refuses more than 4 extra series and a trend of more than 400 points with a 400', async () => {
    const extra = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`data${i}`, { kind: 'kpi', measure: 'responses' }]));
    const many = { ...tile('many', { kind: 'kpi', measure: 'nps' }), templateBindings: { Query: { kind: 'kpi', measure: 'nps' }, ExtraSeries: extra } };
    const res = await preview(user, 'responses', many);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('at most 4 extra series');
    const daily = { name: 'daily', width: 6, height: 3, template: 'Line', templateBindings: { Query: { kind: 'trend', measure: 'responses', seriesKey: 'Region', bucket: 'day' } } };
    const century = [{ filterKey: 'ResponseDate', filterDataType: 'DateTime', filterValue: '1950-01-01T00:00:00Z', filterValueUpperBound: '2049-12-31T23:59:59Z' }];
    const long = await portal.call('POST', '/api/dashboards/preview', { token: user, body: { moduleId: 'responses', visual: daily, smartFilters: century } });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/at most 400/);
  });

  it('shows a viewer neither the draft, its publisher nor its owner', async () => {
    const edited = await portal.call('PUT', `/api/dashboards/${shared}`, { token: admin, body: { draft: body(responses, tile('nps', { kind: 'kpi', measure: 'nps' })) } });
    expect(edited.status).toBe(200);
    const listed = (await portal.call('GET', '/api/dashboards', { token: north })).body.items.find((d: { id: string }) => d.id === shared);
    expect(listed).toMatchObject({ hasDraft: false, ownerId: null });
    const doc = (await portal.call('GET', `/api/dashboards/${shared}`, { token: north })).body;
    expect(doc).toMatchObject({ hasDraft: false, ownerId: null });
    expect(doc.versions.map((v: { publishedBy: unknown }) => v.publishedBy)).toEqual(doc.versions.map(() => null));
  });

  it('keeps the per-owner limit when creates run in parallel', async () => {
    const [{ n }] = await portal.db.query<{ n: number }>("SELECT count(*) AS n FROM dashboards WHERE owner_id = 'u-north'");
    const definition = JSON.stringify({ breadcrumb: { name: 'x', templateBindings: { path: [] } }, definitions: [], layouts: { Default: [] } });
    for (let i = Number(n); i < 197; i++) {
      await portal.db.query("INSERT INTO dashboards (dashboard_id, name, module_id, definition, description, owner_id, everyone, published_version) VALUES ($1, $1, 'responses', $2, '', 'u-north', FALSE, NULL)", [`filler-${i}`, definition]);
    }
    try {
      const answers = await inParallel(8, (i) => portal.call('POST', '/api/dashboards', { token: north, body: { name: `In parallel ${i}`, moduleId: 'responses' } }));
      expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
      expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
      const [{ n: after }] = await portal.db.query<{ n: number }>("SELECT count(*) AS n FROM dashboards WHERE owner_id = 'u-north'");
      expect(Number(after)).toBe(200);
    } finally {
      await portal.db.query("DELETE FROM dashboards WHERE owner_id = 'u-north'");
    }
  });
});
