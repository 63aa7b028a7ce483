// Anonymous sign-in starts (issue 48 hardening), over real HTTP: each start at
// /api/sso/{saml|oidc}/:id/login writes a pending sign-in, so one client may start only so many
// (both protocols count together; parallel starts never pass the limit), and all clients together
// hold only so many live ones. A script gets a 429 with Retry-After; a browser's navigation is sent
// to the sign-on error page with the same message. No refused start writes a row.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inParallel, startPortal, type Portal } from './portal';

const PER_CLIENT = 4;
const LIVE_MAX = 6;
const PROVIDERS = [
  { id: 'saml-idp', kind: 'saml', name: 'SAML IdP', domains: ['saml.test'], config: { idpEntityId: 'https://saml.test', ssoUrl: 'https://saml.test/sso', binding: 'redirect', idpCerts: ['MIIBszCCAVmgAwIBAgIU'] } },
  // No such issuer: the start writes its pending row, then the provider's discovery fails (a 303 to /sso/error).
  { id: 'oidc-idp', kind: 'oidc', name: 'OIDC IdP', domains: ['oidc.test'], config: { issuer: 'http://127.0.0.1:9/none', clientId: 'portal' }, clientSecret: 'secret' },
];

let portal: Portal;
beforeAll(async () => {
  vi.stubEnv('SSO_PROVIDERS', JSON.stringify(PROVIDERS));
  portal = await startPortal(200, (origin) => ({ publicOrigin: origin, submissionLimits: { ssoStartsPerClient: PER_CLIENT, ssoPendingMax: LIVE_MAX } }));
}, 60_000);
afterAll(async () => {
  vi.unstubAllEnvs();
  await portal?.close();
});

const start = (from: string, kind = 'saml', headers: Record<string, string> = {}) =>
  portal.call('GET', `/api/sso/${kind}/${kind}-idp/login?relayState=%2F`, { from, headers });
const pendingRows = async () => Number((await portal.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM sso_requests'))[0].n);

describe('sign-in starts', () => {
  it('one client starts at most the limit, also in parallel and across protocols; the rest get a 429 with Retry-After and write nothing', async () => {
    const before = await pendingRows();
    const answers = await inParallel(PER_CLIENT + 6, () => start('127.0.0.2'));
    expect(answers.filter((a) => a.status === 302)).toHaveLength(PER_CLIENT);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(6);
    expect(refused[0].body.message).toMatch(/^Too many sign-ins were started from your address\. Try again in \d+ minutes?\.$/);
    expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
    expect(await pendingRows()).toBe(before + PER_CLIENT);

    expect((await start('127.0.0.2', 'oidc')).status).toBe(429);
    // A browser's navigation reads the refusal on the sign-on error page.
    const navigation = await start('127.0.0.2', 'saml', { accept: 'text/html', 'sec-fetch-mode': 'navigate' });
    expect(navigation.status).toBe(303);
    expect(new URL(String(navigation.headers.location), portal.origin).searchParams.get('error')).toMatch(/^Too many sign-ins were started from your address/);
    expect(await pendingRows()).toBe(before + PER_CLIENT);
    // Another client is not held up by this one.
    expect((await start('127.0.0.3', 'oidc')).status).toBe(303);

    portal.clock.now = new Date(portal.clock.now.getTime() + 5 * 60_000 + 1000);
    expect((await start('127.0.0.2')).status).toBe(302);
  });

  it('all clients together hold at most the cap of live pending sign-ins; expired ones make room', async () => {
    portal.clock.now = new Date(portal.clock.now.getTime() + 11 * 60_000);
    const clients = ['127.0.0.4', '127.0.0.5', '127.0.0.6'];
    const answers = (await Promise.all(clients.map((from) => inParallel(3, () => start(from))))).flat();
    expect(answers.filter((a) => a.status === 302)).toHaveLength(LIVE_MAX);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(clients.length * 3 - LIVE_MAX);
    expect(refused[0].body.message).toMatch(/^Too many sign-ins are in progress at this moment\. Try again in \d+ minutes?\.$/);
    expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);

    portal.clock.now = new Date(portal.clock.now.getTime() + 11 * 60_000);
    expect((await start('127.0.0.7')).status).toBe(302);
  });
});
