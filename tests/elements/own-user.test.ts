import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, html } from '@open-wc/testing-helpers';
import '../../elements/cx-user-detail';
import { setFetch } from '../../src/api/client';
import { $session } from '../../src/stores/session';
import type { Session } from '../../src/api/types';
import { settled, shadow } from './helpers';

/**
 * Spec part 1 section 5: nobody assigns their own role. The server marks one's own user as
 * same-or-higher role (as the user list does), so one's own page offers no role, claims or Delete
 * that the server would refuse, and still saves one's names.
 */
const ME = { id: 'u-me', userName: 'ada@demo.cx', email: 'ada@demo.cx', firstName: 'Ada', lastName: 'Admin', fullName: 'Ada Admin', role: 'PortalAdmin', claims: [{ Type: 'Region', Value: 'North' }], sameOrHigherRole: true, phoneNumber: null, company: null, createdOn: '', changePasswordOnNextLogin: false };
const ROLES = [{ name: 'PortalAdmin', reportsTo: 'GlobalAdmin', dataAttribute: 'Region', claims: ['North', 'South'], reportingRoles: [], defaultRoute: null, assignable: false }];
const sent: unknown[] = [];

beforeAll(() => {
  setFetch(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url, location.href).pathname;
    if (path === '/api/identity/updateuser') sent.push(await request.json());
    const body = path === '/api/identity/roles' ? ROLES : path.startsWith('/api/identity/getuser/') ? ME : { isSuccess: true, user: ME };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  $session.set({ ...ME, role: 'PortalAdmin', portalRole: 'PortalAdmin', claims: '', claimsJSON: [], token: 't', refreshToken: '', tokenType: 'bearer', expiryDate: new Date(Date.now() + 3600_000).toISOString() } as unknown as Session);
});
afterAll(() => {
  setFetch((input, init) => fetch(input, init));
  $session.set(null);
});

describe('<cx-user-detail> of one\'s own user', () => {
  it('should offer no role, claims or Delete, and save one\'s names without them', async () => {
    const el = await fixture(html`<cx-user-detail user-id="u-me"></cx-user-detail>`);
    const root = shadow(el);
    await expect.poll(() => root.querySelector('h1')?.textContent).toBe('Ada Admin');
    expect(root.querySelector('select')).toBeNull();
    expect(root.querySelector('fieldset')).toBeNull();
    expect([...root.querySelectorAll('button')].filter((b) => /Delete/.test(b.textContent ?? ''))).toEqual([]);
    const first = root.querySelector<HTMLInputElement>('input')!;
    expect(first.disabled).toBe(false);
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(first, 'Ada Lovelace');
    first.dispatchEvent(new Event('input', { bubbles: true }));
    await settled(el);
    root.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]).toEqual({ UserModel: { id: 'u-me', firstName: 'Ada Lovelace', lastName: 'Admin', email: 'ada@demo.cx' } });
    await expect(el).to.be.accessible();
  });
});
