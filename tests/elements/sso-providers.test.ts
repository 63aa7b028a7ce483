import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { fixture, fixtureCleanup, html } from '@open-wc/testing-helpers';
import '../../elements/cx-sso-providers';
import type { ProviderView, ScimToken } from '../../src/api/sso';
import { json, realFetch, server, type Call } from './fake-server';
import { enterValue, settled, shadow } from './helpers';

afterEach(() => {
  // A dialog left open makes the rest of the page inert: each test starts on an empty page.
  fixtureCleanup();
  realFetch();
  vi.restoreAllMocks();
});

const SP = {
  entityId: 'https://portal.test/api/sso/saml/metadata',
  acsUrl: 'https://portal.test/api/sso/saml/acs',
  sloUrl: 'https://portal.test/api/sso/saml/slo',
  metadataUrl: 'https://portal.test/api/sso/saml/metadata',
  oidcRedirectUri: 'https://portal.test/api/sso/oidc/callback',
};
const OIDC: ProviderView = {
  id: 'contoso', kind: 'oidc', name: 'Contoso', domains: ['contoso.com'], config: { issuer: 'https://login.contoso.test', clientId: 'portal' },
  mapping: [{ attribute: 'groups', equals: 'cx-admins', role: 'PortalAdmin' }], unknownUsers: 'create', defaultRole: 'PortalUser', enabled: true, hasSecret: true,
};
const ENV: ProviderView = {
  id: 'fabrikam', kind: 'saml', name: 'Fabrikam', domains: ['fabrikam.com'], enabled: true, hasSecret: false, fromEnvironment: true,
  config: { idpEntityId: 'https://idp.fabrikam.test', ssoUrl: 'https://idp.fabrikam.test/sso', binding: 'redirect', idpCerts: ['MIIB'] },
  mapping: [], unknownUsers: 'refuse', defaultRole: 'PortalUser',
};
const METADATA = {
  idpEntityId: 'https://idp.example.test/saml',
  ssoUrls: { redirect: 'https://idp.example.test/sso/redirect', post: 'https://idp.example.test/sso/post' },
  sloUrl: 'https://idp.example.test/slo',
  idpCerts: ['MIICcert1', 'MIICcert2'],
};
const SECRET = 'oidc-client-secret-never-shown';

/** A portal whose SSO and SCIM routes keep what they are sent, and refuse what `refuse` names. */
function portal(providers: ProviderView[], tokens: ScimToken[] = [], refuse: Record<string, string> = {}): Call[] {
  return server((method, path, call) => {
    const key = `${method} ${path}`;
    if (refuse[key]) return json({ message: refuse[key] }, 400);
    if (key === 'GET /api/settings') return json({ roles: ['PortalUser', 'PortalAdmin', 'GlobalAdmin'], sso: { enabled: false, mode: 'redirect', url: '', providers: [] } });
    if (key === 'GET /api/sso/providers') return json({ providers, serviceProvider: SP });
    if (key === 'POST /api/sso/providers/metadata') return json(METADATA);
    if (key === 'POST /api/sso/providers' || method === 'PUT') {
      const { clientSecret, ...body } = JSON.parse(call.body) as ProviderView & { clientSecret?: string };
      const saved = { ...body, hasSecret: !!clientSecret || providers.some((p) => p.id === body.id && p.hasSecret) };
      const at = providers.findIndex((p) => p.id === saved.id);
      if (at >= 0) providers[at] = saved;
      else providers.push(saved);
      return json(saved, method === 'PUT' ? 200 : 201);
    }
    if (method === 'DELETE' && path.startsWith('/api/sso/providers/')) {
      providers.splice(providers.findIndex((p) => p.id === path.split('/').pop()), 1);
      return json(undefined, 204);
    }
    if (key === 'GET /api/scim/tokens') return json({ tokens });
    if (key === 'POST /api/scim/tokens') {
      const made = { id: `t${tokens.length + 1}`, name: JSON.parse(call.body).name as string, createdAt: '2026-11-28T10:00:00Z', lastUsedAt: null };
      tokens.push(made);
      return json({ ...made, token: 'scim_shown-once-123' }, 201);
    }
    if (method === 'DELETE' && path.startsWith('/api/scim/tokens/')) {
      tokens.find((t) => t.id === path.split('/').pop())!.revoked = true;
      return json(undefined, 204);
    }
    return undefined;
  });
}

const all = <T extends Element>(el: Element, selector: string) => [...shadow(el).querySelectorAll<T>(selector)];
const button = (root: Element | ShadowRoot, name: string) => [...root.querySelectorAll('button')].find((b) => b.textContent?.trim().startsWith(name));
const dialog = (el: Element) => shadow(el).querySelector('dialog')!;
const field = <T extends HTMLElement = HTMLInputElement>(el: Element, name: string) => dialog(el).querySelector<T>(`[name="${name}"]`)!;
const focused = (el: Element) => shadow(el).activeElement as HTMLElement | null;
const bodies = (calls: Call[], method: string, path: string) => calls.filter((c) => c.method === method && c.path === path).map((c) => JSON.parse(c.body) as Record<string, unknown>);

async function open(providers: ProviderView[], tokens?: ScimToken[], refuse?: Record<string, string>) {
  const calls = portal(providers, tokens, refuse);
  const el = await fixture(html`<cx-sso-providers></cx-sso-providers>`);
  await expect.poll(() => shadow(el).querySelector('h1')?.textContent).toBe('Single sign-on');
  return { el, calls };
}

describe('<cx-sso-providers>', () => {
  it('should list the providers with kind, domains and state, mark environment ones read-only, and show the values to copy', async () => {
    const { el } = await open([{ ...OIDC }, { ...ENV }]);
    const rows = all(el, 'table.providers tbody tr');
    expect(rows.map((r) => [...r.children].map((c) => c.textContent?.trim()))).toEqual([
      ['Contoso (contoso)', 'OpenID Connect', 'contoso.com', 'On', 'Edit ContosoDelete Contoso'],
      ['Fabrikam (fabrikam)', 'SAML 2.0', 'fabrikam.com', 'OnFrom environment', 'Set by the environment: read-only'],
    ]);
    expect(button(rows[1], 'Edit')).toBeUndefined();
    const copies = all<HTMLInputElement>(el, '.sp-values input').map((i) => i.value);
    expect(copies).toEqual([SP.entityId, SP.acsUrl, SP.metadataUrl, SP.oidcRedirectUri]);
    expect(all(el, '.sp-values button').map((b) => b.textContent)).toEqual(['Copy Service provider entity id', 'Copy Assertion consumer service (ACS) URL', 'Copy Metadata URL', 'Copy OpenID Connect redirect URI']);
    await expect.poll(() => shadow(el).querySelector('.scim .empty')?.textContent).toBe('No tokens yet.');
    expect(all<HTMLInputElement>(el, '.scim input')[0].value).toBe('https://portal.test/scim/v2');
    await expect(el).to.be.accessible();
  });

  it('should say when there are no providers, and when the list cannot be loaded', async () => {
    const { el } = await open([]);
    expect(shadow(el).querySelector('.empty')!.textContent).toBe('No identity providers yet. Add one to let people sign in with their company account.');
    portal([], [], { 'GET /api/sso/providers': 'Only GlobalAdmins may do that.' });
    const failed = await fixture(html`<cx-sso-providers></cx-sso-providers>`);
    await expect.poll(() => shadow(failed).querySelector('[role="alert"]')?.textContent).toBe('Single sign-on could not be loaded.');
  });

  it('should add a SAML provider from a metadata file: the fields are filled, the binding picks its URL, the id comes from the name', async () => {
    const providers: ProviderView[] = [];
    const { el, calls } = await open(providers);
    button(shadow(el), 'Add identity provider')!.click();
    await settled(el);
    expect(dialog(el).open).toBe(true);
    enterValue(field(el, 'name'), 'Example Corp');
    enterValue(field(el, 'domains'), 'Example.com, example.de');
    await settled(el);
    expect(field(el, 'id').value).toBe('example-corp');
    const file = new File(['<EntityDescriptor entityID="https://idp.example.test/saml"/>'], 'idp.xml', { type: 'application/xml' });
    const input = field(el, 'metadata-file');
    const files = new DataTransfer();
    files.items.add(file);
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await expect.poll(() => field(el, 'idp-entity-id').value).toBe(METADATA.idpEntityId);
    expect(bodies(calls, 'POST', '/api/sso/providers/metadata')).toEqual([{ xml: '<EntityDescriptor entityID="https://idp.example.test/saml"/>' }]);
    expect(field(el, 'sso-url').value).toBe(METADATA.ssoUrls.redirect);
    expect(field(el, 'slo-url').value).toBe(METADATA.sloUrl);
    expect(field<HTMLTextAreaElement>(el, 'certs').value).toBe('MIICcert1\n\nMIICcert2');
    expect(dialog(el).querySelector('[role="status"]')!.textContent).toBe('Metadata read: https://idp.example.test/saml. Check the fields below.');
    enterValue(field<HTMLSelectElement>(el, 'binding'), 'post');
    await settled(el);
    expect(field(el, 'sso-url').value).toBe(METADATA.ssoUrls.post);
    await expect(el).to.be.accessible();
    button(dialog(el), 'Add provider')!.click();
    await expect.poll(() => shadow(el).querySelector('dialog')).toBeNull();
    expect(bodies(calls, 'POST', '/api/sso/providers')).toEqual([{
      id: 'example-corp', kind: 'saml', name: 'Example Corp', domains: ['example.com', 'example.de'],
      config: { idpEntityId: METADATA.idpEntityId, ssoUrl: METADATA.ssoUrls.post, binding: 'post', sloUrl: METADATA.sloUrl, idpCerts: ['MIICcert1', 'MIICcert2'], clockSkewSeconds: 60 },
      mapping: [], unknownUsers: 'create', defaultRole: 'PortalUser', enabled: true,
    }]);
    await expect.poll(() => all(el, 'table.providers tbody tr').length).toBe(1);
    expect(shadow(el).querySelector('[role="status"]')!.textContent).toBe('Example Corp is saved.');
  });

  it('should never show an OIDC client secret: "Stored — type to replace", kept when left empty, sent only when typed', async () => {
    const { el, calls } = await open([{ ...OIDC }]);
    button(shadow(el), 'Edit')!.click();
    await settled(el);
    const secret = field(el, 'client-secret');
    expect(secret.type).toBe('password');
    expect(secret.value).toBe('');
    expect(secret.placeholder).toBe('Stored — type to replace');
    expect(field(el, 'id').readOnly).toBe(true);
    button(dialog(el), 'Save')!.click();
    await expect.poll(() => bodies(calls, 'PUT', '/api/sso/providers/contoso').length).toBe(1);
    expect(bodies(calls, 'PUT', '/api/sso/providers/contoso')[0]).not.toHaveProperty('clientSecret');
    await expect.poll(() => shadow(el).querySelector('dialog')).toBeNull();
    button(shadow(el), 'Edit')!.click();
    await settled(el);
    enterValue(field(el, 'client-secret'), SECRET);
    button(dialog(el), 'Save')!.click();
    await expect.poll(() => bodies(calls, 'PUT', '/api/sso/providers/contoso').length).toBe(2);
    expect(bodies(calls, 'PUT', '/api/sso/providers/contoso')[1].clientSecret).toBe(SECRET);
    await expect.poll(() => shadow(el).querySelector('dialog')).toBeNull();
    button(shadow(el), 'Edit')!.click();
    await settled(el);
    expect(field(el, 'client-secret').value).toBe('');
    expect(shadow(el).innerHTML).not.toContain(SECRET);
  });

  it('should edit mapping rules by keyboard: Add rule puts the keyboard in the new row, Remove on the next', async () => {
    const { el, calls } = await open([{ ...OIDC }]);
    button(shadow(el), 'Edit')!.click();
    await settled(el);
    const rule = (i: number) => dialog(el).querySelectorAll('li.rule')[i];
    expect(dialog(el).querySelectorAll('li.rule').length).toBe(1);
    button(dialog(el), 'Add rule')!.focus();
    await userEvent.keyboard('{Enter}');
    await settled(el);
    expect(focused(el)).toBe(rule(1).querySelector('input'));
    await userEvent.keyboard('region');
    await userEvent.tab();
    expect(focused(el)).toBe(rule(1).querySelector('select'));
    enterValue(rule(1).querySelector('select')!, 'claim');
    await settled(el);
    rule(1).querySelectorAll('input')[1].focus();
    await userEvent.keyboard('Region');
    // A second new rule, then the first removed: the keyboard lands on the next row's attribute.
    button(dialog(el), 'Add rule')!.focus();
    await userEvent.keyboard(' ');
    await settled(el);
    await userEvent.keyboard('groups');
    button(rule(0), 'Remove')!.focus();
    await userEvent.keyboard('{Enter}');
    await settled(el);
    expect(dialog(el).querySelectorAll('li.rule').length).toBe(2);
    expect(focused(el)).toBe(rule(0).querySelector('input'));
    expect(button(rule(0), 'Remove')!.textContent).toBe('Remove of rule 1');
    button(dialog(el), 'Save')!.click();
    await expect.poll(() => bodies(calls, 'PUT', '/api/sso/providers/contoso').length).toBe(1);
    expect(bodies(calls, 'PUT', '/api/sso/providers/contoso')[0].mapping).toEqual([{ attribute: 'region', claim: 'Region' }, { attribute: 'groups', equals: '', role: '' }]);
  });

  it('should show the server’s refusals in the form and next to the metadata, and keep the dialog open', async () => {
    const { el } = await open([], [], { 'POST /api/sso/providers': 'Another provider already uses the domain example.com.', 'POST /api/sso/providers/metadata': 'The metadata could not be read: no IDPSSODescriptor.' });
    button(shadow(el), 'Add identity provider')!.click();
    await settled(el);
    button(dialog(el), 'Add provider')!.click();
    await settled(el);
    expect(dialog(el).querySelector('.banner.error')!.textContent).toBe('Enter a name.');
    enterValue(field(el, 'name'), 'Example');
    enterValue(field(el, 'metadata-url'), 'https://idp.example.test/metadata');
    await settled(el);
    button(dialog(el), 'Read metadata')!.click();
    await expect.poll(() => dialog(el).querySelector('.metadata [role="alert"]')?.textContent).toBe('The metadata could not be read: no IDPSSODescriptor.');
    button(dialog(el), 'Add provider')!.click();
    await expect.poll(() => dialog(el).querySelector('.banner.error')?.textContent).toBe('Another provider already uses the domain example.com.');
    expect(dialog(el).open).toBe(true);
  });

  it('should delete a provider after the question, with Cancel focused first', async () => {
    const providers = [{ ...OIDC }];
    const { el, calls } = await open(providers);
    button(shadow(el), 'Delete')!.click();
    await settled(el);
    expect(dialog(el).querySelector('h2')!.textContent).toBe('Delete Contoso?');
    expect(focused(el)!.textContent).toBe('Cancel');
    button(dialog(el), 'Delete')!.click();
    await expect.poll(() => shadow(el).querySelector('.empty')?.textContent).toContain('No identity providers yet');
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/sso/providers/contoso')).toBe(true);
  });

  it('should issue a SCIM token shown once with a copy button, list tokens without it, and revoke after the question', async () => {
    const { el, calls } = await open([], [{ id: 't0', name: 'Okta', createdAt: '2026-11-01T09:00:00Z', lastUsedAt: null }]);
    await expect.poll(() => all(el, '.scim tbody tr').length).toBe(1);
    button(shadow(el), 'Issue token')!.click();
    await settled(el);
    expect(shadow(el).querySelector('#issue-token-error')!.textContent).toBe('Enter a name for the token.');
    const name = shadow(el).querySelector<HTMLInputElement>('input[name="token-name"]')!;
    enterValue(name, 'Entra ID');
    button(shadow(el), 'Issue token')!.click();
    await expect.poll(() => shadow(el).querySelector<HTMLInputElement>('input[name="scim-token"]')?.value).toBe('scim_shown-once-123');
    const shown = shadow(el).querySelector('.secret-once')!;
    expect(shown.textContent).toContain('Copy the token now: it is shown only this once.');
    await expect.poll(() => focused(el)).toBe(shown);
    expect(button(shown, 'Copy')).toBeDefined();
    await expect.poll(() => all(el, '.scim tbody tr').length).toBe(2);
    expect(shadow(el).querySelector('.scim table')!.textContent).not.toContain('scim_shown-once');
    expect(bodies(calls, 'POST', '/api/scim/tokens')).toEqual([{ name: 'Entra ID' }]);
    await expect(el).to.be.accessible();
    button(shown, 'I have copied it')!.click();
    await settled(el);
    expect(shadow(el).innerHTML).not.toContain('scim_shown-once');
    button(all(el, '.scim tbody tr')[0], 'Revoke')!.click();
    await settled(el);
    expect(dialog(el).querySelector('h2')!.textContent).toBe('Revoke Okta?');
    button(dialog(el), 'Revoke')!.click();
    await expect.poll(() => all(el, '.scim tbody tr')[0].textContent).toContain('Revoked');
    expect(button(all(el, '.scim tbody tr')[0], 'Revoke')).toBeUndefined();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/scim/tokens/t0')).toBe(true);
  });
});
