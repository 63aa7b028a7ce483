import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDb } from './harness';
import { migrate } from '../../../server/db/migrate';
import { createApp } from '../../../server/app';
import { adminFromEnv, prepareDatabase, startMode } from '../../../server/setup/prepare';
import type { Db } from '../../../server/db';

// PORTAL_START=empty: a portal with what it needs to work and none of the demo's people, data or dashboards.
let db: Db;
let setupNeeded: boolean;
const log: string[] = [];
beforeAll(async () => {
  db = await freshDb();
  await migrate(db);
  ({ setupNeeded } = await prepareDatabase(db, { PORTAL_START: 'empty' }, (line) => log.push(line)));
});
afterAll(() => db.close());

const count = async (table: string) => Number((await db.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0].n);
const app = () => createApp({ deps: { db, secret: 'test-secret-that-is-long-enough', now: () => new Date(), failureDelayMs: 0 } });

describe('PORTAL_START=empty', () => {
  it('seeds no demo users, responses, cases, reviews, surveys or dashboards', async () => {
    expect(log).toEqual([expect.stringMatching(/^Seeded an empty portal into the \w+ database in [\d.]+ s\.$/)]);
    for (const table of ['users', 'responses', 'cases', 'reviews', 'surveys', 'survey_people', 'dashboards', 'groups', 'favourites', 'feedback_sessions']) {
      expect(await count(table), table).toBe(0);
    }
    expect(setupNeeded).toBe(true);
  });

  it('keeps what the portal needs: roles, settings, the navigation without the demo\'s pages, and the built-in data sources', async () => {
    expect((await db.query<{ name: string }>('SELECT name FROM roles ORDER BY rank, name')).map((r) => r.name)).toEqual(['GlobalAdmin', 'System', 'PortalAdmin', 'PortalUser', 'SurveyEditor']);
    const nav = (await db.query<{ module_id: string }>('SELECT module_id FROM nav_items')).map((n) => n.module_id);
    expect(nav).toEqual(expect.arrayContaining(['home', 'users', 'groups', 'alerts', 'help']));
    for (const demo of ['overview', 'drivers', 'social', 'responses', 'portal-feedback']) expect(nav).not.toContain(demo);
    expect((await db.query<{ source_id: string }>('SELECT source_id FROM datasources ORDER BY source_id')).map((s) => s.source_id)).toEqual(['case-outcomes', 'portal-feedback', 'recovery', 'responses', 'reviews']);
  });

  it('answers the portal\'s settings and the set-up check', async () => {
    const settings = await app().request('/api/settings');
    expect(settings.status).toBe(200);
    expect(await settings.json()).toMatchObject({ clientId: 'cx-portal-web', roles: expect.arrayContaining(['GlobalAdmin']), languages: expect.any(Array) });
    const setup = await app().request('/api/setup');
    expect(await setup.json()).toEqual({ needed: true });
  });

  it('makes the first administrator of ADMIN_EMAIL and ADMIN_PASSWORD once, when no user exists', async () => {
    const other = await freshDb();
    try {
      await migrate(other);
      const env = { PORTAL_START: 'empty', ADMIN_EMAIL: 'Ops@Example.org', ADMIN_PASSWORD: 'Ops-Admin-2345!' };
      expect(await prepareDatabase(other, env, () => undefined)).toEqual({ mode: 'empty', setupNeeded: false });
      // A restart with the same settings (or another process) changes nothing.
      await prepareDatabase(other, { ...env, ADMIN_EMAIL: 'someone.else@example.org' }, () => undefined);
      const users = await other.query<{ user_name: string; first_name: string; role: string }>('SELECT user_name, first_name, role FROM users');
      expect(users.map((u) => ({ ...u }))).toEqual([{ user_name: 'ops@example.org', first_name: 'Administrator', role: 'GlobalAdmin' }]);
    } finally {
      await other.close();
    }
  });

  it('refuses a mistyped switch or a weak or half-given administrator before anything is written', () => {
    expect(startMode({})).toBe('demo');
    expect(startMode({ PORTAL_START: 'Empty' })).toBe('empty');
    expect(() => startMode({ PORTAL_START: 'blank' })).toThrow('PORTAL_START is "blank": use demo (the default) or empty.');
    expect(adminFromEnv({})).toBeUndefined();
    expect(() => adminFromEnv({ ADMIN_EMAIL: 'a@example.org' })).toThrow(/Set both ADMIN_EMAIL and ADMIN_PASSWORD/);
    expect(() => adminFromEnv({ ADMIN_EMAIL: 'a@example.org', ADMIN_PASSWORD: 'weak' })).toThrow(/ADMIN_PASSWORD: Use at least 8 characters/);
    expect(adminFromEnv({ ADMIN_EMAIL: 'a@example.org', ADMIN_PASSWORD: 'Strong-2345!', ADMIN_NAME: 'Ada Lovelace' })).toEqual({ name: 'Ada Lovelace', email: 'a@example.org', password: 'Strong-2345!' });
  });
});
