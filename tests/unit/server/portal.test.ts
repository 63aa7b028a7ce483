import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness';

let h: Harness;
let user: string;
let admin: string;
let system: string;
beforeAll(async () => {
  h = await harness(200);
  [user, admin, system] = await Promise.all([h.signIn('portaluser@demo.cx'), h.signIn('globaladmin@demo.cx'), h.signIn('system@demo.cx')]);
});
afterAll(() => h.close());

describe('settings', () => {
  it('are public and carry the fields of spec part 1', async () => {
    const s = await h.call('GET', '/api/settings');
    expect(s.status).toBe(200);
    for (const key of ['cacheBusterHash', 'cacheBusterContentHash', 'languages', 'portalCoreVersion', 'viewingProfanityCleanedFieldsAccessibleToRoles',
      'googleAnalyticsId', 'clientId', 'environment', 'appInsightsKey', 'roles', 'qrBaseUrl', 'sso', 'isEcho2Enabled']) {
      expect(s.body).toHaveProperty(key);
    }
    expect(s.body.languages.map((l: { code: string }) => l.code)).toEqual(['en', 'de']);
    expect((await h.call('GET', '/api/settings/roles')).body.roles).toEqual(['GlobalAdmin', 'System', 'PortalAdmin', 'PortalUser', 'SurveyEditor']);
    expect((await h.call('GET', '/api/settings/version')).body).toEqual({ portalCoreVersion: '0.1.0', cacheBusterHash: 'b1', cacheBusterContentHash: 'c1' });
  });

  it('serve public named configurations and hide the rest', async () => {
    expect((await h.call('GET', '/api/settings/feedback')).body.Enabled).toBe(true);
    expect((await h.call('GET', '/api/settings/portal')).status).toBe(404);
    expect((await h.call('GET', '/api/settings/nothing')).body.message).toBe('No setting named "nothing".');
  });

  it('refresh and clear the cache for GlobalAdmin and System only', async () => {
    expect((await h.call('GET', '/api/settings/refresh', { token: user })).status).toBe(403);
    expect((await h.call('GET', '/api/settings/clearcache')).status).toBe(401);
    const refreshed = await h.call('GET', '/api/settings/refresh', { token: system });
    expect(refreshed.status).toBe(200);
    expect((await h.call('GET', '/api/settings/version')).body.cacheBusterContentHash).toBe(refreshed.body.cacheBusterContentHash);
    expect((await h.call('GET', '/api/settings/clearcache', { token: admin })).status).toBe(200);
  });
});

describe('preferences, state and membership', () => {
  it('keeps the locale per user and rejects unknown ones', async () => {
    expect((await h.call('GET', '/api/UserPreferences/get', { token: user })).body).toEqual({ locale: 'en' });
    expect((await h.call('POST', '/api/UserPreferences/update', { token: user, body: { locale: 'de' } })).status).toBe(200);
    expect((await h.call('GET', '/api/UserPreferences/get', { token: user })).body).toEqual({ locale: 'de' });
    expect((await h.call('GET', '/api/UserPreferences/get', { token: admin })).body).toEqual({ locale: 'en' });
    const bad = await h.call('POST', '/api/UserPreferences/update', { token: user, body: { locale: 'xx' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('locale: locale must be one of en, de');
  });

  it('takes concurrent saves of the same user without a server error', async () => {
    const saves = await Promise.all(['de', 'en', 'de', 'en', 'de', 'en'].map((locale) => h.call('POST', '/api/UserPreferences/update', { token: admin, body: { locale } })));
    expect(saves.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(['de', 'en']).toContain((await h.call('GET', '/api/UserPreferences/get', { token: admin })).body.locale);
    const states = await Promise.all([1, 2, 3, 4].map((n) => h.call('POST', '/api/portaluserstate/save/race', { token: admin, body: { n } })));
    expect(states.map((r) => r.status)).toEqual([200, 200, 200, 200]);
  });

  it('saves and restores portal state per user and key', async () => {
    const state = { path: '/dashboard/overview/', filters: [{ filterKey: 'Region', filterValue: 'North' }] };
    expect((await h.call('POST', '/api/portaluserstate/save/dashboard', { token: user, body: state })).status).toBe(200);
    expect((await h.call('GET', '/api/portaluserstate/get/dashboard', { token: user })).body).toEqual(state);
    expect((await h.call('GET', '/api/portaluserstate/get/dashboard', { token: admin })).status).toBe(204);
    expect((await h.call('GET', '/api/portaluserstate/get/bad%20key', { token: user })).status).toBe(400);
    const big = await h.call('POST', '/api/portaluserstate/save/big', { token: user, body: { blob: 'x'.repeat(70_000) } });
    expect(big.status).toBe(400);
    expect(big.body.message).toBe('The saved state is larger than 64 KB.');
  });

  it('refuses bodies over the size limit with 413', async () => {
    const res = await h.call('POST', '/api/portaluserstate/save/huge', { token: user, raw: JSON.stringify({ blob: 'x'.repeat(300_000) }) });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The request body is larger than 256 KB.');
  });

  it('describes membership', async () => {
    expect((await h.call('GET', '/api/membership')).body.lockout).toEqual({ attempts: 5, minutes: 15 });
  });
});

describe('content and menus', () => {
  const names = (profiles: Array<{ navigationItems: Array<{ navName: string }> }>) => profiles.flatMap((p) => p.navigationItems.map((n) => n.navName));

  it('filters navigation by role, and shows anonymous users only anonymous items', async () => {
    expect(names((await h.call('GET', '/api/content')).body.profiles)).toEqual(['Help']);
    const forUser = names((await h.call('GET', '/api/content', { token: user })).body.profiles);
    expect(forUser).toEqual(['Home', 'Overview', 'Drivers', 'Reviews', 'Responses', '360° feedback', 'Alerts', 'Help', 'Cases', 'Review replies', 'Survey editor']);
    const forAdmin = names((await h.call('GET', '/api/content', { token: admin })).body.profiles);
    expect(forAdmin).toEqual(expect.arrayContaining(['Users', 'Operations', 'Groups', 'Portal feedback']));
    expect(forUser).not.toContain('Portal feedback');
    expect(forAdmin).not.toContain('Cases');
    expect(forAdmin).not.toContain('Review replies');
  });

  it('names every menu item in German for a German browser', async () => {
    const german = { 'accept-language': 'de-DE,de;q=0.9' };
    const forUser = names((await h.call('GET', '/api/content', { token: user, headers: german })).body.profiles);
    expect(forUser).toEqual(['Startseite', 'Übersicht', 'Treiber', 'Bewertungen', 'Antworten', '360°-Feedback', 'Warnungen', 'Hilfe', 'Fälle', 'Bewertungsantworten', 'Umfrage-Editor']);
    // No two items start alike ("Antworten" and "Antworten auf Bewertungen" read as one).
    expect(new Set(forUser.map((n) => n.split(' ')[0])).size).toBe(forUser.length);
    const forAdmin = names((await h.call('GET', '/api/content', { token: admin, headers: german })).body.profiles);
    expect(forAdmin).toEqual(expect.arrayContaining(['Benutzer', 'Betrieb', 'Gruppen', 'Portal-Feedback']));
  });

  it('shows Alerts only while the alerting feature is on', async () => {
    const [row] = await h.db.query<{ value: string }>("SELECT value FROM settings WHERE name = 'portal'");
    const settings = JSON.parse(row.value);
    await h.db.query("UPDATE settings SET value = $1 WHERE name = 'portal'", [JSON.stringify({ ...settings, features: { ...settings.features, alerting: false } })]);
    expect(names((await h.call('GET', '/api/content', { token: user })).body.profiles)).not.toContain('Alerts');
    await h.db.query("UPDATE settings SET value = $1 WHERE name = 'portal'", [row.value]);
    expect(names((await h.call('GET', '/api/content', { token: user })).body.profiles)).toContain('Alerts');
  });

  it('gives navigation items the fields and weights of the spec', async () => {
    const admin_ = (await h.call('GET', '/api/content/profile/admin', { token: admin })).body;
    const weights = Object.fromEntries(admin_.navigationItems.map((n: { navName: string; navWeight: number }) => [n.navName, n.navWeight]));
    expect(weights).toEqual({ 'Portal feedback': 95, 'Data sources': 97, 'Case rules': 98, Users: 99, Webhooks: 100, 'Single sign-on': 101, Operations: 130, Groups: 199 });
    expect(Object.keys(admin_.navigationItems[0]).sort()).toEqual(
      ['accessibleToRoles', 'hideMenu', 'hideOnMobile', 'moduleId', 'moduleTemplate', 'navName', 'navUrl', 'navWeight', 'showNewBadge'],
    );
    expect((await h.call('GET', '/api/content/profile/nope', { token: admin })).status).toBe(404);
  });

  it('serves a module of a profile to those who may see it', async () => {
    const mod = await h.call('GET', '/api/content/module/responses/profile/insights', { token: user });
    expect(mod.body).toMatchObject({ moduleId: 'responses', moduleTemplate: 'DataViewer', content: { kind: 'smartdata' } });
    expect((await h.call('GET', '/api/content/module/users/profile/admin', { token: user })).status).toBe(404);
    expect((await h.call('GET', '/api/content/module/responses/profile/insights')).status).toBe(401);
  });

  it('lists content settings and client plugins', async () => {
    expect((await h.call('GET', '/api/content/settings')).body).toEqual({ displayMode: 'Default', loadNativeNavigation: true });
    expect((await h.call('GET', '/api/content/clientplugins')).body[0]).toMatchObject({ elementName: 'cx-feedback-widget', enabled: true, parentSelector: 'body', retryInterval: 1000 });
  });
});

describe('claim filters, stores and test endpoints', () => {
  it('returns claim filters for the claim types the user has', async () => {
    const north = await h.signIn('north.manager@demo.cx');
    expect((await h.call('GET', '/api/filter', { token: north })).body).toEqual([
      { label: 'Region', name: 'Region', filterName: 'Region', fields: ['Region'], Selection: ['North'], defaultValue: 'North' },
    ]);
    expect((await h.call('GET', '/api/filter', { token: user })).body).toEqual([]);
    const stores = (await h.call('GET', '/reporting/api/filter/stores', { token: north })).body;
    expect(stores.length).toBeGreaterThan(0);
    expect(new Set(stores.map((s: { region: string }) => s.region))).toEqual(new Set(['North']));
  });

  it('answers the dummy endpoints, a thrown error as a 500 without internals', async () => {
    expect((await h.call('GET', '/api/dummy')).status).toBe(200);
    expect((await h.call('GET', '/api/dummy/data')).body).toHaveLength(2);
    expect((await h.call('GET', '/api/dummy/secretdata')).status).toBe(401);
    expect((await h.call('GET', '/api/dummy/secretdata', { token: user })).status).toBe(200);
    const original = console.error;
    console.error = () => {};
    const boom = await h.call('GET', '/api/dummy/exception');
    console.error = original;
    expect(boom.status).toBe(500);
    expect(boom.body).toEqual({ title: 'ServerError', message: 'Something went wrong on the server.', errorCode: expect.any(String) });
    expect((await h.call('GET', '/api/nothing/here')).status).toBe(404);
  });
});
