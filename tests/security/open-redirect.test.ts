import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type Portal } from './portal';

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(() => portal.close());

/** Return targets a browser would follow to another origin (WHATWG URL parsing: `\` is `/`, tabs and newlines are dropped). */
const FOREIGN = [
  '/\\evil.example/steal',
  '/\tevil.example/steal',
  '/\t/evil.example/steal',
  '/\\/evil.example',
  '\\\\evil.example',
  '/\n/evil.example',
  '//evil.example/steal',
  'https://evil.example/steal',
  '/%09/evil.example',
  ' //evil.example',
];

const where = (location: string | undefined) => new URL(location ?? '', portal.origin);

describe('single sign-on return targets', () => {
  it.each(FOREIGN)('never redirects the signed-in browser to another origin (returnTo %j)', async (target) => {
    const page = await portal.call('GET', `/api/sso/local/authorize?${new URLSearchParams({ returnTo: target, relayState: target })}`);
    expect(page.status).toBe(200);
    // The provider's page posts back to a portal path only.
    const hidden = /name="returnTo" value="([^"]*)"/.exec(page.text)![1].replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
    expect(where(hidden).origin).toBe(portal.origin);

    const signedIn = await portal.call('POST', '/api/sso/local/authorize', {
      form: { returnTo: target, relayState: target, email: 'portaluser@demo.cx', password: 'Demo-2345!' },
    });
    expect(signedIn.status).toBe(302);
    const back = where(signedIn.headers.location as string);
    expect(back.origin).toBe(portal.origin);
    expect(back.pathname).toBe('/sso/confirm');
    // The relay state that the portal follows after sign-in is a portal path too.
    const relay = back.searchParams.get('relayState')!;
    expect(where(relay).origin).toBe(portal.origin);
  });

  it.each(FOREIGN)('refuses a foreign target when the sign-on starts (location and relayState %j)', async (target) => {
    for (const body of [{ location: target }, { relayState: target }]) {
      const res = await portal.call('POST', '/api/sso/authRequest', { body });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/must be a path of this portal/);
    }
  });

  it('keeps a portal path with its query', async () => {
    const res = await portal.call('POST', '/api/sso/authRequest', { body: { location: '/sso/confirm', relayState: '/content/insights/responses?type=CardViewer' } });
    expect(res.status).toBe(200);
    expect(res.body.relayState).toBe('/content/insights/responses?type=CardViewer');
  });
});
