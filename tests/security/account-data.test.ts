import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal } from './portal';

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(() => portal.close());

describe('changing one’s own e-mail address', () => {
  it('needs the current password, so a stolen access token cannot re-mail the account', async () => {
    const { access } = await portal.signIn('north.manager@demo.cx');
    const update = (body: Record<string, unknown>) => portal.call('POST', '/api/identity/updateuser', { token: access, body: { UserModel: { id: 'u-north', ...body } } });
    const without = await update({ email: 'thief@evil.example' });
    expect(without.status).toBe(400);
    expect(without.body.errors.CurrentPassword).toEqual(['Enter your current password to change your e-mail address.']);
    const wrong = await update({ email: 'thief@evil.example', currentPassword: 'guess' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.CurrentPassword).toEqual(['The current password is incorrect.']);
    const [row] = await portal.db.query<{ email: string }>("SELECT email FROM users WHERE id = 'u-north'");
    expect(row.email).toBe('north.manager@demo.cx');
    // Other details need no password.
    expect((await update({ firstName: 'Nora' })).status).toBe(200);
  });

  it('tells the old address when the change goes through', async () => {
    const { access } = await portal.signIn('portaluser@demo.cx');
    const res = await portal.call('POST', '/api/identity/updateuser', {
      token: access,
      body: { UserModel: { id: 'u-portaluser', email: 'petra.user@demo.cx', currentPassword: 'Demo-2345!' } },
    });
    expect(res.status).toBe(200);
    const [notice] = await portal.mails('portaluser@demo.cx');
    expect(notice.subject).toBe('Your CX Portal e-mail address was changed');
    expect(notice.body).toContain('petra.user@demo.cx');
    expect((await portal.call('POST', '/api/identity/token', { body: { username: 'petra.user@demo.cx', password: 'Demo-2345!' } })).status).toBe(200);
  });
});

describe('no user enumeration', () => {
  it('an unknown name costs the same password check as a known one', async () => {
    const check = async (username: string) => {
      const before = portal.verifications.count;
      const res = await portal.call('POST', '/api/identity/token', { body: { username, password: 'not-it' }, from: '127.0.0.31' });
      return { body: res.body, checks: portal.verifications.count - before };
    };
    const known = await check('globaladmin@demo.cx');
    const unknown = await check('no.such.person@demo.cx');
    expect(known.checks).toBe(1);
    expect(unknown).toEqual(known);
  });

  it('a reset request answers the same and mails only a real account', async () => {
    const known = await portal.call('POST', '/api/identity/requestResetpassword', { body: { username: 'system@demo.cx' } });
    const unknown = await portal.call('POST', '/api/identity/requestResetpassword', { body: { username: 'ghost@demo.cx' } });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(await portal.mails('ghost@demo.cx')).toEqual([]);
  });

  it('the user directory lists only what the caller’s screens need', async () => {
    const user = (await portal.signIn('surveyeditor@demo.cx')).access;
    const mine = await portal.call('GET', '/api/identity/users/displayinfo', { token: user });
    expect(mine.status).toBe(200);
    // A survey editor sees the people of their own groups, by name only.
    expect(mine.body.map((u: { id: string }) => u.id)).toEqual(['u-surveyeditor']);
    expect(mine.body[0]).toEqual({ id: 'u-surveyeditor', fullName: 'Sam Editor' });

    const north = (await portal.signIn('north.manager@demo.cx')).access;
    const colleagues = await portal.call('GET', '/api/identity/users/displayinfo', { token: north });
    expect(colleagues.body.map((u: { id: string }) => u.id).sort()).toEqual(['u-north', 'u-portaluser']);
    expect(Object.keys(colleagues.body[0]).sort()).toEqual(['fullName', 'id']);

    const admin = (await portal.signIn('portaladmin@demo.cx')).access;
    const all = await portal.call('GET', '/api/identity/users/displayinfo', { token: admin });
    expect(all.body.length).toBe(76);
    expect(all.body[0]).toHaveProperty('userName');
  });
});

describe('smart data follows the roles of the screens', () => {
  it.each(['surveyeditor@demo.cx', 'system@demo.cx'])('%s gets no counts across the records', async (email) => {
    const { access } = await portal.signIn(email);
    for (const [method, path] of [
      ['POST', '/api/smartdata/filters/responses'],
      ['POST', '/api/smartdata/filter/responses'],
      ['GET', '/api/smartdata/lastRecordedDate/responses'],
      ['GET', '/api/filter'],
      ['GET', '/reporting/api/filter/stores'],
      ['GET', '/api/favourites/Favourites'],
    ]) {
      const res = await portal.call(method, path, { token: access, body: method === 'POST' ? { filterDimensionSelection: { filterKey: 'Region' } } : undefined });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });

  it('a portal user still gets them', async () => {
    const { access } = await portal.signIn('north.manager@demo.cx');
    expect((await portal.call('POST', '/api/smartdata/filters/responses', { token: access, body: {} })).status).toBe(200);
  });
});
