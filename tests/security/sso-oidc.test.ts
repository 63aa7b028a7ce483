// Sign-in with OpenID Connect against a real provider (`oidc-provider`, in-process on loopback), over
// real HTTP: the user's groups and region become a role and a claim the portal enforces; tampered,
// unsigned, expired, wrong-audience, nonce-mismatched and replayed answers, and answers delivered to
// another browser, are refused with a clear message; one code raced in parallel gives one session;
// logout ends the session and goes through the provider's end_session.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inParallel, startPortal, type Portal } from './portal';
import { FormBrowser, type Page } from '../tools/form-browser';
import { IDP_ACCOUNTS, IDP_PASSWORD, jwtClaims, startOidcProvider, unsignedJwt, type IdpAccount, type TestOidcProvider } from '../tools/oidc-provider';

let portal: Portal;
let idp: TestOidcProvider;
let globalAdmin: string;
const [ada, nora] = IDP_ACCOUNTS;
const CALLBACK = '/api/sso/oidc/callback';

/** Registers an OIDC provider through the admin API, as an administrator would. */
async function register(id: string, provider: TestOidcProvider, config: Record<string, unknown> = {}) {
  const res = await portal.call('POST', '/api/sso/providers', {
    token: globalAdmin,
    body: {
      id,
      kind: 'oidc',
      name: `Provider ${id}`,
      domains: ['idp.test'],
      config: { issuer: provider.issuer, clientId: provider.portalClient.clientId, ...config },
      clientSecret: provider.portalClient.clientSecret,
      mapping: [
        { attribute: 'groups', equals: 'cx-admins', role: 'PortalAdmin' },
        { attribute: 'region', claim: 'Region' },
      ],
      unknownUsers: 'create',
      defaultRole: 'PortalUser',
    },
  });
  expect(res.status, res.text).toBe(201);
}

beforeAll(async () => {
  portal = await startPortal(200, (origin) => ({ publicOrigin: origin }));
  // The provider signs with this machine's clock; the portal checks tokens on its own clock, set to the same time.
  portal.clock.now = new Date();
  idp = await startOidcProvider(portal.origin);
  globalAdmin = (await portal.signIn('globaladmin@demo.cx')).access;
  await register('idp', idp);
}, 60_000);
afterAll(async () => {
  await idp?.close();
  await portal?.close();
});
afterEach(() => {
  idp.alterTokens = undefined;
});

/** A browser that stops where the portal's own pages begin, and at the callback (the test decides when to load it). */
const newBrowser = () => new FormBrowser((url) => url.origin === portal.origin && (url.pathname === CALLBACK || !url.pathname.startsWith('/api/')));

/** Starts a sign-in at the portal and signs in at the provider: the callback address the provider sends the browser to. */
async function callbackFor(browser: FormBrowser, account: IdpAccount, providerId = 'idp', relay = '/'): Promise<string> {
  const login: Page = await browser.open(`${portal.origin}/api/sso/oidc/${providerId}/login?${new URLSearchParams({ relayState: relay })}`);
  expect(login.url.startsWith('http://127.0.0.1') && !login.url.startsWith(portal.origin), login.html).toBe(true);
  const back = await browser.submit(login, { login: account.email, password: IDP_PASSWORD });
  expect(back.url.startsWith(`${portal.origin}${CALLBACK}?`), back.html).toBe(true);
  return back.url;
}

/** Where the portal sends the browser for a callback: `/sso/confirm?…` or `/sso/error?error=…`. */
async function land(browser: FormBrowser, callback: string): Promise<URL> {
  const page = await browser.open(callback);
  expect(page.status, page.html).toBe(0);
  return new URL(page.url);
}

const refusal = (url: URL) => (url.pathname === '/sso/error' ? url.searchParams.get('error') : `not refused: ${url.pathname}`);

/** The portal assertion of `/sso/confirm` exchanged for a session, as the sign-in page does (with the browser's cx_sso cookie). */
function exchange(browser: FormBrowser, confirm: URL) {
  const cookie = browser.cookie('127.0.0.1', 'cx_sso');
  return portal.call('POST', '/api/sso/token', { body: { assertion: confirm.searchParams.get('assertion') }, headers: cookie ? { cookie: `cx_sso=${cookie}` } : {} });
}

async function signInWith(account: IdpAccount) {
  const browser = newBrowser();
  const confirm = await land(browser, await callbackFor(browser, account, 'idp', '/dashboard'));
  expect(confirm.pathname, refusal(confirm) ?? '').toBe('/sso/confirm');
  expect(confirm.searchParams.get('relayState')).toBe('/dashboard');
  const session = await exchange(browser, confirm);
  expect(session.status, session.text).toBe(200);
  return { browser, content: session.body.content as { access_token: string; roles: string; claims: string } };
}

/** Alters what the provider's token endpoint answers (the test-only boundary): the ID token's claims re-signed or not. */
const alterIdToken = (change: (claims: Record<string, unknown>) => string) => {
  idp.alterTokens = (body) => ({ ...body, id_token: change(jwtClaims(body.id_token!)) });
};

async function refusedWith(message: string, account = nora) {
  const browser = newBrowser();
  const landed = await land(browser, await callbackFor(browser, account));
  expect(refusal(landed)).toBe(message);
}

describe('OpenID Connect sign-in', () => {
  it('maps the group to PortalAdmin and the region to a Region claim, created just in time', async () => {
    const idTokens: string[] = [];
    idp.alterTokens = (body) => (idTokens.push(body.id_token!), body);
    const { content } = await signInWith(ada);
    // The ID token carries no e-mail, groups or region (the provider keeps scope claims for userinfo): they came from userinfo.
    expect(Object.keys(jwtClaims(idTokens[0]))).not.toContain('email');
    expect(content.roles).toBe('PortalAdmin');
    expect(content.claims).toBe('Region=South');
    const users = await portal.call('POST', '/api/identity/getuserlist', { token: content.access_token, body: {} });
    expect(users.status).toBe(200);
    const [link] = await portal.db.query<{ subject: string; first_name: string; last_name: string; password_hash: string | null }>(
      "SELECT s.subject, u.first_name, u.last_name, u.password_hash FROM user_sso s JOIN users u ON u.id = s.user_id WHERE u.user_name = 'ada.admin@idp.test'",
    );
    expect(link).toEqual({ subject: ada.id, first_name: 'Ada', last_name: 'Admin', password_hash: null });
  });

  it('a user restricted to North by the region claim sees North data only', async () => {
    const { content } = await signInWith(nora);
    expect(content.roles).toBe('PortalUser');
    expect(content.claims).toBe('Region=North');
    expect((await portal.call('POST', '/api/identity/getuserlist', { token: content.access_token, body: {} })).status).toBe(403);
    const admin = (await portal.signIn('portaladmin@demo.cx')).access;
    const pivot = (token: string, smartFilters: unknown[]) =>
      portal.call('POST', '/api/dataviewer/analytics/data/responses/default', { token, body: { smartFilters, rowDimensions: ['Region'], columnDimensions: [], measureKeys: ['InternalRecordCount'] } });
    const [mine, northOnly, all] = await Promise.all([pivot(content.access_token, []), pivot(admin, [{ filterKey: 'Region', filterValue: 'North' }]), pivot(admin, [])]);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual(northOnly.body);
    expect(mine.body).not.toEqual(all.body);
  });

  it('the provider’s refusal on the callback is shown as a message', async () => {
    const browser = newBrowser();
    const callback = new URL(await callbackFor(browser, nora));
    const denied = `${portal.origin}${CALLBACK}?${new URLSearchParams({ error: 'access_denied', error_description: 'The user cancelled', state: callback.searchParams.get('state')! })}`;
    expect(refusal(await land(browser, denied))).toBe('The identity provider refused the sign-in: The user cancelled.');
  });
});

describe('answers that are refused', () => {
  it('a tampered ID token (claims changed after signing)', async () => {
    idp.alterTokens = (body) => {
      const [header, , signature] = body.id_token!.split('.');
      const forged = Buffer.from(JSON.stringify({ ...jwtClaims(body.id_token!), sub: ada.id })).toString('base64url');
      return { ...body, id_token: `${header}.${forged}.${signature}` };
    };
    await refusedWith('The sign-on response was tampered with or is signed by an unknown key.');
  });

  it('an unsigned ID token (alg none)', async () => {
    alterIdToken((claims) => unsignedJwt(claims));
    await refusedWith('The sign-on response is not signed.');
  });

  it('an ID token minted for another client (wrong audience)', async () => {
    alterIdToken((claims) => idp.sign({ ...claims, aud: idp.otherClient.clientId }));
    await refusedWith('The sign-on response is for another service provider.');
  });

  it('an ID token whose nonce is not this sign-in’s', async () => {
    alterIdToken((claims) => idp.sign({ ...claims, nonce: 'another-sign-in' }));
    await refusedWith('The sign-on response does not belong to this sign-in (nonce mismatch).');
  });

  it('an e-mail address the provider says it has not verified', async () => {
    alterIdToken((claims) => idp.sign({ ...claims, email: nora.email, email_verified: false }));
    await refusedWith('The identity provider has not verified this e-mail address.');
  });

  it('an expired ID token: the provider issues 30-second tokens, the portal’s clock is 2 minutes on (beyond the 60 s skew)', async () => {
    const short = await startOidcProvider(portal.origin, { idTokenTtl: 30 });
    try {
      await register('idp-short', short);
      const browser = newBrowser();
      const callback = await callbackFor(browser, nora, 'idp-short');
      const before = portal.clock.now;
      portal.clock.now = new Date(before.getTime() + 120_000);
      try {
        expect(refusal(await land(browser, callback))).toBe('The sign-on response has expired.');
      } finally {
        portal.clock.now = before;
      }
    } finally {
      await short.close();
    }
  });

  it('a replayed callback: the state is spent by the first use', async () => {
    const browser = newBrowser();
    const callback = await callbackFor(browser, nora);
    expect((await land(browser, callback)).pathname).toBe('/sso/confirm');
    expect(refusal(await land(browser, callback))).toBe('The sign-on response was already used.');
  });

  it('a callback delivered to another browser (its cx_sso cookie is not the one that started it)', async () => {
    const started = newBrowser();
    const callback = await callbackFor(started, nora);
    const other = newBrowser();
    await other.open(`${portal.origin}/api/sso/oidc/idp/login`); // the other browser has a cookie of its own
    expect(other.cookie('127.0.0.1', 'cx_sso')).toBeTruthy();
    expect(refusal(await land(other, callback))).toBe('The sign-in was started in another browser. Start it again here.');
    expect(refusal(await land(newBrowser(), callback))).toBe('The sign-in was started in another browser. Start it again here.');
  });

  it('a provider that cannot be discovered is a clear refusal, not a 500', async () => {
    const gone = await startOidcProvider(portal.origin);
    await gone.close();
    await register('idp-gone', gone);
    const page = await newBrowser().open(`${portal.origin}/api/sso/oidc/idp-gone/login`);
    expect(new URL(page.url).pathname).toBe('/sso/error');
    expect(new URL(page.url).searchParams.get('error')).toMatch(/^The identity provider http:\/\/127\.0\.0\.1:\d+\/ could not be discovered/);
  });
});

describe('one code, many callbacks', () => {
  it('the same callback sent 6 times at once gives exactly one session', async () => {
    const browser = newBrowser();
    const callback = await callbackFor(browser, nora);
    const landed = await inParallel(6, () => land(browser, callback));
    const confirmed = landed.filter((url) => url.pathname === '/sso/confirm');
    expect(confirmed).toHaveLength(1);
    expect(landed.filter((url) => url.pathname === '/sso/error').map(refusal)).toEqual(Array(5).fill('The sign-on response was already used.'));
    const sessions = await inParallel(3, () => exchange(browser, confirmed[0]));
    expect(sessions.filter((s) => s.status === 200)).toHaveLength(1);
  });
});

describe('logout', () => {
  it('ends the portal session and goes through the provider’s end_session back to /logout', async () => {
    const { browser, content } = await signInWith(nora);
    const out = await portal.call('POST', '/api/identity/logout', { token: content.access_token, body: {} });
    expect(out.status).toBe(200);
    const logoutUrl = new URL(out.body.logoutUrl);
    expect(`${logoutUrl.origin}${logoutUrl.pathname}`).toBe(`${idp.issuer}/session/end`);
    expect(logoutUrl.searchParams.get('post_logout_redirect_uri')).toBe(`${portal.origin}/logout`);
    expect(jwtClaims(logoutUrl.searchParams.get('id_token_hint')!).sub).toBe(nora.id);
    expect((await portal.call('POST', '/api/identity/getuserlist', { token: content.access_token, body: {} })).status).toBe(401);
    const confirmPage = await browser.open(logoutUrl.href);
    const back = await browser.submit(confirmPage);
    expect(back.url).toBe(`${portal.origin}/logout`);
  });
});

describe('deleting a user', () => {
  it('removes the single sign-on records of their sessions with the sessions', async () => {
    await signInWith(ada);
    const sessionsOf = () =>
      portal.db.query<{ session_id: string }>("SELECT x.session_id FROM session_sso x JOIN sessions s ON s.id = x.session_id JOIN users u ON u.id = s.user_id WHERE u.user_name = 'ada.admin@idp.test'");
    const ids = (await sessionsOf()).map((r) => r.session_id);
    expect(ids.length).toBeGreaterThan(0);
    const [{ id }] = await portal.db.query<{ id: string }>("SELECT id FROM users WHERE user_name = 'ada.admin@idp.test'");
    expect((await portal.call('POST', `/api/identity/deleteuser/${id}`, { token: globalAdmin, body: {} })).status).toBe(200);
    const left = await portal.db.query(`SELECT session_id FROM session_sso WHERE session_id IN (${ids.map((_, i) => `$${i + 1}`).join(', ')})`, ids);
    expect(left).toEqual([]);
  });
});
