// The administration of identity providers (issue 48), over real HTTP: GlobalAdmin only; a client
// secret is written, never read back, and sealed at rest; providers from SSO_PROVIDERS are listed
// and read-only; rules name the portal's roles and claim types; IdP metadata is read with limits
// (http(s) only, 1 MB, no document type declarations); the sign-in page learns providers' names only;
// a domain hint picks the provider; bad input is a 400 with a message, never a 500.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPortal, type Portal } from './portal';

let portal: Portal;
let globalAdmin: string;
let metadataServer: Server;
let metadataOrigin: string;
const CERT = 'MIIBszCCAVmgAwIBAgIUEXAMPLEEXAMPLEEXAMPLEEXAMPLEwCgYIKoZIzj0EAwIw';
const IDP_METADATA = `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="https://idp.example.test/saml">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>
      ${CERT}
    </ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:KeyDescriptor use="encryption"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>ENCRYPTIONONLY</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example.test/slo"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example.test/sso"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://idp.example.test/sso-post"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

const oidc = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  kind: 'oidc',
  name: `OIDC ${id}`,
  domains: ['oidc.test'],
  config: { issuer: 'https://login.oidc.test', clientId: 'portal' },
  clientSecret: 'the-client-secret-value',
  mapping: [{ attribute: 'groups', equals: 'cx-admins', role: 'PortalAdmin' }, { attribute: 'region', claim: 'Region' }],
  ...extra,
});
const ENV_PROVIDER = { id: 'from-env', kind: 'saml', name: 'Env IdP', domains: ['env.test'], config: { idpEntityId: 'https://env.test', ssoUrl: 'https://env.test/sso', idpCerts: [CERT] } };

beforeAll(async () => {
  vi.stubEnv('SECRETS_KEY', 'a-key-of-this-test-server-long-enough');
  vi.stubEnv('SSO_PROVIDERS', JSON.stringify([ENV_PROVIDER]));
  portal = await startPortal(200, (origin) => ({ publicOrigin: origin }));
  globalAdmin = (await portal.signIn('globaladmin@demo.cx')).access;
  metadataServer = createServer((req, res) => {
    if (req.url === '/metadata') return res.end(IDP_METADATA);
    // An attacker's page that sends the server on to the cloud machine's credentials.
    if (req.url === '/to-cloud') return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (req.url === '/moved') return res.writeHead(301, { location: '/metadata' }).end();
    if (req.url === '/huge') {
      res.write(`<x>${'a'.repeat(1024 * 1024)}`);
      return res.end('</x>');
    }
    res.statusCode = 404;
    res.end('no');
  }).listen(0, '127.0.0.1');
  await new Promise((r) => metadataServer.once('listening', r));
  metadataOrigin = `http://127.0.0.1:${(metadataServer.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  vi.unstubAllEnvs();
  metadataServer?.close();
  await portal?.close();
});

describe('provider administration', () => {
  it('is for GlobalAdmins only', async () => {
    const portalAdmin = (await portal.signIn('portaladmin@demo.cx')).access;
    expect((await portal.call('GET', '/api/sso/providers')).status).toBe(401);
    expect((await portal.call('GET', '/api/sso/providers', { token: portalAdmin })).status).toBe(403);
    expect((await portal.call('POST', '/api/sso/providers', { token: portalAdmin, body: oidc('nope') })).status).toBe(403);
    expect((await portal.call('DELETE', '/api/sso/providers/from-env', { token: portalAdmin })).status).toBe(403);
  });

  it('never sends the client secret back, keeps it on an update without one, and seals it at rest', async () => {
    const created = await portal.call('POST', '/api/sso/providers', { token: globalAdmin, body: oidc('okta') });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ id: 'okta', hasSecret: true, fromEnvironment: false });
    expect(created.text).not.toContain('the-client-secret-value');
    const { clientSecret: _, ...withoutSecret } = oidc('okta', { name: 'Okta renamed' });
    const updated = await portal.call('PUT', '/api/sso/providers/okta', { token: globalAdmin, body: withoutSecret });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Okta renamed', hasSecret: true });
    const list = await portal.call('GET', '/api/sso/providers', { token: globalAdmin });
    expect(list.text).not.toContain('the-client-secret-value');
    expect(list.body.serviceProvider).toEqual({
      entityId: `${portal.origin}/api/sso/saml/metadata`,
      acsUrl: `${portal.origin}/api/sso/saml/acs`,
      sloUrl: `${portal.origin}/api/sso/saml/slo`,
      metadataUrl: `${portal.origin}/api/sso/saml/metadata`,
      oidcRedirectUri: `${portal.origin}/api/sso/oidc/callback`,
      oidcPostLogoutUri: `${portal.origin}/logout`,
    });
    const [row] = await portal.db.query<{ secret: string }>("SELECT secret FROM sso_providers WHERE id = 'okta'");
    expect(row.secret.startsWith('v1.')).toBe(true);
    expect(row.secret).not.toContain('the-client-secret-value');
    expect((await portal.call('POST', '/api/sso/providers', { token: globalAdmin, body: oidc('okta') })).status).toBe(409);
    expect((await portal.call('DELETE', '/api/sso/providers/okta', { token: globalAdmin })).status).toBe(200);
    expect((await portal.call('PUT', '/api/sso/providers/okta', { token: globalAdmin, body: withoutSecret })).status).toBe(404);
  });

  it('lists providers from SSO_PROVIDERS as read-only', async () => {
    const list = await portal.call('GET', '/api/sso/providers', { token: globalAdmin });
    expect(list.body.providers.find((p: { id: string }) => p.id === 'from-env')).toMatchObject({ fromEnvironment: true, name: 'Env IdP' });
    const put = await portal.call('PUT', '/api/sso/providers/from-env', { token: globalAdmin, body: { ...ENV_PROVIDER, name: 'Changed' } });
    expect(put.status).toBe(400);
    expect(put.body.message).toBe('This provider is set by the environment (SSO_PROVIDERS) and cannot be changed here.');
    expect((await portal.call('DELETE', '/api/sso/providers/from-env', { token: globalAdmin })).status).toBe(400);
    expect((await portal.call('POST', '/api/sso/providers', { token: globalAdmin, body: { ...ENV_PROVIDER } })).status).toBe(409);
  });

  it('refuses bad input with a 400 that says what is wrong', async () => {
    const post = (body: unknown) => portal.call('POST', '/api/sso/providers', { token: globalAdmin, body });
    const role = await post(oidc('bad-role', { mapping: [{ attribute: 'groups', equals: 'x', role: 'Emperor' }] }));
    expect(role.status).toBe(400);
    expect(role.body.message).toBe('mapping.0.role: the portal has no role Emperor.');
    const claim = await post(oidc('bad-claim', { mapping: [{ attribute: 'groups', claim: 'Salary' }] }));
    expect(claim.body.message).toBe('mapping.0.claim: the portal has no claim type Salary.');
    for (const body of [oidc('Upper Case'), oidc('x'.repeat(41)), { ...oidc('no-kind'), kind: 'cas' }, oidc('bad-url', { config: { issuer: 'javascript:alert(1)', clientId: 'x' } }),
      { ...ENV_PROVIDER, id: 'skew', config: { ...ENV_PROVIDER.config, clockSkewSeconds: 301 } }, 'text', [1]]) {
      const res = await post(body);
      expect(res.status, `${JSON.stringify(body)} → ${res.text}`).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
  });
});

describe('IdP metadata import', () => {
  const read = (body: unknown) => portal.call('POST', '/api/sso/providers/metadata', { token: globalAdmin, body });

  it('reads the entity id, both bindings, the logout address and the signing certificates, from a file or a URL', async () => {
    const expected = {
      idpEntityId: 'https://idp.example.test/saml',
      ssoUrls: { redirect: 'https://idp.example.test/sso', post: 'https://idp.example.test/sso-post' },
      sloUrl: 'https://idp.example.test/slo',
      idpCerts: [CERT],
    };
    expect((await read({ xml: IDP_METADATA })).body).toEqual(expected);
    expect((await read({ url: `${metadataOrigin}/metadata` })).body).toEqual(expected);
  });

  it('refuses other schemes, answers larger than 1 MB, document types and non-metadata, with a 400', async () => {
    const cases: Array<[unknown, string]> = [
      [{ url: 'file:///etc/passwd' }, 'url: must be an http(s) address.'],
      [{ url: 'gopher://127.0.0.1/' }, 'url: must be an http(s) address.'],
      [{ url: `${metadataOrigin}/huge` }, `The metadata could not be read from ${metadataOrigin}: it is larger than 1 MB.`],
      [{ url: `${metadataOrigin}/missing` }, `The metadata could not be read from ${metadataOrigin}: it answered HTTP 404.`],
      [{ xml: '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' }, 'The metadata is not valid SAML metadata: a document type declaration is not allowed.'],
      [{ xml: '<x>' }, 'The metadata is not valid SAML metadata: it is not well-formed XML.'],
      [{ xml: '<a/>' }, 'The metadata is not valid SAML metadata: it describes no identity provider (IDPSSODescriptor).'],
    ];
    for (const [body, message] of cases) {
      const res = await read(body);
      expect(res.status, res.text).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await read({ url: 'x', xml: 'y' })).status).toBe(400);
  });

  it('never fetches from a link-local address (cloud credentials), also not at the end of a redirect; other redirects are followed', async () => {
    const linkLocal = 'url: The host 169.254.169.254 is a link-local address (cloud machines keep their credentials there); it cannot be an identity provider.';
    for (const url of ['http://169.254.169.254/latest/meta-data/', `${metadataOrigin}/to-cloud`]) {
      const res = await read({ url });
      expect(res.status, res.text).toBe(400);
      expect(res.body.message).toBe(linkLocal);
    }
    expect((await read({ url: `${metadataOrigin}/moved` })).body.idpEntityId).toBe('https://idp.example.test/saml');
  });
});

describe('what the sign-in page learns', () => {
  it('settings name the enabled providers (id and name only)', async () => {
    await portal.call('POST', '/api/sso/providers', { token: globalAdmin, body: oidc('shown', { domains: ['shown.test'] }) });
    await portal.call('POST', '/api/sso/providers', { token: globalAdmin, body: oidc('hidden', { enabled: false, domains: ['hidden.test'] }) });
    const settings = await portal.call('GET', '/api/settings');
    expect(settings.body.sso.providers).toEqual([{ id: 'from-env', name: 'Env IdP' }, { id: 'shown', name: 'OIDC shown' }]);
    expect(JSON.stringify(settings.body.sso)).not.toContain('login.oidc.test');
  });

  it('authRequest picks the provider by id or by the e-mail’s domain, else says there is none', async () => {
    const ask = (body: unknown) => portal.call('POST', '/api/sso/authRequest', { body });
    expect((await ask({ provider: 'shown', relayState: '/home' })).body).toEqual({ url: '/api/sso/oidc/shown/login?relayState=%2Fhome', relayState: '/home' });
    expect((await ask({ email: 'someone@ENV.test' })).body.url).toBe('/api/sso/saml/from-env/login?relayState=%2F');
    const none = await ask({ email: 'someone@company.com' });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('No single sign-on is set up for company.com.');
    expect((await ask({ provider: 'hidden' })).status).toBe(400);
    expect((await ask({ provider: 'shown', relayState: 'https://evil.test/' })).status).toBe(400);
  });
});
