// Sign-in with SAML 2.0 against a real identity provider (Debian's SimpleSAMLphp, started on a
// loopback port), over real HTTP: by redirect and by POST binding, the user's group and region become
// a role and a claim the portal enforces; unknown users are created or refused; tampered, unsigned,
// expired, replayed and wrong-audience responses, and responses delivered to another browser, are
// refused with a clear message; one response raced in parallel gives one session.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { inParallel, startPortal, type Portal } from './portal';
import { FormBrowser, type Page } from '../tools/form-browser';
import { IDP_PASSWORD, OTHER_SP, startSimpleSamlPhp, type TestSamlIdp } from '../tools/simplesamlphp';
import { setActive } from '../../server/identity/user-status';

let portal: Portal;
let idp: TestSamlIdp;
let globalAdmin: string;
const ACS = '/api/sso/saml/acs';

const provider = (id: string, extra: Record<string, unknown> = {}, config: Record<string, unknown> = {}) => ({
  id,
  kind: 'saml',
  name: `Acme ${id}`,
  domains: ['acme.test'],
  config: { idpEntityId: idp.entityId, ssoUrl: idp.ssoRedirectUrl, binding: 'redirect', sloUrl: idp.sloUrl, idpCerts: [idp.certificate], emailAttribute: 'mail', ...config },
  mapping: [
    { attribute: 'groups', equals: 'cx-admins', role: 'PortalAdmin' },
    { attribute: 'region', claim: 'Region' },
  ],
  unknownUsers: 'create',
  defaultRole: 'PortalUser',
  ...extra,
});

async function register(body: Record<string, unknown>) {
  const res = await portal.call('POST', '/api/sso/providers', { token: globalAdmin, body });
  expect(res.status, res.text).toBe(201);
}

beforeAll(async () => {
  portal = await startPortal(200, (origin) => ({ publicOrigin: origin }));
  globalAdmin = (await portal.signIn('globaladmin@demo.cx')).access;
  const metadata = await portal.call('GET', '/api/sso/saml/metadata');
  expect(metadata.status).toBe(200);
  idp = await startSimpleSamlPhp(metadata.text, 'security');
  await register(provider('acme'));
  await register(provider('acme-post', { domains: [] }, { binding: 'post' }));
  await register(provider('acme-strict', { unknownUsers: 'refuse', domains: [] }));
}, 60_000);
afterAll(async () => {
  await idp?.stop();
  await portal?.close();
});
afterEach(() => {
  vi.useRealTimers();
  idp.configureSp({});
});

/** A browser that does not load the portal's client pages: it stops at /sso/confirm and /sso/error (and at the IdP while `atIdp.stop`). */
const newBrowser = (atIdp = { stop: false }) =>
  new FormBrowser((url) => (atIdp.stop && url.origin === idp.origin) || (url.origin === portal.origin && url.pathname.startsWith('/sso/')));

/** Signs in at the IdP's real page, up to its page that posts the SAMLResponse to the portal. */
async function responsePage(browser: FormBrowser, providerId = 'acme', user = 'anna', relay = '/dashboard'): Promise<Page> {
  const login = await browser.open(`${portal.origin}/api/sso/saml/${providerId}/login?${new URLSearchParams({ relayState: relay })}`);
  const atIdp = login.url.startsWith(idp.origin) ? login : await browser.submit(login); // the POST binding's page posts the request on
  expect(atIdp.url.startsWith(idp.origin), atIdp.html.slice(0, 500)).toBe(true);
  const answer = await browser.submit(atIdp, { username: user, password: IDP_PASSWORD });
  expect(answer.html, answer.html.slice(0, 800)).toContain('SAMLResponse');
  return answer;
}

const hidden = (page: Page, name: string) => new RegExp(`name="${name}"\\s+value="([^"]*)"`).exec(page.html)?.[1] ?? '';

/** Posts a response to the ACS as the browser would; where the portal sends it (/sso/confirm or /sso/error). */
async function post(browser: FormBrowser, SAMLResponse: string, RelayState: string): Promise<URL> {
  const page = await browser.open(`${portal.origin}${ACS}`, { form: { SAMLResponse, RelayState } });
  expect(page.status, page.html.slice(0, 300)).toBe(0);
  return new URL(page.url);
}

const refusal = (url: URL) => (url.pathname === '/sso/error' ? url.searchParams.get('error') : `not refused: ${url.pathname}`);

function exchange(browser: FormBrowser, confirm: URL) {
  const cookie = browser.cookie('127.0.0.1', 'cx_sso');
  return portal.call('POST', '/api/sso/token', { body: { assertion: confirm.searchParams.get('assertion') }, headers: cookie ? { cookie: `cx_sso=${cookie}` } : {} });
}

async function signIn(providerId = 'acme', user = 'anna', browser = newBrowser()) {
  const page = await responsePage(browser, providerId, user);
  const landed = await post(browser, hidden(page, 'SAMLResponse'), hidden(page, 'RelayState'));
  expect(landed.pathname, refusal(landed) ?? '').toBe('/sso/confirm');
  expect(landed.searchParams.get('relayState')).toBe('/dashboard');
  const session = await exchange(browser, landed);
  expect(session.status, session.text).toBe(200);
  return session.body.content as { access_token: string; roles: string; claims: string; ssoProvider: string | null; userName: string };
}

const xmlOf = (page: Page) => Buffer.from(hidden(page, 'SAMLResponse').replace(/&#43;/g, '+').replace(/&#61;/g, '='), 'base64').toString('utf8');
const encode = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');

async function refusedWith(message: string, change: (xml: string) => string, providerId = 'acme') {
  const browser = newBrowser();
  const page = await responsePage(browser, providerId);
  expect(refusal(await post(browser, encode(change(xmlOf(page))), hidden(page, 'RelayState')))).toBe(message);
}

describe('SAML sign-in with SimpleSAMLphp', () => {
  it('by redirect: the group becomes PortalAdmin and the region a Region claim, the user created just in time', async () => {
    const content = await signIn('acme', 'anna');
    expect({ userName: content.userName, roles: content.roles, claims: content.claims, ssoProvider: content.ssoProvider }).toEqual({
      userName: 'anna@acme.test', roles: 'PortalAdmin', claims: 'Region=North', ssoProvider: 'acme',
    });
    const [row] = await portal.db.query<{ provider_id: string; password_hash: string | null }>(
      "SELECT s.provider_id, u.password_hash FROM user_sso s JOIN users u ON u.id = s.user_id WHERE u.user_name = 'anna@acme.test'",
    );
    expect(row).toEqual({ provider_id: 'acme', password_hash: null });
  });

  it('by POST binding as well; the Region claim restricts the data to North', async () => {
    const content = await signIn('acme-post', 'dora');
    expect(content.roles).toBe('PortalAdmin');
    const admin = (await portal.signIn('portaladmin@demo.cx')).access;
    const pivot = (token: string, smartFilters: unknown[]) =>
      portal.call('POST', '/api/dataviewer/analytics/data/responses/default', { token, body: { smartFilters, rowDimensions: ['Region'], columnDimensions: [], measureKeys: ['InternalRecordCount'] } });
    const [mine, northOnly, all] = await Promise.all([pivot(content.access_token, []), pivot(admin, [{ filterKey: 'Region', filterValue: 'North' }]), pivot(admin, [])]);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body).toEqual(northOnly.body);
    expect(mine.body).not.toEqual(all.body);
  });

  it('a plain user gets the default role and no claim', async () => {
    expect(await signIn('acme', 'ben')).toMatchObject({ roles: 'PortalUser', claims: '' });
  });

  it('an unknown user is refused when the provider refuses unknown users', async () => {
    const browser = newBrowser();
    const page = await responsePage(browser, 'acme-strict', 'carl');
    expect(refusal(await post(browser, hidden(page, 'SAMLResponse'), hidden(page, 'RelayState')))).toBe('No portal account matches this sign-on.');
    expect(await portal.db.query("SELECT id FROM users WHERE user_name = 'carl@acme.test'")).toEqual([]);
  });

  it('accepts encrypted assertions (decrypted with the portal key)', async () => {
    idp.configureSp({ encryptAssertions: true });
    const browser = newBrowser();
    const page = await responsePage(browser);
    expect(xmlOf(page)).toContain('EncryptedAssertion');
    const landed = await post(browser, hidden(page, 'SAMLResponse'), hidden(page, 'RelayState'));
    expect(landed.pathname, refusal(landed) ?? '').toBe('/sso/confirm');
  });
});

describe('SAML responses that are refused', () => {
  it('tampered: an attribute edited inside the signed XML', async () => {
    await refusedWith('The sign-on response was tampered with or is signed by an unknown key.', (xml) => xml.replace('>North<', '>South<').replace('>cx-admins<', '>cx-owners<'));
  });

  it('unsigned: every signature stripped', async () => {
    await refusedWith('The sign-on response is not signed.', (xml) => xml.replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, ''));
  });

  it('expired: the clock moved past the assertion’s NotOnOrAfter (node-saml reads the real clock: Date faked)', async () => {
    const browser = newBrowser();
    const page = await responsePage(browser);
    // Only Date is faked (timers stay real): the IdP's assertion lives 5 minutes, the provider allows 60 s of skew.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 7 * 60_000 });
    expect(refusal(await post(browser, hidden(page, 'SAMLResponse'), hidden(page, 'RelayState')))).toBe('The sign-on response has expired.');
  });

  it('replayed: a response used once is refused after', async () => {
    const browser = newBrowser();
    const page = await responsePage(browser);
    const [response, relay] = [hidden(page, 'SAMLResponse'), hidden(page, 'RelayState')];
    expect((await post(browser, response, relay)).pathname).toBe('/sso/confirm');
    expect(refusal(await post(browser, response, relay))).toBe('The sign-on response was already used.');
    // Delivered with another sign-in's RelayState: it does not answer that request.
    const other = newBrowser({ stop: true });
    const pending = await other.open(`${portal.origin}/api/sso/saml/acme/login?relayState=%2F`);
    const relayOfOther = new URL(pending.url).searchParams.get('RelayState')!;
    expect(refusal(await post(other, response, relayOfOther))).toBe('The sign-on response does not answer the sign-in started here. Start the sign-in again.');
  });

  it('raced: one response posted 8 times at once gives exactly one assertion and one session', async () => {
    const browser = newBrowser();
    const page = await responsePage(browser);
    const landed = await inParallel(8, () => post(browser, hidden(page, 'SAMLResponse'), hidden(page, 'RelayState')));
    const confirmed = landed.filter((u) => u.pathname === '/sso/confirm');
    expect(confirmed).toHaveLength(1);
    expect(landed.filter((u) => u.pathname === '/sso/error').map(refusal)).toEqual(Array(7).fill('The sign-on response was already used.'));
    const sessions = await inParallel(4, () => exchange(browser, confirmed[0]));
    expect(sessions.filter((s) => s.status === 200)).toHaveLength(1);
  });

  it('wrong audience: a response the IdP made for another service provider', async () => {
    // A browser that stops on its way to the IdP: the portal's own AuthnRequest, re-issued by "another SP"
    // (its Issuer), the IdP answers with that SP as the audience (and the portal's request id).
    const atIdp = { stop: true };
    const browser = newBrowser(atIdp);
    const start = await browser.open(`${portal.origin}/api/sso/saml/acme/login?relayState=%2F`);
    atIdp.stop = false;
    const sent = new URL(start.url);
    const request = inflateRawSync(Buffer.from(sent.searchParams.get('SAMLRequest')!, 'base64')).toString('utf8');
    const forged = request.replace(/(<saml:Issuer[^>]*>)[^<]*/, `$1${OTHER_SP}`);
    const query = new URLSearchParams({ SAMLRequest: deflateRawSync(Buffer.from(forged)).toString('base64'), RelayState: sent.searchParams.get('RelayState')! });
    const login = await browser.open(`${idp.ssoRedirectUrl}?${query}`);
    const page = await browser.submit(login, { username: 'anna', password: IDP_PASSWORD });
    expect(xmlOf(page)).toContain(OTHER_SP);
    expect(refusal(await post(browser, hidden(page, 'SAMLResponse'), hidden(page, 'RelayState')))).toBe('The sign-on response is for another service provider.');
  });

  it('delivered to another browser: the assertion is not exchanged without the cx_sso cookie of the browser that started', async () => {
    const victim = newBrowser();
    const page = await responsePage(victim);
    // The attacker's own sign-in response, posted into the victim's browser (login CSRF), lands on /sso/confirm...
    const attacker = newBrowser();
    const landed = await post(attacker, hidden(page, 'SAMLResponse'), hidden(page, 'RelayState'));
    expect(landed.pathname).toBe('/sso/confirm');
    const res = await exchange(attacker, landed);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The sign-in was started in another browser. Start it again here.');
  });

  it('the ACS and SLO take the IdP page’s form post, which a browser sends with the IdP’s Origin', async () => {
    for (const path of [ACS, '/api/sso/saml/slo']) {
      const res = await portal.call('POST', path, { form: { SAMLResponse: 'bm90IHNhbWw=', RelayState: 'x'.repeat(32) }, headers: { origin: idp.origin } });
      expect(res.status, `${path}: ${res.text}`).toBe(303);
    }
  });

  it('a document type declaration (entity expansion) is refused before any parsing', async () => {
    await refusedWith('The sign-on response is malformed.', (xml) => xml.replace(/^(<\?xml[^>]*\?>)?/, '<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>'));
  });

  it('a deactivated user is refused', async () => {
    const [dora] = await portal.db.query<{ id: string }>("SELECT id FROM users WHERE user_name = 'dora@acme.test'");
    expect(dora, 'dora signed in by the POST-binding test').toBeDefined();
    await setActive(portal.db, dora.id, false, portal.clock.now);
    const browser = newBrowser();
    const page = await responsePage(browser, 'acme-post', 'dora');
    expect(refusal(await post(browser, hidden(page, 'SAMLResponse'), hidden(page, 'RelayState')))).toBe('This account is deactivated.');
  });

  it('an unsolicited response (no sign-in started here) is refused', async () => {
    const browser = newBrowser();
    const page = await responsePage(browser);
    expect(refusal(await post(browser, hidden(page, 'SAMLResponse'), 'made-up-relay-state-of-twenty-chars'))).toBe(
      'The sign-on response does not belong to a sign-in started here. Start the sign-in again.',
    );
  });
});

describe('single logout and the password of a single sign-on user', () => {
  const alive = (token: string) => portal.call('GET', '/api/dummy/secretdata', { token }).then((r) => r.status);

  it('portal logout answers the IdP’s logout address; the IdP ends its session and returns to /logout', async () => {
    const browser = newBrowser();
    const { access_token } = await signIn('acme', 'ben', browser);
    const out = await portal.call('POST', '/api/identity/logout', { token: access_token, body: {} });
    expect(out.status).toBe(200);
    expect(out.body.logoutUrl.startsWith(`${idp.sloUrl}?SAMLRequest=`), out.text).toBe(true);
    expect(await alive(access_token)).toBe(401);
    // The IdP answers with a LogoutResponse posted back to the portal's SLO address, which sends the browser to /logout.
    const answer = await browser.open(out.body.logoutUrl);
    const back = answer.html.includes('SAMLResponse') ? await browser.submit(answer) : answer;
    expect(new URL(back.url).pathname).toBe('/logout');
  });

  it('IdP-initiated logout ends the portal session of that user', async () => {
    const browser = newBrowser();
    const { access_token } = await signIn('acme', 'ben', browser);
    expect(await alive(access_token)).toBe(200);
    // SimpleSAMLphp logs the user out of every service provider: a LogoutRequest posted to the portal.
    let page = await browser.open(`${idp.origin}/saml2/idp/SingleLogoutService.php?ReturnTo=${encodeURIComponent(`${idp.origin}/`)}`);
    for (let hops = 0; hops < 5 && page.html.includes('SAMLRequest'); hops++) page = await browser.submit(page);
    expect(page.url.startsWith(idp.origin), page.url).toBe(true);
    expect(await alive(access_token)).toBe(401);
  });

  it('a single sign-on user has no portal password: change refused, no reset link sent', async () => {
    const { access_token, userName } = await signIn('acme', 'ben');
    const change = await portal.call('POST', '/api/identity/changePassword', { token: access_token, body: { oldPassword: 'x', newPassword: 'Another-2345!', confirmPassword: 'Another-2345!' } });
    expect(change.status).toBe(400);
    expect(change.body.message).toBe('This user signs in with single sign-on and has no portal password.');
    const reset = await portal.call('POST', '/api/identity/requestResetpassword', { body: { username: userName } });
    expect(reset.body.message).toBe('If the account exists, we have sent it a link to reset the password.');
    await new Promise((r) => setTimeout(r, 300));
    expect(await portal.mails(userName)).toEqual([]);
    const listed = await portal.call('POST', '/api/identity/getuserlist', { token: globalAdmin, body: { usernameFilter: 'ben@acme.test' } });
    expect(listed.body.results[0].ssoProvider).toBe('acme');
  });
});
