import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal } from './portal';

let portal: Portal;
let north: string;
let editor: string;
let user: string;
let admin: string;
let northStore: string;
let southStore: string;
beforeAll(async () => {
  portal = await startPortal();
  [north, editor, user, admin] = await Promise.all(
    ['north.manager@demo.cx', 'surveyeditor@demo.cx', 'portaluser@demo.cx', 'portaladmin@demo.cx'].map(async (e) => (await portal.signIn(e)).access),
  );
  const stores = await portal.db.query<{ store: string; region: string }>('SELECT DISTINCT store, region FROM responses ORDER BY store');
  northStore = stores.find((s) => s.region === 'North')!.store;
  southStore = stores.find((s) => s.region === 'South')!.store;
});
afterAll(() => portal.close());

type View = { shortcode: string; version: number; settings: Record<string, unknown>; definition: unknown; status: string };
const create = async (token: string) => (await portal.call('POST', '/api/surveys', { token, body: { title: 'Pop-up store' } })).body as View;
const save = (token: string, v: View, settings: Record<string, unknown>) =>
  portal.call('PUT', `/api/surveys/${v.shortcode}`, { token, body: { version: v.version, settings: { ...v.settings, ...settings }, definition: v.definition } });
const view = async (shortcode: string) => (await portal.call('GET', `/api/surveys/${shortcode}`, { token: admin })).body as View;
const versionCall = (token: string, v: View, action: 'publish' | 'close') => portal.call('POST', `/api/surveys/${v.shortcode}/${action}`, { token, body: { version: v.version } });

describe("a survey reports only under the editor's places and the module's channels", () => {
  it("offers a region-restricted editor only the stores of their region", async () => {
    const places = (await portal.call('GET', '/api/surveys/places', { token: north })).body as { stores: string[]; channels: string[] };
    expect(places.stores).toContain(northStore);
    expect(places.stores).not.toContain(southStore);
    const regions = await portal.db.query<{ region: string }>(`SELECT DISTINCT region FROM responses WHERE store IN (${places.stores.map((_, i) => `$${i + 1}`).join(', ')})`, places.stores);
    expect(regions.map((r) => r.region)).toEqual(['North']);
  });

  it("refuses a region-restricted editor's survey under another region's store, and nothing lands there", async () => {
    const v = await create(north);
    const saved = await save(north, v, { stores: [northStore, southStore] });
    expect(saved.status).toBe(400);
    expect(saved.body.message).toBe(`There is no store "${southStore}" you may report under.`);
    // A draft that names such a store (saved before the check, or before their claims narrowed) is not published either.
    const mine = await save(north, v, { stores: [northStore] });
    expect(mine.status).toBe(200);
    await portal.db.query('UPDATE surveys SET settings = $1 WHERE shortcode = $2', [JSON.stringify({ ...v.settings, stores: [northStore, southStore] }), v.shortcode]);
    const published = await versionCall(north, mine.body as View, 'publish');
    expect(published.status).toBe(400);
    expect((await portal.call('GET', `/api/survey/${v.shortcode}`)).status).toBe(404);
  });

  it('refuses a channel that is not one of the module', async () => {
    const v = await create(editor);
    const res = await save(editor, v, { channel: 'Totally real channel' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('There is no channel "Totally real channel": choose one of the listed channels.');
    const channels = (await portal.call('GET', '/api/surveys/places', { token: editor })).body.channels as string[];
    expect(channels).not.toContain('Totally real channel');
  });
});

describe("another's survey is changed only by a role that may", () => {
  it("a portal user can neither edit, close nor republish another's survey, the seeded 360° one included", async () => {
    for (const shortcode of ['leadership-360', 'storevisit']) {
      const before = await view(shortcode);
      const edit = await save(user, before, { title: { en: 'Hijacked' } });
      expect(edit.status).toBe(403);
      expect(edit.body.message).toBe("Only the survey's owner or a portal administrator can change this survey.");
      expect((await versionCall(user, before, 'close')).status).toBe(403);
      expect((await versionCall(user, before, 'publish')).status).toBe(403);
      const after = await view(shortcode);
      expect({ version: after.version, status: after.status, settings: after.settings }).toEqual({ version: before.version, status: before.status, settings: before.settings });
    }
  });

  it("the survey editor who did not create the 360° survey cannot close it; a portal administrator can change anyone's", async () => {
    const v360 = await view('leadership-360');
    expect((await versionCall(editor, v360, 'close')).status).toBe(403);
    const storevisit = await view('storevisit');
    const closed = await versionCall(admin, storevisit, 'close');
    expect(closed.status).toBe(200);
    expect((await versionCall(admin, closed.body as View, 'publish')).status).toBe(200);
    // The owner keeps their own survey.
    const own = await create(user);
    expect((await save(user, own, { title: { en: 'Mine' } })).status).toBe(200);
  });

  it("tells the editor who may change a survey, so another's opens read-only", async () => {
    const may = async (token: string, shortcode: string) => ((await portal.call('GET', `/api/surveys/${shortcode}`, { token })).body as { canChange: boolean }).canChange;
    expect(await may(user, 'storevisit')).toBe(false);
    expect(await may(editor, 'storevisit')).toBe(true);
    expect(await may(editor, 'leadership-360')).toBe(false);
    expect(await may(admin, 'storevisit')).toBe(true);
  });
});
