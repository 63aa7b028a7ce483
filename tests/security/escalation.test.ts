import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkToken, startPortal, type Portal } from './portal';

let portal: Portal;
let admin: string;
beforeAll(async () => {
  portal = await startPortal();
  admin = (await portal.signIn('portaladmin@demo.cx')).access;
});
afterAll(() => portal.close());

const region = [{ Type: 'Region', Value: 'North' }];
const roleOf = async (id: string) => (await portal.db.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [id]))[0]?.role;

describe('a PortalAdmin acting above their role', () => {
  it('cannot create a System user', async () => {
    const res = await portal.call('POST', '/api/identity/createuser', {
      token: admin,
      body: { User: { email: 'ops.helper@demo.cx', firstName: 'Ops', lastName: 'Helper', role: 'System', claims: [] } },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.Role).toEqual(['InvalidRole']);
    expect(await portal.db.query("SELECT id FROM users WHERE user_name = 'ops.helper@demo.cx'")).toEqual([]);
  });

  it('cannot promote a user to System', async () => {
    const res = await portal.call('POST', '/api/identity/updateuser', { token: admin, body: { UserModel: { id: 'u-portaluser', role: 'System' } } });
    expect(res.status).toBe(400);
    expect(res.body.errors.Role).toEqual(['InvalidRole']);
    expect(await roleOf('u-portaluser')).toBe('PortalUser');
  });

  it('cannot re-mail the System user and take the account over through a reset', async () => {
    const remail = await portal.call('POST', '/api/identity/updateuser', { token: admin, body: { UserModel: { id: 'u-system', email: 'attacker@evil.example' } } });
    expect(remail.status).toBe(403);
    // Were the e-mail changed, this reset would land in the attacker's inbox.
    await portal.call('POST', '/api/identity/requestResetpassword', { body: { username: 'attacker@evil.example' } });
    expect(await portal.mails('attacker@evil.example')).toEqual([]);
    const [system] = await portal.db.query<{ email: string }>("SELECT email FROM users WHERE id = 'u-system'");
    expect(system.email).toBe('system@demo.cx');
  });

  it('cannot rename, re-role or delete a System user', async () => {
    expect((await portal.call('POST', '/api/identity/updateuser', { token: admin, body: { UserModel: { id: 'u-system', firstName: 'Owned' } } })).status).toBe(403);
    expect((await portal.call('POST', '/api/identity/updateuser', { token: admin, body: { UserModel: { id: 'u-system', role: 'PortalUser', claims: region } } })).status).toBe(403);
    expect((await portal.call('POST', '/api/identity/deleteuser/u-system', { token: admin })).status).toBe(403);
    expect(await roleOf('u-system')).toBe('System');
  });

  it('cannot widen a restricted user’s data access by clearing their claims', async () => {
    const res = await portal.call('POST', '/api/identity/updateuser', { token: admin, body: { UserModel: { id: 'u-north', claims: [] } } });
    expect(res.status).toBe(400);
    expect(res.body.errors.Claims).toEqual(['user_EmptyClaims']);
    const north = (await portal.signIn('north.manager@demo.cx')).access;
    const filters = await portal.call('POST', '/api/smartdata/filters/responses', { token: north, body: {} });
    const regions = filters.body.smartFilters.find((f: { filterKey: string }) => f.filterKey === 'Region').filterDimensionValues;
    expect(regions.map((v: { dimensionValue: string }) => v.dimensionValue)).toEqual(['North']);
  });

  it('marks System users as read-only in the list', async () => {
    const list = await portal.call('POST', '/api/identity/getuserlist', { token: admin, body: { Filter: { take: 200 } } });
    const flag = (email: string) => list.body.results.find((u: { email: string }) => u.email === email).sameOrHigherRole;
    expect(flag('system@demo.cx')).toBe(true);
    expect(flag('portaluser@demo.cx')).toBe(false);
  });

  it('can still manage the roles below (PortalUser, SurveyEditor)', async () => {
    const made = await portal.call('POST', '/api/identity/createuser', {
      token: admin,
      body: { User: { email: 'new.editor@demo.cx', firstName: 'New', lastName: 'Editor', role: 'SurveyEditor', claims: [] } },
    });
    expect(made.status).toBe(201);
    const promoted = await portal.call('POST', '/api/identity/updateuser', { token: admin, body: { UserModel: { id: made.body.user.id, role: 'PortalUser', claims: region } } });
    expect(promoted.status).toBe(200);
    expect((await portal.call('POST', `/api/identity/deleteuser/${made.body.user.id}`, { token: admin })).status).toBe(200);
  });
});

describe('a GlobalAdmin', () => {
  it('manages System users but cannot create another GlobalAdmin', async () => {
    const global = (await portal.signIn('globaladmin@demo.cx')).access;
    const res = await portal.call('POST', '/api/identity/updateuser', { token: global, body: { UserModel: { id: 'u-system', firstName: 'Systems' } } });
    expect(res.status).toBe(200);
    const again = await portal.call('POST', '/api/identity/createuser', {
      token: global,
      body: { User: { email: 'second.global@demo.cx', firstName: 'Second', lastName: 'Global', role: 'GlobalAdmin', claims: [] } },
    });
    expect(again.body.errors.Role).toEqual(['InvalidRole']);
  });

  it('re-mailing a user ends their sessions, so a reset to the new address is the only way in', async () => {
    const global = (await portal.signIn('globaladmin@demo.cx')).access;
    const editor = await portal.signIn('surveyeditor@demo.cx');
    const res = await portal.call('POST', '/api/identity/updateuser', { token: global, body: { UserModel: { id: 'u-surveyeditor', email: 'sam.editor@demo.cx' } } });
    expect(res.status).toBe(200);
    expect((await portal.call('POST', '/api/identity/userdetail', { token: editor.access })).status).toBe(401);
    await portal.call('POST', '/api/identity/requestResetpassword', { body: { username: 'sam.editor@demo.cx' } });
    expect(await linkToken(portal, 'sam.editor@demo.cx')).toBeTruthy();
  });
});
