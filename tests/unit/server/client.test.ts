import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../server/app';
import { request, setFetch, isBadRequest, ApiError } from '../../../src/api/client';
import { signIn, getUserList, logout, refreshSession } from '../../../src/api/identity';
import { $session } from '../../../src/stores/session';
import { configure } from '../../../src/stores/config';
import { setNavigator } from '../../../src/stores/navigation';
import { harness, type Harness } from './harness';

// The real client against the real app in-process: headers, refresh, and the error catalogue.
let h: Harness;
const visited: string[] = [];
/** The app in-process, with a cookie jar: what the client's fetch reaches. */
let appFetch: typeof fetch;
beforeAll(async () => {
  h = await harness(100);
  const app = createApp({ deps: { db: h.db, secret: 'client-secret', now: () => new Date(), failureDelayMs: 0 } });
  // A browser's cookie jar for the refresh cookie, which the server scopes to the token call.
  const jar = new Map<string, string>();
  appFetch = async (input, init) => {
    const req = new Request(input instanceof Request ? input : String(input), init);
    if (new URL(req.url).pathname.startsWith('/api/identity/token') && jar.size) req.headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await app.request(req);
    for (const line of res.headers.getSetCookie()) {
      const [name, value] = line.split(';')[0].split('=');
      if (/Max-Age=0/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
  setFetch(appFetch);
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

  it('keeps the refresh token out of script: the session holds a CSRF token instead', async () => {
    await signIn('portaluser@demo.cx', 'Demo-2345!', false);
    expect($session.get()!.refreshToken).toBe('');
    expect($session.get()!.csrfToken).toMatch(/^[\w-]{20,}$/);
  });

  it('refreshes the token from the cookie when it expires within 10 seconds', async () => {
    await signIn('portaluser@demo.cx', 'Demo-2345!', false);
    const before = $session.get()!;
    // The client reads the real clock: make the stored expiry 5 s away.
    $session.set({ ...before, expiryDate: new Date(Date.now() + 5_000).toISOString() });
    await request('POST', '/api/identity/userdetail');
    // The faked 5 s expiry was replaced by a fresh token's 15 minutes.
    expect(new Date($session.get()!.expiryDate).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
  });

  it('after a reload (no access token in memory) gets one from the cookie first', async () => {
    await signIn('portaluser@demo.cx', 'Demo-2345!', false);
    $session.set({ ...$session.get()!, token: '', expiryDate: new Date(0).toISOString() });
    const me = await request<{ userName: string }>('POST', '/api/identity/userdetail');
    expect(isBadRequest(me) ? me : me.userName).toBe('portaluser@demo.cx');
  });

  it('keeps the session when the refresh gets no answer (the page left mid-call, the network dropped)', async () => {
    await signIn('portaluser@demo.cx', 'Demo-2345!', false);
    const session = { ...$session.get()!, expiryDate: new Date(Date.now() + 1000).toISOString() };
    $session.set(session);
    visited.length = 0;
    setFetch(async (input, init) => {
      if (String(input instanceof Request ? input.url : input).includes('/api/identity/token')) throw new TypeError('Failed to fetch');
      return appFetch(input, init);
    });
    try {
      expect(await refreshSession()).toBe(false);
    } finally {
      setFetch(appFetch);
    }
    expect($session.get()?.id).toBe(session.id);
    expect(visited).toEqual([]);
    // The next call refreshes with the same cookie, and the session goes on.
    await request('GET', '/api/dummy');
    expect(new Date($session.get()!.expiryDate).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
  });

  it('logs out when the refresh fails', async () => {
    await signIn('portaluser@demo.cx', 'Demo-2345!', false);
    $session.set({ ...$session.get()!, csrfToken: 'forged', expiryDate: new Date(Date.now() + 1000).toISOString() });
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

  it('drops the calls still in flight at a sign-out instead of letting the server refuse them', async () => {
    await signIn('portaluser@demo.cx', 'Demo-2345!', false);
    // The network holds the call until the sign-out; only the call's own signal can end it.
    const held: AbortSignal[] = [];
    let serverLogout: Promise<Response> | undefined;
    setFetch((input, init) => {
      const req = new Request(input instanceof Request ? input : String(input), init);
      const path = new URL(req.url).pathname;
      if (path === '/api/identity/logout') return (serverLogout = appFetch(input, init));
      if (!path.startsWith('/api/dummy')) return appFetch(input, init);
      const signal = req.signal;
      held.push(signal);
      return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    });
    try {
      const call = request('GET', '/api/dummy');
      await vi.waitFor(() => expect(held).toHaveLength(1), { timeout: 15_000 });
      visited.length = 0;
      logout();
      await expect(call).rejects.toMatchObject({ status: 401, handled: true });
      expect(held[0].aborted).toBe(true);
      // Only the sign-out moved the page; the dropped call did not send it anywhere.
      expect(visited).toEqual(['/login']);
      // The server's end of the sign-out, before the next test.
      await vi.waitFor(() => expect(serverLogout).toBeDefined(), { timeout: 15_000 });
      expect((await serverLogout!).status).toBe(200);
    } finally {
      setFetch(appFetch);
    }
  });

  it("sends no element's call made after the page's sign-out, until the next sign-in", async () => {
    await signIn('portaluser@demo.cx', 'Demo-2345!', false);
    const sent: string[] = [];
    const answers: Promise<Response>[] = [];
    setFetch((input, init) => {
      sent.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
      const answer = appFetch(input, init);
      answers.push(answer);
      return answer;
    });
    // A tile still on the page the sign-out is leaving.
    const tile = { host: {} as Element };
    try {
      logout();
      // The server's end of the sign-out first.
      await vi.waitFor(() => expect(sent).toContain('/api/identity/logout'), { timeout: 15_000 });
      visited.length = 0;
      sent.length = 0;
      await expect(request('POST', '/api/identity/userdetail', { target: tile })).rejects.toMatchObject({ status: 401, handled: true });
      expect(sent).toEqual([]);
      // The sign-out has moved the page already: the dropped call moves it nowhere.
      expect(visited).toEqual([]);
      // Calls that need no session still go (a page view, the sign-in itself).
      await request('GET', '/api/dummy');
      expect(sent).toEqual(['/api/dummy']);
      await signIn('portaluser@demo.cx', 'Demo-2345!', false);
      const me = await request<{ userName: string }>('POST', '/api/identity/userdetail', { target: tile });
      expect(isBadRequest(me) ? me : me.userName).toBe('portaluser@demo.cx');
      // Signed out again, the server's end included, before the next test.
      sent.length = 0;
      logout();
      await vi.waitFor(() => expect(sent).toContain('/api/identity/logout'), { timeout: 15_000 });
      await Promise.all(answers);
    } finally {
      setFetch(appFetch);
    }
  });

  it('sends back the latest write token an API base answered (X-Cx-Read-After), to that base only', async () => {
    const sent: Array<[string, string | null]> = [];
    const answers = ['41', '40', null];
    setFetch(async (input, init) => {
      const req = new Request(input instanceof Request ? input : String(input), init);
      sent.push([new URL(req.url).host, req.headers.get('x-cx-read-after')]);
      const token = answers.shift();
      return new Response('{}', { headers: { 'content-type': 'application/json', ...(token ? { 'X-Cx-Read-After': token } : {}) } });
    });
    try {
      const call = (apiBase: string) => request('GET', '/api/settings', { anonymous: true, target: { apiBase } });
      for (let i = 0; i < 4; i++) await call('http://replicas.test');
      await call('http://elsewhere.test');
      // A lower token (an answer from a process behind) never replaces a higher one.
      expect(sent).toEqual([['replicas.test', null], ['replicas.test', '41'], ['replicas.test', '41'], ['replicas.test', '41'], ['elsewhere.test', null]]);
    } finally {
      setFetch(appFetch);
    }
  });

  it('logs out to /signin on a lite host', () => {
    configure({ lite: true });
    visited.length = 0;
    logout();
    expect(visited).toEqual(['/signin']);
    configure({ lite: false });
  });
});
