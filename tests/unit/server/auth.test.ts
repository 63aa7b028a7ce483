import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness';
import { BAD_CREDENTIALS } from '../../../server/routes/token';
import { createApp } from '../../../server/app';

let h: Harness;
beforeAll(async () => {
  h = await harness(500);
});
afterAll(() => h.close());

const token = (body: unknown) => h.call('POST', '/api/identity/token', { body });

describe('POST /api/identity/token', () => {
  it('returns the session of spec part 1 for a password grant', async () => {
    const res = await token({ username: 'north.manager@demo.cx', password: 'Demo-2345!', rememberme: true });
    expect(res.status).toBe(200);
    expect(res.body.isSuccess).toBe(true);
    const c = res.body.content;
    expect(Object.keys(c)).toEqual(
      expect.arrayContaining(['userName', 'firstName', 'lastName', 'createdOn', 'email', 'phoneNumber', 'company', 'id', 'roles', 'claims',
        'changePasswordOnNextLogin', 'access_token', 'refresh_token', 'token_type', '.expires']),
    );
    expect(c.userName).toBe('north.manager@demo.cx');
    expect(c.roles).toBe('PortalUser');
    expect(c.claims).toBe('Region=North');
    expect(c.token_type).toBe('bearer');
    expect(new Date(c['.expires']).getTime() - h.clock.now.getTime()).toBe(15 * 60 * 1000);
  });

  it('accepts a form-encoded body and a case-insensitive user name', async () => {
    const res = await h.call('POST', '/api/identity/token', {
      raw: 'username=PortalUser%40demo.cx&password=Demo-2345%21',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(res.body.content.userName).toBe('portaluser@demo.cx');
  });

  it('gives the same message for a wrong password and an unknown user', async () => {
    const wrong = await token({ username: 'portaluser@demo.cx', password: 'nope' });
    const unknown = await token({ username: 'nobody@demo.cx', password: 'nope' });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body).toEqual({ isSuccess: false, message: BAD_CREDENTIALS, content: null });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('locks an account for 15 minutes after 5 failed sign-ins', async () => {
    for (let i = 0; i < 5; i++) expect((await token({ username: 'surveyeditor@demo.cx', password: `bad-${i}` })).status).toBe(400);
    const locked = await token({ username: 'surveyeditor@demo.cx', password: 'Demo-2345!' });
    expect(locked.status).toBe(400);
    expect(locked.body.message).toBe('This account is locked after 5 failed sign-ins. Try again in 15 minutes.');
    h.clock.now = new Date(h.clock.now.getTime() + 15 * 60_000 + 1000);
    expect((await token({ username: 'surveyeditor@demo.cx', password: 'Demo-2345!' })).status).toBe(200);
  });

  it('rotates refresh tokens and rejects a reused one with its whole family', async () => {
    const first = (await token({ username: 'portaladmin@demo.cx', password: 'Demo-2345!' })).body.content.refresh_token;
    const refresh = (t: string) => token({ grant_type: 'refresh_token', client_id: 'cx-portal-web', refresh_token: t, environment: 'demo' });
    const second = await refresh(first);
    expect(second.status).toBe(200);
    expect(second.body.content.userName).toBe('portaladmin@demo.cx');
    const secondToken = second.body.content.refresh_token;
    expect(secondToken).not.toBe(first);

    // Within 30 s a spent token is a retry (the browser left the page before the answer came): it gets the same successor.
    expect((await refresh(first)).body.content.refresh_token).toBe(secondToken);
    h.clock.now = new Date(h.clock.now.getTime() + 31_000);
    const replay = await refresh(first);
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('The refresh token was already used; sign in again.');
    // The replay revoked the family: the newest token no longer works either.
    expect((await refresh(secondToken)).status).toBe(400);
    expect((await refresh('made-up')).body.message).toBe('The refresh token is not valid.');
  });

  it('answers bad input with 400 and a message', async () => {
    const malformed = await h.call('POST', '/api/identity/token', { raw: '{"username": "x",' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('The request body is not valid JSON.');
    const missing = await token({ username: 'portaluser@demo.cx' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/password/);
    const wrongType = await token({ username: 42, password: ['x'] });
    expect(wrongType.status).toBe(400);
  });
});

describe('bearer tokens', () => {
  it('are required, checked and expire', async () => {
    expect((await h.call('POST', '/api/identity/userdetail')).status).toBe(401);
    const forged = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1LWdsb2JhbGFkbWluIiwicm9sZSI6Ikdsb2JhbEFkbWluIiwiZXhwIjo5OTk5OTk5OTk5fQ.bad';
    expect((await h.call('POST', '/api/identity/userdetail', { token: forged })).status).toBe(401);
    const t = await h.signIn('portaluser@demo.cx');
    expect((await h.call('POST', '/api/identity/userdetail', { token: t })).status).toBe(200);
    h.clock.now = new Date(h.clock.now.getTime() + 16 * 60_000);
    const expired = await h.call('POST', '/api/identity/userdetail', { token: t });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('Your session has expired. Sign in again.');
  });

  // Signatures are checked once per token text (server/auth/tokens.ts): a token already accepted
  // must not lend its standing to a changed copy, nor to a server that signs with another secret.
  it('once accepted, still hold only for their exact text and their own secret', async () => {
    const t = await h.signIn('portaluser@demo.cx');
    expect((await h.call('POST', '/api/identity/userdetail', { token: t })).status).toBe(200);
    const [header, payload, signature] = t.split('.');
    const raised = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), role: 'GlobalAdmin' })).toString('base64url');
    const forged = await h.call('GET', '/api/groups', { token: `${header}.${raised}.${signature}` });
    expect(forged.status).toBe(401);
    const other = createApp({ deps: { db: h.db, secret: 'another-secret-that-is-long-enough', now: () => h.clock.now, failureDelayMs: 0 } });
    const elsewhere = await other.request('/api/identity/userdetail', { method: 'POST', headers: { authorization: `Bearer ${t}` } });
    expect(elsewhere.status).toBe(401);
    expect((await h.call('POST', '/api/identity/userdetail', { token: t })).status).toBe(200);
  });
});
