import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { request, setFetch, isBadRequest, ApiError } from '../../../src/api/client';
import { signIn, getUserList, logout } from '../../../src/api/identity';
import { $session } from '../../../src/stores/session';
import { configure } from '../../../src/stores/config';
import { setNavigator } from '../../../src/stores/navigation';
import { harness, type Harness } from './harness';

// The real client against the real app in-process: headers, refresh, and the error catalogue.
let h: Harness;
const visited: string[] = [];
beforeAll(async () => {
  h = await harness(100);
  const app = createApp({ deps: { db: h.db, secret: 'client-secret', now: () => new Date() } });
  setFetch((input, init) => Promise.resolve(app.request(input instanceof Request ? input : String(input), init)));
  configure({ apiBase: 'http://cx.test' });
  setNavigator((to) => visited.push(to));
});
afterAll(() => h.close());

describe('the API client', () => {
  it('signs in, stores the session and sends the bearer token', async () => {
    const res = await signIn('portaladmin@demo.cx', 'Demo-2345!', false);
    expect(res.isSuccess).toBe(true);
    expect($session.get()).toMatchObject({ userName: 'portaladmin@demo.cx', role: 'PortalAdmin', tokenType: 'bearer' });
    const list = await getUserList({ take: 5, skip: 0, sortType: 'fullname', usernameFilter: '' });
    expect(isBadRequest(list) ? list : list.results).toHaveLength(5);
  });

  it('returns the server message for a failed sign-in', async () => {
    const res = await signIn('portaladmin@demo.cx', 'wrong', false);
    expect(res).toEqual({ isSuccess: false, message: 'The user name or password is incorrect.', content: null });
  });

  it('passes 400 bodies on with contain_error', async () => {
    const res = await getUserList({ take: 5, skip: 0, sortType: 'nope', usernameFilter: '' });
    expect(isBadRequest(res) && res.contain_error).toBe(true);
  });

  it('refreshes the token when it expires within 10 seconds', async () => {
    await signIn('portaluser@demo.cx', 'Demo-2345!', false);
    const before = $session.get()!;
    // The client reads the real clock: make the stored expiry 5 s away.
    $session.set({ ...before, expiryDate: new Date(Date.now() + 5_000).toISOString() });
    await request('POST', '/api/identity/userdetail');
    expect($session.get()!.refreshToken).not.toBe(before.refreshToken);
    expect(new Date($session.get()!.expiryDate).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
  });

  it('logs out when the refresh fails', async () => {
    await signIn('portaluser@demo.cx', 'Demo-2345!', false);
    $session.set({ ...$session.get()!, refreshToken: 'revoked', expiryDate: new Date(Date.now() + 1000).toISOString() });
    visited.length = 0;
    await request('GET', '/api/dummy').catch(() => undefined);
    expect($session.get()).toBeNull();
    expect(visited).toEqual(['/login']);
  });

  it('sends the user to /login on a 401 and to /error on a 5xx', async () => {
    visited.length = 0;
    await expect(request('GET', '/api/dummy/secretdata')).rejects.toBeInstanceOf(ApiError);
    const original = console.error;
    console.error = () => {};
    await expect(request('GET', '/api/dummy/exception')).rejects.toMatchObject({ status: 500, handled: true });
    console.error = original;
    expect(visited[0]).toBe('/login');
    expect(visited[1]).toMatch(/^\/error\?errorCode=ServerError&description=/);
  });

  it('logs out to /signin on a lite host', () => {
    configure({ lite: true });
    visited.length = 0;
    logout();
    expect(visited).toEqual(['/signin']);
    configure({ lite: false });
  });
});
