import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness';
import { mapOnto } from '../../../server/dashboards/copy';
import type { SmartModule } from '../../../server/smartdata/schema';
import type { DashboardBody } from '../../../src/api/dashboard-builder';
import { definitionsChanged, reloadSources } from '../../../server/datasources/registry';

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
    // Nothing to publish without a draft: no version is made.
    expect((await h.call('POST', '/api/dashboards/drivers/publish', { token: admin, body: {} })).body.versions).toEqual([]);
    const { draft } = (await h.call('GET', '/api/dashboards/drivers', { token: admin })).body;
    await h.call('PUT', '/api/dashboards/drivers', { token: admin, body: { draft } });
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

describe('/api/dashboards: review 46', () => {
  const publish = (id: string, body: Record<string, unknown> = {}) => h.call('POST', `/api/dashboards/${id}/publish`, { token: admin, body });
  const read = async (id: string) => (await h.call('GET', `/api/dashboards/${id}`, { token: admin })).body;

  it('saves edit mode as a new published version, and refuses it while a builder draft waits', async () => {
    const made = (await create(admin, 'Edited in place', { dashboard: body(gauge) })).body;
    await publish(made.id);
    const layout = [{ name: 'nps', x: 3, y: 0, w: 3, h: 2 }];
    const saved = await h.call('POST', `/api/dataviz/layout/${made.id}/Default`, { token: admin, body: { layout, changes: { nps: { templateBindings: { Header: 'Moved' } } } } });
    expect(saved.status).toBe(200);
    const doc = await read(made.id);
    expect(doc.publishedVersion).toBe(2);
    expect(doc.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(doc.published.layouts.Default).toEqual(layout);
    expect(doc.published.definitions[0].templateBindings.Header).toBe('Moved');
    await h.call('PUT', `/api/dashboards/${made.id}`, { token: admin, body: { draft: body(gauge, donut) } });
    const waiting = await h.call('POST', `/api/dataviz/layout/${made.id}/Default`, { token: admin, body: { layout } });
    expect(waiting.status).toBe(409);
    expect(waiting.body.message).toBe('This dashboard has unpublished changes in the builder: publish them there first.');
  });

  it('never takes a route word as an id: a dashboard named "Fields" exports', async () => {
    const made = (await create(admin, 'Fields')).body;
    expect(made.id).not.toBe('fields');
    expect((await h.call('GET', `/api/dashboards/${made.id}/export`, { token: admin })).status).toBe(200);
  });

  it('publishes only the draft the publisher saw, changes nothing without a draft, and keeps 50 versions', async () => {
    const made = (await create(admin, 'Publish checks', { dashboard: body(gauge) })).body;
    const first = await publish(made.id, { draftOf: made.updatedAt });
    expect(first.body.publishedVersion).toBe(1);
    expect((await publish(made.id)).body.publishedVersion).toBe(1);
    const saved = await h.call('PUT', `/api/dashboards/${made.id}`, { token: admin, body: { draft: body(donut), draftOf: first.body.updatedAt } });
    const stale = await publish(made.id, { draftOf: first.body.updatedAt });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: 'This dashboard was changed elsewhere; reload it.', code: 'conflict' });
    expect((await publish(made.id, { draftOf: saved.body.updatedAt })).body.publishedVersion).toBe(2);
    for (let v = 3; v <= 52; v++) await h.call('POST', `/api/dashboards/${made.id}/versions/${v - 1}/restore`, { token: admin, body: {} });
    const doc = await read(made.id);
    expect(doc.publishedVersion).toBe(52);
    expect(doc.versions).toHaveLength(50);
    expect(doc.versions.at(-1).version).toBe(3);
  });

  it('restores a version only when the source still has its columns', async () => {
    const made = (await create(admin, 'Restore checks', { dashboard: body(donut) })).body;
    await publish(made.id);
    const [row] = await h.db.query<{ definition: string }>('SELECT definition FROM dashboard_versions WHERE dashboard_id = $1 AND version = 1', [made.id]);
    await h.db.query('UPDATE dashboard_versions SET definition = $3 WHERE dashboard_id = $1 AND version = $2', [made.id, 1, row.definition.replaceAll('"Channel"', '"CustomerEmail"')]);
    const res = await h.call('POST', `/api/dashboards/${made.id}/versions/1/restore`, { token: admin, body: {} });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The tile "channels" reads "CustomerEmail", which the data source "Survey responses" does not have.');
  });

  it('takes a dashboard of one size limit on create, save and import', async () => {
    const long = { ...gauge, templateBindings: { ...gauge.templateBindings, Header: 'x'.repeat(300 * 1024) } };
    const made = await create(admin, 'Large', { dashboard: body(long) });
    expect(made.status).toBe(201);
    expect((await h.call('PUT', `/api/dashboards/${made.body.id}`, { token: admin, body: { draft: body(long) } })).status).toBe(200);
    const huge = { ...gauge, templateBindings: { ...gauge.templateBindings, Header: 'x'.repeat(1100 * 1024) } };
    const refused = await h.call('PUT', `/api/dashboards/${made.body.id}`, { token: admin, body: { draft: body(huge) } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('A dashboard is at most 1 MB.');
  });

  it('checks the measures of extra series', async () => {
    const made = (await create(admin, 'Extra series')).body;
    const extra = { ...gauge, templateBindings: { ...gauge.templateBindings, ExtraSeries: { dataX: { kind: 'kpi', measure: 'average:Channel' } } } };
    const res = await h.call('PUT', `/api/dashboards/${made.id}`, { token: admin, body: { draft: body(extra) } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^The tile "nps": .*"Channel"/);
  });

  it('answers one message for a source the portal lacks and one the caller may not read', async () => {
    const made = (await create(admin, 'Import words', { dashboard: body(gauge) })).body;
    const file = (await h.call('GET', `/api/dashboards/${made.id}/export`, { token: admin })).body;
    const messages = [];
    for (const id of ['portal-feedback', 'no-such-source']) {
      const res = await h.call('POST', '/api/dashboards/import', { token: user, body: { file: { ...file, dataSource: { ...file.dataSource, id } } } });
      expect(res.status).toBe(400);
      messages.push(res.body.message.replace(id, '{id}'));
    }
    expect(messages[0]).toBe(messages[1]);
  });

  it('answers a stored definition or draft that no longer passes with a 409 that says so, never a 500', async () => {
    const made = (await create(admin, 'Broken', { dashboard: body(gauge) })).body;
    await h.db.query('UPDATE dashboards SET draft = $2 WHERE dashboard_id = $1', [made.id, JSON.stringify({ definitions: [{ ...gauge, template: 'Nope' }], layouts: {} })]);
    const published = await publish(made.id);
    expect(published.status).toBe(409);
    expect(published.body.message).toMatch(/^The draft of the dashboard "Broken" is no longer valid \(the tile "nps"\): /);
    expect((await h.call('GET', `/api/dashboards/${made.id}`, { token: admin })).status).toBe(409);
    await h.db.query('UPDATE dashboards SET draft = NULL, definition = $2 WHERE dashboard_id = $1', [made.id, '{"definitions": 7']);
    for (const res of [await h.call('GET', `/api/dashboards/${made.id}`, { token: admin }), await h.call('POST', `/api/dataviz/visuals/${made.id}/Default`, { token: admin, body: {} })]) {
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/^The published definition of the dashboard "Broken" is no longer valid/);
    }
    await h.call('DELETE', `/api/dashboards/${made.id}`, { token: admin });
  });

  it('previews a tile with the claims its dashboard draws with', async () => {
    const [row] = await h.db.query<{ definition: string }>("SELECT definition FROM datasources WHERE source_id = 'responses'");
    const set = async (definition: string) => {
      await h.db.query("UPDATE datasources SET definition = $1 WHERE source_id = 'responses'", [definition]);
      await definitionsChanged(h.db);
      await reloadSources(h.db);
    };
    await set(JSON.stringify({ ...JSON.parse(row.definition), ignoreClaims: true }));
    try {
      const count = async (token: string) => (await h.call('POST', '/api/dashboards/preview', { token, body: { moduleId: 'responses', visual: gauge, smartFilters: [], ignoreClaims: true } })).body.primary.data.currentRecordCount;
      expect(await count(north)).toBe(await count(admin));
    } finally {
      await set(row.definition);
    }
  });
});
