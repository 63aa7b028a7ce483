import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness';
import { mapOnto } from '../../../server/dashboards/copy';
import type { SmartModule } from '../../../server/smartdata/schema';
import type { DashboardBody } from '../../../src/api/dashboard-builder';

let h: Harness;
let admin: string;
let user: string;
let north: string;
beforeAll(async () => {
  h = await harness(1500);
  [admin, user, north] = await Promise.all([h.signIn('portaladmin@demo.cx'), h.signIn('portaluser@demo.cx'), h.signIn('north.manager@demo.cx')]);
});
afterAll(() => h.close());

const gauge = { name: 'nps', width: 3, height: 2, template: 'Gauge', templateBindings: { Header: 'NPS', Query: { kind: 'kpi', measure: 'nps' } } };
const donut = { name: 'channels', width: 6, height: 2, template: 'Donut', templateBindings: { Header: 'By channel', Query: { kind: 'breakdown', measure: 'responses', axisKey: 'Channel' } } };
const body = (...tiles: Array<typeof gauge | typeof donut>): DashboardBody =>
  ({ definitions: tiles, layouts: { Default: tiles.map((t, i) => ({ name: t.name, x: (i * 6) % 12, y: Math.floor(i / 2) * 2, w: t.width, h: t.height })) } }) as unknown as DashboardBody;
const create = (token: string, name: string, extra: Record<string, unknown> = {}) => h.call('POST', '/api/dashboards', { token, body: { name, moduleId: 'responses', ...extra } });
const menuIds = async (token: string) => (await h.call('GET', '/api/content', { token })).body.profiles.flatMap((p: { navigationItems: Array<{ moduleId: string }> }) => p.navigationItems.map((n) => n.moduleId));

describe('/api/dashboards', () => {
  it('makes a new, empty, private draft with an id from its name', async () => {
    const res = await create(user, 'My first dashboard!', { description: 'Mine' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: 'my-first-dashboard', name: 'My first dashboard!', ownerId: 'u-portaluser', publishedVersion: null, published: null, everyone: false, mayEdit: true, mayShare: false });
    expect(res.body.draft).toEqual({ definitions: [], layouts: { Default: [] } });
    expect((await create(user, 'My first dashboard')).body.id).toBe('my-first-dashboard-2');
    // Not published: its owner draws an empty dashboard, another user finds none.
    const own = await h.call('POST', '/api/dataviz/visuals/my-first-dashboard/Default', { token: user, body: {} });
    expect(own.status).toBe(200);
    expect(own.body.visuals).toEqual([]);
    expect((await h.call('POST', '/api/dataviz/visuals/my-first-dashboard/Default', { token: north, body: {} })).status).toBe(404);
    expect((await h.call('GET', '/api/dashboards', { token: north })).body.items.map((d: { id: string }) => d.id)).not.toContain('my-first-dashboard');
  });

  it('lists the seeded dashboards as published version 1 for everyone', async () => {
    const res = await h.call('GET', '/api/dashboards/overview', { token: user });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ publishedVersion: 1, everyone: true, ownerId: null, mayEdit: false, hasDraft: false });
    expect(res.body.draft.definitions.length).toBeGreaterThan(3);
  });

  it('saves a draft, refuses a stale one, publishes versions and restores one', async () => {
    const made = (await create(admin, 'Versions')).body;
    const saved = await h.call('PUT', `/api/dashboards/${made.id}`, { token: admin, body: { draft: body(gauge), draftOf: made.updatedAt } });
    expect(saved.status).toBe(200);
    expect(saved.body.hasDraft).toBe(true);
    const stale = await h.call('PUT', `/api/dashboards/${made.id}`, { token: admin, body: { draft: body(gauge, donut), draftOf: made.updatedAt } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('This dashboard was changed elsewhere; reload it.');

    const first = await h.call('POST', `/api/dashboards/${made.id}/publish`, { token: admin, body: {} });
    expect(first.body).toMatchObject({ publishedVersion: 1, hasDraft: false, url: `/dashboard/${made.id}/` });
    expect(await menuIds(admin)).toContain(made.id);
    // A bad edit published, then version 1 restored.
    await h.call('PUT', `/api/dashboards/${made.id}`, { token: admin, body: { draft: body(donut), draftOf: first.body.updatedAt } });
    expect((await h.call('POST', `/api/dashboards/${made.id}/publish`, { token: admin, body: {} })).body.publishedVersion).toBe(2);
    const restored = await h.call('POST', `/api/dashboards/${made.id}/versions/1/restore`, { token: admin, body: {} });
    expect(restored.body.publishedVersion).toBe(3);
    expect(restored.body.published.definitions.map((d: { name: string }) => d.name)).toEqual(['nps']);
    expect(restored.body.versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect((await h.call('POST', `/api/dashboards/${made.id}/versions/9/restore`, { token: admin, body: {} })).status).toBe(404);
  });

  it('keeps a seeded dashboard’s body as version 1 when it is first published again', async () => {
    const res = await h.call('POST', '/api/dashboards/drivers/publish', { token: admin, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
  });

  it('renames in the menu, duplicates and deletes with the menu item and versions', async () => {
    const made = (await create(admin, 'To rename', { dashboard: body(gauge) })).body;
    await h.call('POST', `/api/dashboards/${made.id}/publish`, { token: admin, body: {} });
    await h.call('PUT', `/api/dashboards/${made.id}`, { token: admin, body: { name: 'Renamed', everyone: true } });
    const [item] = await h.db.query<{ nav_name: string }>('SELECT nav_name FROM nav_items WHERE module_id = $1', [made.id]);
    expect(item.nav_name).toBe('Renamed');
    const copy = await h.call('POST', `/api/dashboards/${made.id}/duplicate`, { token: user, body: { name: 'My copy' } });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ ownerId: 'u-portaluser', publishedVersion: null, hasDraft: true });
    expect(copy.body.draft.definitions.map((d: { name: string }) => d.name)).toEqual(['nps']);
    expect((await h.call('DELETE', `/api/dashboards/${made.id}`, { token: user })).status).toBe(403);
    expect((await h.call('DELETE', `/api/dashboards/${made.id}`, { token: admin })).body).toEqual({ deleted: true });
    expect(await h.db.query('SELECT 1 FROM nav_items WHERE module_id = $1', [made.id])).toEqual([]);
    expect(await h.db.query('SELECT 1 FROM dashboard_versions WHERE dashboard_id = $1', [made.id])).toEqual([]);
    expect((await h.call('GET', `/api/dashboards/${made.id}`, { token: admin })).status).toBe(404);
  });

  it('exports a file that imports as the same tiles, and names a column the target lacks', async () => {
    const made = (await create(admin, 'Portable', { dashboard: body(gauge, donut) })).body;
    const exported = await h.call('GET', `/api/dashboards/${made.id}/export`, { token: admin });
    expect(exported.headers.get('content-disposition')).toBe('attachment; filename="portable.dashboard.json"');
    expect(exported.body).toMatchObject({ schemaVersion: 1, $schema: '/api/dashboards/schema.json', dataSource: { id: 'responses' } });
    expect(exported.body.dataSource.columns.map((c: { key: string }) => c.key)).not.toContain('CustomerEmail');
    const imported = await h.call('POST', '/api/dashboards/import', { token: user, body: { file: exported.body } });
    expect(imported.status).toBe(201);
    expect(imported.body.draft).toEqual(exported.body.dashboard);
    expect((await h.call('POST', '/api/dashboards/import', { token: user, body: { file: exported.body, moduleId: 'portal-feedback' } })).body.message).toBe('No data source "portal-feedback".');
    const elsewhere = await h.call('POST', '/api/dashboards/import', { token: admin, body: { file: exported.body, moduleId: 'portal-feedback' } });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toMatch(/^The tile "channels" reads "Channel", which the data source ".+" does not have\.$/);
    const garbage = await h.call('POST', '/api/dashboards/import', { token: user, body: { file: { hello: 'world' } } });
    expect(garbage.status).toBe(400);
    expect(garbage.body.message).toMatch(/^This is not a dashboard file: /);
  });

  it('maps columns onto another source by key, then by name', () => {
    const target = { moduleId: 't', name: 'Target', columns: [{ key: 'Canal', name: 'Channel', column: 'c', typeName: 'String', dimension: true }] } as unknown as SmartModule;
    const mapped = mapOnto(body(donut), [{ key: 'Channel', name: 'Channel' }], target);
    expect((mapped.definitions[0].templateBindings.Query as { axisKey: string }).axisKey).toBe('Canal');
  });

  it('answers the builder’s fields under the caller’s claims, without hidden columns', async () => {
    const res = await h.call('GET', '/api/dashboards/fields/responses', { token: north });
    expect(res.status).toBe(200);
    const keys = res.body.fields.map((f: { key: string }) => f.key);
    expect(keys).toContain('NPS');
    expect(keys).not.toContain('CustomerEmail');
    expect(res.body.fields.find((f: { key: string }) => f.key === 'Region').values).toEqual(['North']);
    expect(res.body.fields.find((f: { key: string }) => f.key === 'NPS').score).toMatchObject({ kind: 'NPS' });
  });

  it('previews one tile, refusing a column the source hides', async () => {
    const res = await h.call('POST', '/api/dashboards/preview', { token: user, body: { moduleId: 'responses', visual: donut, smartFilters: [] } });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('channels');
    const hidden = { ...donut, templateBindings: { ...donut.templateBindings, Query: { kind: 'breakdown', measure: 'responses', axisKey: 'CustomerEmail' } } };
    const refused = await h.call('POST', '/api/dashboards/preview', { token: user, body: { moduleId: 'responses', visual: hidden, smartFilters: [] } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('"CustomerEmail"');
  });

  it('publishes its file format as JSON Schema', async () => {
    const res = await h.call('GET', '/api/dashboards/schema.json', { token: user });
    expect(res.status).toBe(200);
    expect(res.body.properties.schemaVersion).toMatchObject({ const: 1 });
    expect(res.body.required).toEqual(expect.arrayContaining(['schemaVersion', 'name', 'dataSource', 'dashboard']));
  });
});
