import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkToken, startPortal, type Portal } from './portal';

let portal: Portal;
let global: string;
beforeAll(async () => {
  portal = await startPortal();
  global = (await portal.signIn('globaladmin@demo.cx')).access;
});
afterAll(() => portal.close());

const refresh = (refreshToken: string) =>
  portal.call('POST', '/api/identity/token', { body: { grant_type: 'refresh_token', client_id: 'cx-assistant', refresh_token: refreshToken, environment: 'test' } });
const me = (access: string) => portal.call('POST', '/api/identity/userdetail', { token: access });
const createStaff = async (email: string) => {
  const res = await portal.call('POST', '/api/identity/createuser', {
    token: global,
    body: { User: { email, firstName: 'Temp', lastName: 'Staff', role: 'PortalUser', claims: [{ Type: 'Region', Value: 'South' }] } },
  });
  const link = await linkToken(portal, email);
  await portal.call('POST', `/api/identity/resetpassword/${link}`, { body: { newPassword: 'Temp-Staff-1', confirmPassword: 'Temp-Staff-1' } });
  return { id: res.body.user.id as string, ...(await portal.signIn(email, 'Temp-Staff-1')) };
};

describe('sessions end when they should', () => {
  it('a password change ends every other session (refresh and access tokens)', async () => {
    const laptop = await portal.signIn('portaluser@demo.cx');
    const phone = await portal.signIn('portaluser@demo.cx');
    const res = await portal.call('POST', '/api/identity/changePassword', {
      token: laptop.access,
      body: { oldPassword: 'Demo-2345!', newPassword: 'Petra-New-1', confirmPassword: 'Petra-New-1' },
    });
    expect(res.status).toBe(200);
    expect((await refresh(phone.refresh)).status).toBe(400);
    expect((await me(phone.access)).status).toBe(401);
    expect((await refresh(laptop.refresh)).status).toBe(400);
    // The one who changed it stays signed in with the new session in the answer.
    expect((await me(res.body.content.access_token)).status).toBe(200);
  });

  it('a password reset by link ends every session', async () => {
    const stolen = await portal.signIn('north.manager@demo.cx');
    await portal.call('POST', '/api/identity/requestResetpassword', { body: { username: 'north.manager@demo.cx' } });
    const link = await linkToken(portal, 'north.manager@demo.cx');
    expect((await portal.call('POST', `/api/identity/resetpassword/${link}`, { body: { newPassword: 'Nora-New-12', confirmPassword: 'Nora-New-12' } })).status).toBe(200);
    expect((await refresh(stolen.refresh)).status).toBe(400);
    expect((await me(stolen.access)).status).toBe(401);
  });

  it('a role change ends the user’s sessions, so the old role is not kept for the token’s lifetime', async () => {
    const staff = await createStaff('demoted@demo.cx');
    const before = await portal.call('POST', '/api/smartdata/filters/responses', { token: staff.access, body: {} });
    expect(before.status).toBe(200);
    const res = await portal.call('POST', '/api/identity/updateuser', { token: global, body: { UserModel: { id: staff.id, role: 'SurveyEditor', claims: [] } } });
    expect(res.status).toBe(200);
    expect((await portal.call('POST', '/api/smartdata/filters/responses', { token: staff.access, body: {} })).status).toBe(401);
    expect((await refresh(staff.refresh)).status).toBe(400);
  });

  it('a claim change ends the user’s sessions', async () => {
    const staff = await createStaff('moved@demo.cx');
    const res = await portal.call('POST', '/api/identity/updateuser', { token: global, body: { UserModel: { id: staff.id, claims: [{ Type: 'Region', Value: 'East' }] } } });
    expect(res.status).toBe(200);
    expect((await me(staff.access)).status).toBe(401);
    expect((await refresh(staff.refresh)).status).toBe(400);
    const fresh = await portal.signIn('moved@demo.cx', 'Temp-Staff-1');
    expect((await me(fresh.access)).body.claims).toEqual([{ Type: 'Region', Value: 'East' }]);
  });

  it('a deleted user’s tokens stop working at once', async () => {
    const staff = await createStaff('leaver@demo.cx');
    expect((await portal.call('POST', `/api/identity/deleteuser/${staff.id}`, { token: global })).status).toBe(200);
    expect((await me(staff.access)).status).toBe(401);
    expect((await portal.call('POST', '/api/smartdata/filters/responses', { token: staff.access, body: {} })).status).toBe(401);
    expect((await refresh(staff.refresh)).status).toBe(400);
  });

  it('signing out revokes the session on the server', async () => {
    const session = await portal.signIn('portaladmin@demo.cx');
    const out = await portal.call('POST', '/api/identity/logout', { token: session.access });
    expect(out.status).toBe(200);
    expect((await refresh(session.refresh)).status).toBe(400);
    expect((await me(session.access)).status).toBe(401);
  });

  it('signing out everywhere revokes every session of the user', async () => {
    const one = await portal.signIn('surveyeditor@demo.cx');
    const two = await portal.signIn('surveyeditor@demo.cx');
    expect((await portal.call('POST', '/api/identity/logout', { token: one.access, body: { everywhere: true } })).status).toBe(200);
    expect((await refresh(two.refresh)).status).toBe(400);
    expect((await me(two.access)).status).toBe(401);
  });

  // Reads marked readOnly start their queries beside the session check (server/auth/reads.ts):
  // a signed-out token must still get nothing but the 401, whatever it asks, and a write never starts.
  it('a signed-out access token reads nothing and writes nothing, on the reads that run beside the session check too', async () => {
    const session = await portal.signIn('portaladmin@demo.cx');
    const calls: Array<[method: string, path: string, body: unknown, signedInStatus: number]> = [
      ['POST', '/api/smartdata/filters/responses', { smartDataTags: ['Core'] }, 200],
      ['POST', '/api/smartdata/filter/responses', { filterDimensionSelection: { filterKey: 'Region' } }, 200],
      ['GET', '/api/smartdata/lastRecordedDate/responses', undefined, 200],
      ['POST', '/api/dataviewer/data/responses/default', { skip: 0, top: 5, orderByFields: ['ResponseDate'] }, 200],
      ['POST', '/api/dataviewer/analytics/data/responses/default', { measureKeys: ['InternalRecordCount'], rowDimensions: ['Region'] }, 200],
      ['POST', '/api/dataviz/visuals/overview/default', {}, 200],
      ['POST', '/api/dashboard/visuals/responses/nps', {}, 200],
      // Bad input on a read: the dead session is told so, not how its input was wrong.
      ['POST', '/api/dataviewer/data/responses/default', { top: 100_000 }, 400],
    ];
    for (const [method, path, body, status] of calls) {
      const before = await portal.call(method, path, { token: session.access, body });
      expect(before.status, `${path} while signed in`).toBe(status);
    }
    expect((await portal.call('POST', '/api/identity/logout', { token: session.access })).status).toBe(200);
    for (const [method, path, body] of calls) {
      const after = await portal.call(method, path, { token: session.access, body });
      expect(after.status, `${path} after sign-out`).toBe(401);
      expect(Object.keys(after.body), `${path} after sign-out`).toEqual(['message']);
    }
    const saved = await portal.call('POST', '/api/favourites/responses', { token: session.access, body: { title: 'After sign-out', description: '', payload: '{}' } });
    expect(saved.status).toBe(401);
    expect(await portal.db.query("SELECT 1 FROM favourites WHERE title = 'After sign-out'")).toEqual([]);
  });

  it('a live session holds for a user whose stored roles are written with spaces', async () => {
    await portal.db.query("UPDATE users SET role = 'PortalUser, SurveyEditor' WHERE id = 'u-staff-010'");
    const [{ user_name }] = await portal.db.query<{ user_name: string }>("SELECT user_name FROM users WHERE id = 'u-staff-010'");
    const { access } = await portal.signIn(user_name);
    expect((await me(access)).status).toBe(200);
  });
});
