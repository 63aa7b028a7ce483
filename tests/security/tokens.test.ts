import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inParallel, startPortal, type Portal } from './portal';

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(() => portal.close());

const me = (access: string) => portal.call('POST', '/api/identity/userdetail', { token: access });
/** The same signature bytes in standard base64 (`+`, `/`, `=` padding) instead of base64url. */
const standardBase64 = (part: string) => Buffer.from(part, 'base64url').toString('base64');

describe('access tokens are parsed strictly', () => {
  it('refuses a token with a fourth part', async () => {
    const { access } = await portal.signIn('portaluser@demo.cx');
    expect((await me(access)).status).toBe(200);
    expect((await me(`${access}.extra`)).status).toBe(401);
    expect((await me(`${access}.`)).status).toBe(401);
  });

  it('refuses a signature in another encoding of the same bytes', async () => {
    // Sign in until the signature has a byte that base64url and base64 spell differently.
    for (let tries = 0; tries < 40; tries++) {
      const { access } = await portal.signIn('portaluser@demo.cx');
      const [header, payload, signature] = access.split('.');
      const other = standardBase64(signature);
      if (other.replace(/=+$/, '') === signature) continue;
      expect((await me(`${header}.${payload}.${other}`)).status).toBe(401);
      return;
    }
    throw new Error('no signature with + or / in 40 sign-ins');
  });

  it('refuses padding and whitespace around the parts', async () => {
    const { access } = await portal.signIn('portaluser@demo.cx');
    const [header, payload, signature] = access.split('.');
    expect((await me(`${header}.${payload}.${signature}=`)).status).toBe(401);
    expect((await me(`${header}.${payload} .${signature}`)).status).toBe(401);
  });
});

describe('headers that keep tokens out of caches and referrers', () => {
  it('the token answer is never stored', async () => {
    const res = await portal.call('POST', '/api/identity/token', { body: { username: 'portaluser@demo.cx', password: 'Demo-2345!' } });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.pragma).toBe('no-cache');
    const failed = await portal.call('POST', '/api/identity/token', { body: { username: 'portaluser@demo.cx', password: 'no' } });
    expect(failed.headers['cache-control']).toBe('no-store');
  });

  it('every answer sends a Referrer-Policy, so a reset link in the address never leaks to another site', async () => {
    for (const path of ['/api/settings', '/api/sso/local/authorize', '/api/dummy']) {
      expect((await portal.call('GET', path)).headers['referrer-policy'], path).toBe('same-origin');
    }
  });
});

describe('a refresh retried within the grace', () => {
  const grant = (t: string) => portal.call('POST', '/api/identity/token', { body: { grant_type: 'refresh_token', client_id: 'cx-assistant', refresh_token: t, environment: 'test' } });

  it('answers the same successor, also to ten at once, so one refresh token has one live successor', async () => {
    const { refresh } = await portal.signIn('portaluser@demo.cx');
    const answers = await inParallel(10, () => grant(refresh));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const successors = new Set(answers.map((a) => a.body.content.refresh_token));
    expect(successors.size).toBe(1);
    // Each a fresh access token of the same session.
    const sessions = new Set(answers.map((a) => JSON.parse(Buffer.from(a.body.content.access_token.split('.')[1], 'base64url').toString()).sid));
    expect(sessions.size).toBe(1);
    expect((await me(answers[9].body.content.access_token)).status).toBe(200);
    // The successor works once, as any refresh token: then the old one is a replay, which ends the session.
    const [successor] = successors;
    const next = await grant(successor);
    expect(next.status).toBe(200);
    const replay = await grant(refresh);
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('The refresh token was already used; sign in again.');
    expect((await grant(next.body.content.refresh_token)).status).toBe(400);
  });
});

describe('the host portal keeps its refresh token in an HttpOnly cookie', () => {
  const webSignIn = () =>
    portal.call('POST', '/api/identity/token', { body: { username: 'portaladmin@demo.cx', password: 'Demo-2345!', client_id: 'cx-portal-web', rememberme: true } });
  const cookieOf = (lines: string[]) => lines.find((l) => l.startsWith('cx_refresh='))!;

  it('sets the cookie HttpOnly, SameSite=Strict, on the refresh path only, and leaves it out of the body', async () => {
    const res = await webSignIn();
    expect(res.status).toBe(200);
    expect(res.body.content.refresh_token).toBe('');
    expect(res.body.content.csrf_token).toMatch(/^[\w-]{20,}$/);
    const cookie = cookieOf(res.cookies);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\/api\/identity\/token/);
    expect(cookie).toMatch(/; Max-Age=2592000/);
  });

  it('refreshes from the cookie only with the session’s CSRF token', async () => {
    const signedIn = await webSignIn();
    const cookie = cookieOf(signedIn.cookies).split(';')[0];
    const refresh = (headers: Record<string, string>) =>
      portal.call('POST', '/api/identity/token', { body: { grant_type: 'refresh_token', client_id: 'cx-portal-web', environment: 'web' }, headers: { cookie, ...headers } });
    const forged = await refresh({});
    expect(forged.status).toBe(403);
    expect(forged.body.message).toBe('The refresh could not be verified. Sign in again.');
    expect((await refresh({ 'x-csrf-token': 'guessed' })).status).toBe(403);
    const ok = await refresh({ 'x-csrf-token': signedIn.body.content.csrf_token });
    expect(ok.status).toBe(200);
    expect(ok.body.content.refresh_token).toBe('');
    expect(cookieOf(ok.cookies)).not.toBe(cookieOf(signedIn.cookies));
    // A refresh from the cookie never hands the refresh token to script, whatever client it claims.
    const next = cookieOf(ok.cookies).split(';')[0];
    const asApp = await portal.call('POST', '/api/identity/token', {
      body: { grant_type: 'refresh_token', client_id: 'cx-assistant' },
      headers: { cookie: next, 'x-csrf-token': signedIn.body.content.csrf_token },
    });
    expect(asApp.status).toBe(200);
    expect(asApp.body.content.refresh_token).toBe('');
  });

  it('refuses a cookie refresh sent from another origin', async () => {
    const signedIn = await webSignIn();
    const res = await portal.call('POST', '/api/identity/token', {
      body: { grant_type: 'refresh_token', client_id: 'cx-portal-web' },
      headers: { cookie: cookieOf(signedIn.cookies).split(';')[0], 'x-csrf-token': signedIn.body.content.csrf_token, origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
  });

  it('signing out clears the cookie and revokes it', async () => {
    const signedIn = await webSignIn();
    const cookie = cookieOf(signedIn.cookies).split(';')[0];
    const out = await portal.call('POST', '/api/identity/logout', { token: signedIn.body.content.access_token });
    expect(out.status).toBe(200);
    expect(cookieOf(out.cookies)).toMatch(/^cx_refresh=; .*Max-Age=0/);
    const again = await portal.call('POST', '/api/identity/token', {
      body: { grant_type: 'refresh_token', client_id: 'cx-portal-web' },
      headers: { cookie, 'x-csrf-token': signedIn.body.content.csrf_token },
    });
    expect(again.status).toBe(400);
  });
});
