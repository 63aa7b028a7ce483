import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixture, fixtureCleanup } from '@open-wc/testing-helpers';
import '../../elements/cx-dashboard';
import { json, realFetch, server } from './fake-server';
import { shadow } from './helpers';
import { $session } from '../../src/stores/session';
import { setNavigator } from '../../src/stores/navigation';
import type { Session } from '../../src/api/types';

afterEach(() => {
  realFetch();
  $session.set(null);
  setNavigator(undefined);
  vi.restoreAllMocks();
  fixtureCleanup();
});

const signIn = (role: string) =>
  $session.set({ userName: 'ada@demo.cx', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@demo.cx', id: 'u1', role, portalRole: role, claims: '', claimsJSON: [], token: 't', refreshToken: '', tokenType: 'bearer', expiryDate: new Date(Date.now() + 3600_000).toISOString(), changePasswordOnNextLogin: false } as unknown as Session);

/** A portal whose dashboard "mine" answers its source with `mayEdit` (its visuals are left unanswered). */
function portal(mayEdit: boolean | undefined) {
  return server((method, path) => {
    if (method === 'POST' && path === '/api/dataviz/smartFilterDataSource/mine')
      return json({ smartDataModuleId: 'responses', smartFilterTags: [], dateFilterKey: 'ResponseDate', dashboardId: 'mine', name: 'Mine', layouts: ['Default'], ...(mayEdit === undefined ? {} : { mayEdit }) });
    return undefined;
  });
}
const mount = async () => {
  const el = await fixture(`<cx-dashboard dashboard-id="mine" api-base="http://api.test"></cx-dashboard>`);
  await expect.poll(() => [...shadow(el).querySelectorAll('button')].some((b) => b.textContent === 'Copy link')).toBe(true);
  return el;
};
const editLink = (el: Element) => shadow(el).querySelector<HTMLAnchorElement>('a.edit-link');

describe('<cx-dashboard> "Edit"', () => {
  it('should offer the builder to whoever the server says may edit it, a PortalUser who owns it too', async () => {
    signIn('PortalUser');
    portal(true);
    const el = await mount();
    // Outside the host portal a link leads to the portal (its api-base), not to the page's own site.
    await expect.poll(() => editLink(el)?.getAttribute('href')).toBe('http://api.test/dataviz/build/mine');
    await expect(el).to.be.accessible();
  });

  it('should not offer it to an administrator the server says may not (an embed), nor on an older server', async () => {
    signIn('PortalAdmin');
    portal(false);
    const el = await mount();
    // The source is in (its filter bar is drawn): no link came with it.
    await expect.poll(() => shadow(el).querySelector('section.bar')).toBeTruthy();
    expect(editLink(el)).toBeNull();
    fixtureCleanup();
    portal(undefined);
    const older = await mount();
    await expect.poll(() => shadow(older).querySelector('section.bar')).toBeTruthy();
    expect(editLink(older)).toBeNull();
  });
});

describe('"Copy link" inside the host portal', () => {
  it('should give the page’s own address, not the API’s origin', async () => {
    setNavigator(() => undefined);
    portal(false);
    const write = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: write }, configurable: true });
    const el = await mount();
    [...shadow(el).querySelectorAll('button')].find((b) => b.textContent === 'Copy link')!.click();
    await expect.poll(() => write.mock.calls.length).toBe(1);
    expect(new URL((write.mock.calls[0] as unknown as [string])[0]).origin).toBe(location.origin);
  });
});
