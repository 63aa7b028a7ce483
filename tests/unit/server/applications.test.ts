import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness';

let h: Harness;
let user: string;
beforeAll(async () => {
  h = await harness(100);
  user = await h.signIn('portaluser@demo.cx');
});
afterAll(() => h.close());

describe('QR sign-in codes and other devices', () => {
  it('issues a one-time QR code with its expiry', async () => {
    const res = await h.call('POST', '/api/identity/totp/next', { token: user });
    expect(res.status).toBe(200);
    expect(res.body.code).toMatch(/^\d{8}$/);
    expect(new Date(res.body.expires).getTime() - h.clock.now.getTime()).toBe(120_000);
    expect(res.body).toMatchObject({ username: 'portaluser@demo.cx', clientId: 'cx-portal-web' });
    expect((await h.call('POST', '/api/identity/totp/next')).status).toBe(401);
  });

  it('registers a device with a live code and a scope label, then lists, re-scopes and deletes it', async () => {
    const labels = (await h.call('GET', '/api/identity/application/scopeLabels', { token: user })).body.scopeLabels;
    expect(labels).toContain('Mobile assistant');
    const { code } = (await h.call('POST', '/api/identity/totp/next', { token: user })).body;

    const noLabel = await h.call('POST', '/api/identity/application/register', { token: user, body: { code } });
    expect(noLabel.status).toBe(400);
    expect(noLabel.body.message).toBe('scopeLabel: Choose a scope label.');
    const badCode = await h.call('POST', '/api/identity/application/register', { token: user, body: { code: '00000000', scopeLabel: 'Tablet' } });
    expect(badCode.body).toMatchObject({ message: 'The code is not valid or has expired.', errors: { Code: ['authentication'] } });

    const reg = await h.call('POST', '/api/identity/application/register', { token: user, body: { code, scopeLabel: 'Mobile assistant' } });
    expect(reg.status).toBe(201);
    const reused = await h.call('POST', '/api/identity/application/register', { token: user, body: { code, scopeLabel: 'Tablet' } });
    expect(reused.status).toBe(400);

    const id = reg.body.registrationId;
    expect((await h.call('GET', '/api/identity/application/list', { token: user })).body.results).toEqual([
      { registrationId: id, scopeLabel: 'Mobile assistant', createdAt: h.clock.now.toISOString() },
    ]);
    expect((await h.call('POST', `/api/identity/application/${id}/update?scopeLabel=Tablet`, { token: user })).body.scopeLabel).toBe('Tablet');
    expect((await h.call('POST', `/api/identity/application/${id}/update?scopeLabel=Toaster`, { token: user })).status).toBe(400);
    const other = await h.signIn('north.manager@demo.cx');
    expect((await h.call('DELETE', `/api/identity/application/${id}`, { token: other })).status).toBe(404);
    expect((await h.call('DELETE', `/api/identity/application/${id}`, { token: user })).status).toBe(200);
    expect((await h.call('GET', '/api/identity/application/list', { token: user })).body.results).toEqual([]);
  });

  it('rejects an expired code', async () => {
    const { code } = (await h.call('POST', '/api/identity/totp/next', { token: user })).body;
    h.clock.now = new Date(h.clock.now.getTime() + 121_000);
    const fresh = await h.signIn('portaluser@demo.cx');
    expect((await h.call('POST', '/api/identity/application/register', { token: fresh, body: { code, scopeLabel: 'Tablet' } })).status).toBe(400);
  });

  it('is closed to users without canManageAppRegistrations', async () => {
    const system = await h.signIn('system@demo.cx');
    expect((await h.call('GET', '/api/identity/application/list', { token: system })).status).toBe(403);
  });

  it('records a free-trial request once, however many presses arrive at once', async () => {
    const replies = await Promise.all([1, 2, 3, 4].map(() => h.call('POST', '/api/identity/requestTrial', { token: user })));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(replies.filter((r) => !(r.body as { alreadyRequested: boolean }).alreadyRequested)).toHaveLength(1);
    expect(await h.db.query('SELECT user_id FROM trial_requests')).toEqual([{ user_id: 'u-portaluser' }]);
  });
});
