import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness';

let h: Harness;
let admin: string;
let globalAdmin: string;
let user: string;
beforeAll(async () => {
  h = await harness(300);
  [admin, globalAdmin, user] = await Promise.all([h.signIn('portaladmin@demo.cx'), h.signIn('globaladmin@demo.cx'), h.signIn('portaluser@demo.cx')]);
});
afterAll(() => h.close());

const list = (body: unknown, token = admin) => h.call('POST', '/api/identity/getuserlist', { body, token });

describe('user list', () => {
  it('pages by 50 with hasMore, sorted by full name', async () => {
    const first = await list({ Filter: { take: 50, skip: 0 } });
    expect(first.status).toBe(200);
    expect(first.body.results).toHaveLength(50);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.total).toBe(76);
    const names = first.body.results.map((u: { fullName: string }) => u.fullName.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.split(' ')[0].localeCompare(b.split(' ')[0])));
    const second = await list({ take: 50, skip: 50 });
    expect(second.body.results).toHaveLength(26);
    expect(second.body.hasMore).toBe(false);
    expect(first.body.results[0]).not.toHaveProperty('password_hash');
  });

  it('filters by user name and sorts by other fields', async () => {
    const north = await list({ usernameFilter: 'north.manager' });
    expect(north.body.results.map((u: { userName: string }) => u.userName)).toEqual(['north.manager@demo.cx']);
    const byEmailDesc = await list({ sortType: 'email_desc', take: 3 });
    const emails = byEmailDesc.body.results.map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort().reverse());
    expect((await list({ usernameFilter: '%' })).body.results).toHaveLength(0);
  });

  it('rejects unknown sort fields and bad paging', async () => {
    const bad = await list({ sortType: 'password_hash' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/sortType must be one of/);
    expect((await list({ take: 'all' })).status).toBe(400);
    expect((await list({ take: 5000 })).status).toBe(400);
  });

  it('is for administrators only', async () => {
    expect((await list({}, user)).status).toBe(403);
    expect((await h.call('POST', '/api/identity/getuserlist', { body: {} })).status).toBe(401);
  });

  it('marks users with the same or a higher role', async () => {
    const all = await list({ take: 200 });
    const flag = (email: string) => all.body.results.find((u: { email: string }) => u.email === email).sameOrHigherRole;
    expect(flag('globaladmin@demo.cx')).toBe(true);
    expect(flag('portaladmin@demo.cx')).toBe(true);
    expect(flag('portaluser@demo.cx')).toBe(false);
  });
});

describe('creating and changing users', () => {
  const newUser = (over: Record<string, unknown> = {}) => ({
    User: { email: 'new.person@demo.cx', firstName: 'New', lastName: 'Person', role: 'PortalUser', claims: [{ Type: 'Region', Value: 'South' }], ...over },
  });

  it('refuses the global-admin role and the actor’s own role (InvalidRole on Role)', async () => {
    const global = await h.call('POST', '/api/identity/createuser', { token: admin, body: newUser({ role: 'GlobalAdmin' }) });
    expect(global.status).toBe(400);
    expect(global.body.errors).toEqual({ Role: ['InvalidRole'] });
    const own = await h.call('POST', '/api/identity/createuser', { token: admin, body: newUser({ role: 'PortalAdmin', claims: [{ Type: 'Region', Value: 'North' }] }) });
    expect(own.body.errors.Role).toEqual(['InvalidRole']);
  });

  it('needs a selection in every visible claim group (user_EmptyClaims)', async () => {
    const res = await h.call('POST', '/api/identity/createuser', { token: admin, body: newUser({ claims: [] }) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ Claims: ['user_EmptyClaims'] });
  });

  it('creates a user, invites them by e-mail, and the invitation link sets a first password', async () => {
    const res = await h.call('POST', '/api/identity/createuser', { token: admin, body: newUser() });
    expect(res.status).toBe(201);
    expect(res.body.user.userName).toBe('new.person@demo.cx');
    const [mail] = await h.db.query<{ body: string; recipient: string }>("SELECT body, recipient FROM mail_outbox WHERE recipient = 'new.person@demo.cx'");
    const token = /\/userCreation\/([\w-]+)/.exec(mail.body)![1];
    const who = await h.call('GET', `/api/identity/otpWho/${token}`);
    expect(who.body).toEqual({ firstName: 'New', email: 'new.person@demo.cx', purpose: 'create' });
    const set = await h.call('POST', `/api/identity/resetpassword/${token}`, { body: { newPassword: 'Fresh-Start-9', confirmPassword: 'Fresh-Start-9' } });
    expect(set.status).toBe(200);
    expect(await h.signIn('new.person@demo.cx', 'Fresh-Start-9')).toBeTruthy();
    expect((await h.call('GET', `/api/identity/otpWho/${token}`)).status).toBe(404);
    const dupe = await h.call('POST', '/api/identity/createuser', { token: admin, body: newUser({ email: 'New.Person@demo.cx' }) });
    expect(dupe.status).toBe(409);
    expect(dupe.body.errors.Email).toEqual(['A user with this e-mail address already exists.']);
  });

  it('updates a lower user, not a same-or-higher one', async () => {
    const [target] = await h.db.query<{ id: string }>("SELECT id FROM users WHERE user_name = 'portaluser@demo.cx'");
    const ok = await h.call('POST', '/api/identity/updateuser', {
      token: admin,
      body: { UserModel: { id: target.id, firstName: 'Petra', lastName: 'Renamed', role: 'PortalUser', claims: [{ Type: 'Region', Value: 'West' }] } },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user.lastName).toBe('Renamed');
    expect(ok.body.user.claims).toEqual([{ Type: 'Region', Value: 'West' }]);
    const higher = await h.call('POST', '/api/identity/updateuser', { token: admin, body: { UserModel: { id: 'u-globaladmin', firstName: 'X' } } });
    expect(higher.status).toBe(403);
    // The claim change ended Petra's sessions: she signs in again.
    user = await h.signIn('portaluser@demo.cx');
    const selfRole = await h.call('POST', '/api/identity/updateuser', { token: user, body: { UserModel: { id: target.id, role: 'PortalAdmin' } } });
    expect(selfRole.status).toBe(403);
    const selfName = await h.call('POST', '/api/identity/updateuser', { token: user, body: { UserModel: { id: target.id, firstName: 'Pet' } } });
    expect(selfName.status).toBe(200);
  });

  it('deletes users below the actor only', async () => {
    expect((await h.call('POST', '/api/identity/deleteuser/u-staff-070', { token: user })).status).toBe(403);
    expect((await h.call('POST', '/api/identity/deleteuser/u-portaladmin', { token: globalAdmin })).status).toBe(200);
    expect((await h.call('POST', '/api/identity/deleteuser/u-globaladmin', { token: globalAdmin })).status).toBe(403);
    expect((await h.call('POST', '/api/identity/deleteuser/u-staff-070', { token: globalAdmin })).status).toBe(200);
    expect((await h.call('POST', '/api/identity/getuser/u-staff-070', { token: globalAdmin })).status).toBe(404);
  });
});

describe('reading users and roles', () => {
  it('shows a user to themselves and to admins only', async () => {
    expect((await h.call('POST', '/api/identity/getuser/u-portaluser', { token: user })).status).toBe(200);
    expect((await h.call('POST', '/api/identity/getuser/u-north', { token: user })).status).toBe(403);
    const north = await h.call('POST', '/api/identity/getuser/u-north', { token: globalAdmin });
    expect(north.body.claims).toEqual([{ Type: 'Region', Value: 'North' }]);
  });

  it('marks one\'s own user as same-or-higher role, as the list does: nobody changes their own role, claims or account', async () => {
    const flag = async (id: string, token: string) => (await h.call('POST', `/api/identity/getuser/${id}`, { token })).body.sameOrHigherRole;
    expect(await flag('u-globaladmin', globalAdmin)).toBe(true);
    expect(await flag('u-portaluser', user)).toBe(true);
    expect(await flag('u-north', globalAdmin)).toBe(false);
  });

  it('gives the signed-in user their detail with canManageAppRegistrations', async () => {
    const me = await h.call('POST', '/api/identity/userdetail', { token: user });
    expect(me.body.userName).toBe('portaluser@demo.cx');
    expect(me.body.canManageAppRegistrations).toBe(true);
    const system = await h.call('POST', '/api/identity/userdetail', { token: await h.signIn('system@demo.cx') });
    expect(system.body.canManageAppRegistrations).toBe(false);
  });

  it('lists roles with hierarchy, claim values and default routes', async () => {
    const roles = await h.call('POST', '/api/identity/roles', { token: globalAdmin });
    const portalUser = roles.body.find((r: { name: string }) => r.name === 'PortalUser');
    expect(portalUser.assignable).toBe(true);
    expect(roles.body.find((r: { name: string }) => r.name === 'GlobalAdmin').assignable).toBe(false);
    // Someone restricted to a region is offered only the values they may grant.
    const restricted = await h.call('POST', '/api/identity/roles', { token: await h.signIn('north.manager@demo.cx') });
    expect(restricted.body.find((r: { name: string }) => r.name === 'PortalUser').claims).toEqual(['North']);
    expect(portalUser).toMatchObject({ reportsTo: 'PortalAdmin', dataAttribute: 'Region', defaultRoute: '/dashboard/overview/' });
    expect(portalUser.claims).toContain('North');
    expect(roles.body.find((r: { name: string }) => r.name === 'PortalAdmin').reportingRoles).toEqual(['PortalUser', 'SurveyEditor']);
  });

  it('lists users by role and display names', async () => {
    const sys = await h.call('POST', '/api/identity/getUsersByRole', { token: globalAdmin, body: { role: 'system' } });
    expect(sys.body.results.map((u: { userName: string }) => u.userName)).toEqual(['system@demo.cx']);
    expect((await h.call('POST', '/api/identity/getUsersByRole', { token: globalAdmin, body: {} })).status).toBe(400);
    const info = await h.call('GET', '/api/identity/users/displayinfo', { token: user });
    // A portal user sees the people of their groups by name; administrators see user names too.
    expect(info.body.map((u: { id: string }) => u.id).sort()).toEqual(['u-north', 'u-portaluser']);
    expect(info.body[0]).toEqual({ id: expect.any(String), fullName: expect.any(String) });
    const all = await h.call('GET', '/api/identity/users/displayinfo', { token: globalAdmin });
    expect(all.body[0]).toEqual({ id: expect.any(String), userName: expect.any(String), fullName: expect.any(String) });
  });
});

describe('unrestricted users', () => {
  it('are saved with "all values" of their restriction, which stores no claim', async () => {
    const admin2 = await h.signIn('globaladmin@demo.cx');
    const all = [{ Type: 'Region', Value: '*' }];
    const res = await h.call('POST', '/api/identity/updateuser', { token: admin2, body: { UserModel: { id: 'u-staff-001', role: 'PortalUser', claims: all } } });
    expect(res.status).toBe(200);
    expect(res.body.user.claims).toEqual([]);
    // Saved again unchanged, as the user page sends it.
    expect((await h.call('POST', '/api/identity/updateuser', { token: admin2, body: { UserModel: { id: 'u-staff-001', firstName: 'Again', role: 'PortalUser', claims: all } } })).status).toBe(200);
    // Nothing chosen at all is still an error.
    const none = await h.call('POST', '/api/identity/updateuser', { token: admin2, body: { UserModel: { id: 'u-staff-002', role: 'PortalUser', claims: [] } } });
    expect(none.body.errors.Claims).toEqual(['user_EmptyClaims']);
  });
});
