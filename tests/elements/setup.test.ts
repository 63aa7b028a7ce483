import { afterEach, describe, expect, it } from 'vitest';
import { fixture, html } from '@open-wc/testing-helpers';
import '../../elements/cx-setup';
import '../../elements/cx-dataviz-home';
import { setFetch } from '../../src/api/client';
import { $session } from '../../src/stores/session';
import type { Session } from '../../src/api/types';
import { captureNavigation, settled, shadow, typeInto } from './helpers';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers GET /api/setup with `needed`, POST /api/setup with `created`; records what was posted. */
function server(needed: boolean, created: () => Response = () => json({ message: 'Not here.' }, 404)): unknown[] {
  const posted: unknown[] = [];
  setFetch(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url, location.href).pathname;
    if (path === '/api/setup' && request.method === 'GET') return json({ needed });
    if (path === '/api/setup' && request.method === 'POST') {
      posted.push(await request.json());
      return created();
    }
    return json({ message: 'Not found.' }, 404);
  });
  return posted;
}

afterEach(() => {
  setFetch((input, init) => fetch(input, init));
  $session.set(null);
});

const ANSWER = {
  isSuccess: true, message: '', content: {
    userName: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace', createdOn: '2026-11-20T12:00:00.000Z', email: 'ada@example.org', phoneNumber: null, company: null,
    id: 'u-first-admin', roles: 'GlobalAdmin', portalRole: '', claims: '', changePasswordOnNextLogin: false, access_token: 'token', refresh_token: '', csrf_token: 'csrf',
    token_type: 'bearer', expires_in: 3600, '.expires': new Date(Date.now() + 3_600_000).toUTCString(),
  },
};

const fill = async (el: Element, password = 'First-Admin-9!', confirm = password) => {
  typeInto(el, 'name', 'Ada Lovelace');
  typeInto(el, 'email', 'ada@example.org');
  typeInto(el, 'newPassword', password);
  typeInto(el, 'confirmPassword', confirm);
  await settled(el);
  shadow(el).querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
};

describe('<cx-setup>', () => {
  it('should be accessible and ask for the first administrator', async () => {
    server(true);
    const el = await fixture(html`<cx-setup></cx-setup>`);
    await expect.poll(() => shadow(el).querySelector('h1')?.textContent).toBe('Set up your portal');
    await expect(el).to.be.accessible();
    expect([...shadow(el).querySelectorAll('input')].map((i) => i.name)).toEqual(['name', 'email', 'newPassword', 'confirmPassword']);
  });

  it('should create the administrator, keep the session and go home', async () => {
    const posted = server(true, () => json(ANSWER, 201));
    const nav = captureNavigation();
    try {
      const el = await fixture(html`<cx-setup></cx-setup>`);
      await expect.poll(() => shadow(el).querySelector('form')).toBeTruthy();
      await fill(el);
      await expect.poll(() => nav.asked).toEqual(['/home']);
      expect(posted).toEqual([{ name: 'Ada Lovelace', email: 'ada@example.org', password: 'First-Admin-9!', client_id: 'cx-portal-web' }]);
      expect($session.get()).toMatchObject({ userName: 'ada@example.org', role: 'GlobalAdmin' });
    } finally {
      nav.stop();
    }
  });

  it('should check the confirmation before calling the server, and show the server\'s field errors', async () => {
    const posted = server(true, () => json({ message: 'The request is not valid.', errors: { password: ['Use at least 8 characters, with upper- and lower-case letters, a digit and a symbol.'] } }, 400));
    const el = await fixture(html`<cx-setup></cx-setup>`);
    await expect.poll(() => shadow(el).querySelector('form')).toBeTruthy();
    await fill(el, 'First-Admin-9!', 'Other-9!');
    await settled(el);
    expect(shadow(el).querySelector('[role="alert"]')!.textContent).toBe('Passwords do not match. Please enter again.');
    expect(posted).toEqual([]);
    await fill(el, 'weak');
    await expect.poll(() => shadow(el).querySelector('.field-error')?.textContent).toBe('Use at least 8 characters, with upper- and lower-case letters, a digit and a symbol.');
    expect(shadow(el).querySelector('input[name="newPassword"]')!.getAttribute('aria-invalid')).toBe('true');
    await expect(el).to.be.accessible();
  });

  it('should say that a portal with a user is set up, and link to the sign-in', async () => {
    server(false);
    const el = await fixture(html`<cx-setup></cx-setup>`);
    await expect.poll(() => shadow(el).querySelector('h1')?.textContent).toBe('This portal is set up');
    expect(shadow(el).querySelector('a')!.getAttribute('href')).toBe('/login');
    expect(shadow(el).querySelector('form')).toBeNull();
    await expect(el).to.be.accessible();
  });
});

describe('<cx-dataviz-home> of a portal without dashboards', () => {
  const signedInAs = (role: string) => $session.set({ id: 'u-1', userName: 'a@example.org', role, portalRole: '', claims: '', token: 't', refreshToken: '', expiryDate: new Date(Date.now() + 3_600_000).toISOString() } as unknown as Session);
  // An empty portal as the server answers it: no catalogue items, no dashboards, no sources.
  const empty = () => setFetch(async (input) => json(new URL(String(input instanceof Request ? input.url : input), location.href).pathname === '/api/dashboards' ? { items: [] } : []));

  it('should offer an administrator "Add your data", accessibly', async () => {
    empty();
    signedInAs('GlobalAdmin');
    const el = await fixture(html`<cx-dataviz-home></cx-dataviz-home>`);
    await expect.poll(() => shadow(el).querySelector('h2')?.textContent).toBe('Add your data');
    const link = shadow(el).querySelector<HTMLAnchorElement>('.add-data a')!;
    expect(link.getAttribute('href')).toBe('/admin/datasources');
    expect(link.textContent).toBe('Add your data');
    await expect(el).to.be.accessible();
  });

  it('should tell any other user that an administrator adds the data', async () => {
    empty();
    signedInAs('PortalUser');
    const el = await fixture(html`<cx-dataviz-home></cx-dataviz-home>`);
    await expect.poll(() => shadow(el).querySelector('.add-data p')?.textContent).toBe('This portal has no dashboards yet. An administrator adds the data.');
    expect(shadow(el).querySelector('.add-data a')).toBeNull();
  });
});
