import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await harness(20);
});
afterAll(() => h.close());

const form = (fields: Record<string, string>) => ({ raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

describe('single sign-on with the local identity provider', () => {
  it('sends the browser to the provider, which signs the user in and hands back an assertion that works once', async () => {
    const start = await h.call('POST', '/api/sso/authRequest', { body: { location: '/sso/confirm', relayState: '/user' } });
    expect(start.body.url).toBe('/api/sso/local/authorize?returnTo=%2Fsso%2Fconfirm&relayState=%2Fuser');
    const page = await h.call('GET', start.body.url);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('name="relayState" value="/user"');

    const wrong = await h.call('POST', '/api/sso/local/authorize', form({ returnTo: '/sso/confirm', relayState: '/user', email: 'portaladmin@demo.cx', password: 'nope' }));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toContain('The e-mail or password is incorrect.');

    const ok = await h.call('POST', '/api/sso/local/authorize', form({ returnTo: '/sso/confirm', relayState: '/user', email: 'portaladmin@demo.cx', password: 'Demo-2345!' }));
    expect(ok.status).toBe(302);
    const back = new URL(ok.headers.get('location')!, 'http://x');
    expect(back.pathname).toBe('/sso/confirm');
    expect(back.searchParams.get('relayState')).toBe('/user');
    const assertion = back.searchParams.get('assertion')!;

    const token = await h.call('POST', '/api/sso/token', { body: { assertion } });
    expect(token.status).toBe(200);
    expect(token.body.content.userName).toBe('portaladmin@demo.cx');
    const again = await h.call('POST', '/api/sso/token', { body: { assertion } });
    expect(again.body).toEqual({ isSuccess: false, message: 'The sign-on response was already used.', content: null });
  });

  it('refuses forged and expired assertions and foreign return addresses', async () => {
    const forged = `eyJlbWFpbCI6ImEifQ.${'A'.repeat(43)}`;
    expect((await h.call('POST', '/api/sso/token', { body: { assertion: forged } })).body.message).toBe('The sign-on response is not signed by the identity provider.');
    expect((await h.call('POST', '/api/sso/token', { body: { assertion: 'eyJlbWFpbCI6ImEifQ.forged' } })).body.message).toBe('The sign-on response is malformed.');
    expect((await h.call('POST', '/api/sso/authRequest', { body: { location: 'https://evil.example/steal' } })).status).toBe(400);
    expect((await h.call('POST', '/api/sso/authRequest', { body: { relayState: '//evil.example' } })).status).toBe(400);
    const ok = await h.call('POST', '/api/sso/local/authorize', form({ returnTo: 'https://evil.example', relayState: '/', email: 'portaluser@demo.cx', password: 'Demo-2345!' }));
    expect(new URL(ok.headers.get('location')!, 'http://x').pathname).toBe('/sso/confirm');
    const assertion = new URL(ok.headers.get('location')!, 'http://x').searchParams.get('assertion')!;
    h.clock.now = new Date(h.clock.now.getTime() + 121_000);
    expect((await h.call('POST', '/api/sso/token', { body: { assertion } })).body.message).toBe('The sign-on response has expired.');
  });
});
