import { afterEach, describe, expect, it } from 'vitest';
import { inParallel, startPortal, type Portal } from './portal';
import { PASSWORD_RULE } from '../../server/auth/password';

// An empty portal (PORTAL_START=empty) makes its first administrator on the first visit: anonymous,
// so only while it has no user at all, and only one however many ask at once.
const PASSWORD = 'First-Admin-9!';
const admin = (n = 1) => ({ name: `Ada Admin${n}`, email: `admin${n}@example.org`, password: PASSWORD });

let portal: Portal | undefined;
afterEach(async () => {
  await portal?.close();
  portal = undefined;
});
const empty = async (extra: Parameters<typeof startPortal>[1] = {}) => (portal = await startPortal('empty', extra));

const needed = async (p: Portal) => (await p.call('GET', '/api/setup')).body.needed;
const users = async (p: Portal) => (await p.db.query<{ id: string; user_name: string; role: string }>('SELECT id, user_name, role FROM users')).map((u) => ({ ...u }));

describe('the first administrator of an empty portal', () => {
  it('is needed on an empty portal and no longer once made', async () => {
    const p = await empty();
    expect(await users(p)).toEqual([]);
    expect(await needed(p)).toBe(true);
    const made = await p.call('POST', '/api/setup', { body: admin() });
    expect(made.status).toBe(201);
    expect(await needed(p)).toBe(false);
    expect(await users(p)).toEqual([expect.objectContaining({ user_name: 'admin1@example.org', role: 'GlobalAdmin' })]);
  });

  it('answers as a password sign-in does, and the new administrator signs in with the password', async () => {
    const p = await empty();
    const made = await p.call('POST', '/api/setup', { body: { ...admin(), email: ' Admin1@Example.org ' } });
    expect(made.status).toBe(201);
    expect(made.headers['cache-control']).toBe('no-store');
    expect(made.body).toMatchObject({ isSuccess: true, content: { userName: 'admin1@example.org', firstName: 'Ada', lastName: 'Admin1', roles: 'GlobalAdmin', token_type: 'bearer' } });
    // The answer's token is a GlobalAdmin's: it lists users.
    const list = await p.call('POST', '/api/identity/getuserlist', { token: made.body.content.access_token, body: {} });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    const { access } = await p.signIn('admin1@example.org', PASSWORD);
    expect(access).toBeTruthy();
  });

  it('of many set-ups at once, exactly one makes an administrator; the others get a 409', async () => {
    const p = await empty();
    const replies = await inParallel(6, (i) => p.call('POST', '/api/setup', { body: admin(i), from: `127.0.0.${i + 2}` }));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    const winner = replies.find((r) => r.status === 201)!.body.content.userName;
    expect(await users(p)).toEqual([expect.objectContaining({ user_name: winner, role: 'GlobalAdmin' })]);
    expect(replies.find((r) => r.status === 409)!.body.message).toBe('This portal has been set up already. Sign in instead.');
  });

  it('refuses a set-up once the portal has a user: no second administrator, no takeover of the first', async () => {
    const p = await empty();
    expect((await p.call('POST', '/api/setup', { body: admin() })).status).toBe(201);
    // Someone else, and someone naming the administrator's own address with a password of theirs.
    expect((await p.call('POST', '/api/setup', { body: admin(2), from: '127.0.0.9' })).status).toBe(409);
    const takeover = await p.call('POST', '/api/setup', { body: { ...admin(), password: 'Taken-Over-1!' }, from: '127.0.0.9' });
    expect(takeover.status).toBe(409);
    expect(takeover.body.content).toBeUndefined();
    expect((await users(p)).map((u) => u.user_name)).toEqual(['admin1@example.org']);
    expect((await p.call('POST', '/api/identity/token', { body: { username: 'admin1@example.org', password: 'Taken-Over-1!' } })).status).not.toBe(200);
    expect((await p.signIn('admin1@example.org', PASSWORD)).access).toBeTruthy();
  });

  it('refuses a set-up on the demo portal, whose users exist', async () => {
    portal = await startPortal(200);
    expect(await needed(portal)).toBe(false);
    expect((await portal.call('POST', '/api/setup', { body: admin() })).status).toBe(409);
    expect((await portal.db.query('SELECT id FROM users WHERE user_name = $1', ['admin1@example.org'])).length).toBe(0);
  });

  it('refuses bad input with a 400 naming the field, and makes nobody', async () => {
    const p = await empty();
    const cases: Array<[unknown, string]> = [
      [{ ...admin(), name: '  ' }, 'name'],
      [{ ...admin(), email: 'not-an-address' }, 'email'],
      [{ ...admin(), password: 'short' }, 'password'],
      [{ ...admin(), password: 'alllowercase1!' }, 'password'],
      [{ email: 'a@example.org' }, 'name'],
      [{ ...admin(), name: ['Ada'] }, 'name'],
      [{ ...admin(), email: 'x'.repeat(300) + '@example.org' }, 'email'],
    ];
    for (const [body, field] of cases) {
      const reply = await p.call('POST', '/api/setup', { body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.errors?.[field], JSON.stringify(reply.body)).toBeTruthy();
    }
    const weak = await p.call('POST', '/api/setup', { body: { ...admin(), password: 'short' } });
    expect(weak.body.errors.password).toEqual([PASSWORD_RULE]);
    expect((await p.call('POST', '/api/setup', { raw: '{"name":' })).status).toBe(400);
    expect((await p.call('POST', '/api/setup', { raw: '[]' })).status).toBe(400);
    expect(await users(p)).toEqual([]);
    expect(await needed(p)).toBe(true);
  });

  it('limits set-up attempts per address with a 429 and Retry-After', async () => {
    const p = await empty({ submissionLimits: { setupPerClient: 2 } });
    expect((await p.call('POST', '/api/setup', { body: admin(), from: '127.0.0.30' })).status).toBe(201);
    expect((await p.call('POST', '/api/setup', { body: admin(2), from: '127.0.0.30' })).status).toBe(409);
    const refused = await p.call('POST', '/api/setup', { body: admin(3), from: '127.0.0.30' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^The set-up takes at most 2 attempts an hour from one address\. Try again in \d+ minutes?\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is another client.
    expect((await p.call('POST', '/api/setup', { body: admin(3), from: '127.0.0.31' })).status).toBe(409);
  });
});
