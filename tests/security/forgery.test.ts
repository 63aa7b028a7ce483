// Tokens an attacker makes or keeps: forged (alg none, another key, a tampered payload), expired,
// a refresh token replayed after its rotation, reset links and QR codes used after they expire.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkToken, startPortal, type Portal } from './portal';
import { signJwt } from '../../server/auth/jwt';

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(() => portal.close());

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const payloadOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

describe('forged access tokens', () => {
  it('refuses alg none, another key, a tampered payload and an expired token with 401', async () => {
    const { access } = await portal.signIn('portaluser@demo.cx');
    const claims = payloadOf(access);
    const escalated = { ...claims, role: 'GlobalAdmin', roles: ['GlobalAdmin'] };
    const [header, , signature] = access.split('.');
    const forged = {
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64(escalated)}.`,
      'alg none, signature kept': `${b64({ alg: 'none', typ: 'JWT' })}.${b64(escalated)}.${signature}`,
      'another key': signJwt(escalated, 'an-attacker-key-of-forty-characters-long!'),
      'tampered payload, old signature': `${header}.${b64(escalated)}.${signature}`,
      'HS512 header': `${b64({ alg: 'HS512', typ: 'JWT' })}.${b64(claims)}.${signature}`,
    };
    for (const [what, token] of Object.entries(forged)) {
      const res = await portal.call('POST', '/api/identity/getuserlist', { token, body: {} });
      expect(res.status, what).toBe(401);
    }
    // The real token still works, and is refused once past its expiry on the server's clock.
    expect((await portal.call('GET', '/api/UserPreferences/get', { token: access })).status).toBe(200);
    const saved = portal.clock.now;
    portal.clock.now = new Date((claims.exp + 1) * 1000);
    try {
      expect((await portal.call('GET', '/api/UserPreferences/get', { token: access })).status).toBe(401);
    } finally {
      portal.clock.now = saved;
    }
  });
});

describe('refresh tokens', () => {
  it('a refresh token replayed after its rotation is refused and ends the whole session family', async () => {
    const { refresh } = await portal.signIn('portaladmin@demo.cx');
    const grant = (t: string) => portal.call('POST', '/api/identity/token', { body: { grant_type: 'refresh_token', client_id: 'cx-portal-web', refresh_token: t, environment: 'demo' } });
    const rotated = await grant(refresh);
    expect(rotated.status).toBe(200);
    portal.clock.now = new Date(portal.clock.now.getTime() + 31_000);
    const replay = await grant(refresh);
    expect(replay.status).toBe(400);
    expect((await grant(rotated.body.content.refresh_token)).status).toBe(400);
  });
});

describe('one-time links and codes expire', () => {
  it('a reset link a day old no longer sets a password', async () => {
    await portal.call('POST', '/api/identity/requestResetpassword', { body: { username: 'surveyeditor@demo.cx' } });
    const link = await linkToken(portal, 'surveyeditor@demo.cx');
    portal.clock.now = new Date(portal.clock.now.getTime() + 86_400_000 + 1000);
    const res = await portal.call('POST', `/api/identity/resetpassword/${link}`, { body: { newPassword: 'Late-Pass-123!', confirmPassword: 'Late-Pass-123!' } });
    expect(res.status).toBe(400);
    expect(res.body.tokenInvalid).toBe(true);
  });

  it('a QR sign-in code two minutes old registers no device', async () => {
    const { access } = await portal.signIn('north.manager@demo.cx');
    const { code } = (await portal.call('POST', '/api/identity/totp/next', { token: access })).body;
    portal.clock.now = new Date(portal.clock.now.getTime() + 121_000);
    const res = await portal.call('POST', '/api/identity/application/register', { token: access, body: { code, scopeLabel: 'Late tablet' } });
    expect(res.status).toBe(400);
    expect((await portal.call('GET', '/api/identity/application/list', { token: access })).body.results ?? []).toHaveLength(0);
  });
});
