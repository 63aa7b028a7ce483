import { afterEach, describe, expect, it } from 'vitest';
import { fixture, fixtureCleanup, html } from '@open-wc/testing-helpers';
import '../../elements/cx-login';
import '../../elements/cx-sso';
import { $settings } from '../../src/stores/settings';
import { setNavigator } from '../../src/stores/navigation';
import type { PortalSettings } from '../../src/api/types';
import { json, realFetch, server, type Call } from './fake-server';
import { captureNavigation, settled, shadow, typeInto } from './helpers';

let settings: PortalSettings;
/** The portal's settings with these providers; authRequest refuses as a portal without a provider for the domain does. */
function portal(providers: Array<{ id: string; name: string }>, enabled = true): Call[] {
  settings = { roles: ['PortalUser'], sso: { enabled, mode: 'redirect', url: '', providers }, features: {} } as unknown as PortalSettings;
  $settings.set(settings);
  return server((method, path, call) => {
    if (path === '/api/settings') return json(settings);
    if (method === 'POST' && path === '/api/sso/authRequest') {
      const domain = (JSON.parse(call.body) as { email?: string }).email?.split('@')[1];
      return json({ message: domain ? `No single sign-on is set up for ${domain}.` : 'Single sign-on is not enabled.' }, 400);
    }
    return undefined;
  });
}
const nav = captureNavigation();
afterEach(() => {
  fixtureCleanup();
  realFetch();
  setNavigator(undefined);
  nav.asked.length = 0;
});

const buttons = (el: Element) => [...shadow(el).querySelectorAll('button')].map((b) => b.textContent);
const button = (el: Element, name: string) => [...shadow(el).querySelectorAll('button')].find((b) => b.textContent === name);
const asked = (calls: Call[]) => calls.filter((c) => c.path === '/api/sso/authRequest').map((c) => JSON.parse(c.body) as Record<string, unknown>);

describe('<cx-login> with company identity providers', () => {
  it('should offer one button per provider, each starting single sign-on with that provider, in place of the local one', async () => {
    portal([{ id: 'contoso', name: 'Contoso' }, { id: 'fabrikam', name: 'Fabrikam AG' }]);
    const el = await fixture(html`<cx-login></cx-login>`);
    await settled(el);
    expect(buttons(el)).toEqual(['Sign in', 'Sign in with Contoso', 'Sign in with Fabrikam AG']);
    expect(shadow(el).querySelector('[role="group"]')!.getAttribute('aria-label')).toBe('Single sign-on');
    await expect(el).to.be.accessible();
    button(el, 'Sign in with Fabrikam AG')!.click();
    expect(nav.asked).toEqual(['/sso/start?provider=fabrikam']);
  });

  it('should offer "Continue with single sign-on" for an e-mail, asking the server only when pressed', async () => {
    const calls = portal([{ id: 'contoso', name: 'Contoso' }]);
    // Inside the host portal: the page itself asks the server, and shows its refusal.
    setNavigator(() => {});
    const el = await fixture(html`<cx-login></cx-login>`);
    await settled(el);
    typeInto(el, 'username', 'jane');
    await settled(el);
    expect(button(el, 'Continue with single sign-on')).toBeUndefined();
    typeInto(el, 'username', 'jane@unknown.example');
    await settled(el);
    expect(asked(calls)).toEqual([]);
    button(el, 'Continue with single sign-on')!.click();
    await expect.poll(() => shadow(el).querySelector('[role="alert"]')?.textContent).toBe('No single sign-on is set up for unknown.example.');
    expect(asked(calls)).toEqual([{ location: '/sso/confirm', relayState: '/', email: 'jane@unknown.example' }]);
    expect(nav.asked).toEqual([]);
    await expect(el).to.be.accessible();
  });

  it('should keep the local single sign-on button when it is on and no provider is set up', async () => {
    portal([]);
    const el = await fixture(html`<cx-login></cx-login>`);
    typeInto(el, 'username', 'jane@contoso.com');
    await settled(el);
    expect(buttons(el)).toEqual(['Sign in', 'Sign in with single sign-on']);
    portal([], false);
    const off = await fixture(html`<cx-login></cx-login>`);
    await settled(off);
    expect(buttons(off)).toEqual(['Sign in']);
  });
});

describe('<cx-sso> start', () => {
  it('should carry the chosen provider to the server’s authRequest', async () => {
    const calls = portal([{ id: 'contoso', name: 'Contoso' }]);
    setNavigator(() => {});
    await fixture(html`<cx-sso mode="start" provider="contoso"></cx-sso>`);
    await expect.poll(() => asked(calls)).toEqual([{ location: '/sso/confirm', relayState: '/', provider: 'contoso' }]);
    await expect.poll(() => nav.asked).toEqual(['/sso/error?error=Single+sign-on+is+not+enabled.']);
  });

  it('should carry an e-mail to authRequest, and from another site ask the host portal to start with it', async () => {
    const calls = portal([{ id: 'contoso', name: 'Contoso' }]);
    const el = await fixture(html`<cx-login></cx-login>`);
    typeInto(el, 'username', 'jane@contoso.com');
    await settled(el);
    button(el, 'Continue with single sign-on')!.click();
    expect(nav.asked).toEqual(['/sso/start?email=jane%40contoso.com']);
    nav.asked.length = 0;
    setNavigator(() => {});
    await fixture(html`<cx-sso mode="start" email="jane@contoso.com"></cx-sso>`);
    await expect.poll(() => asked(calls)).toEqual([{ location: '/sso/confirm', relayState: '/', email: 'jane@contoso.com' }]);
    await expect.poll(() => nav.asked).toEqual(['/sso/error?error=No+single+sign-on+is+set+up+for+contoso.com.']);
  });

  it('should ask the host portal to start with the provider when it is outside it', async () => {
    portal([{ id: 'contoso', name: 'Contoso' }]);
    await fixture(html`<cx-sso mode="start" provider="contoso"></cx-sso>`);
    await expect.poll(() => nav.asked).toEqual(['/sso/start?provider=contoso']);
  });
});
