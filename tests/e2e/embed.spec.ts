import { test, expect } from './fixtures';
import { PARTNER_PORT } from '../../playwright.config';

// The partner site (demo/partner-site) runs on a second origin; the portal lists it in EMBED_ORIGINS.
const partner = `http://127.0.0.1:${PARTNER_PORT}`;
/** The same server under another name is another origin, one the portal does not list. */
const stranger = `http://localhost:${PARTNER_PORT}`;

test('the README snippet works on another origin: the gauge draws and the rating talks to the page', async ({ page }) => {
  await page.goto(`${partner}/snippet.html`);
  await expect(page.getByRole('meter')).toHaveAttribute('aria-valuetext', /36\.0%/);
  await page.getByRole('slider', { name: 'Rate this report' }).focus();
  await page.keyboard.press('ArrowRight');
  // 3.5 rounds to 4, and the arrow adds a star.
  await expect(page.locator('#rated')).toHaveText('Rated 5');
});

test('a signed embed draws a gauge, a data tile and a dashboard on another origin, for the data it names', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/') && calls.push(new URL(r.url()).pathname));
  await page.goto(`${partner}/`);
  await expect(page.getByRole('meter').first()).toBeVisible();
  const tile = page.locator('cx-visual[visual="nps"]');
  await expect(tile.locator('.hero')).toHaveText(/%$/);
  const dashboard = page.locator('cx-dashboard');
  await expect(dashboard.locator('cx-visual, .tile').first()).toBeVisible();
  await expect(dashboard.locator('.tile').first()).toBeVisible();
  // The embed request is exchanged once for a scoped token; no portal sign-in happened.
  expect(calls.filter((p) => p === '/api/embed/token').length).toBe(1);
  expect(calls).not.toContain('/api/identity/token');
  // The partner's request restricts the data to the North region: the filter bar counts only North.
  const regions = await page.evaluate(async () => {
    const portal = new URL(document.querySelector<HTMLScriptElement>('script[src*="cx-elements"]')!.src).origin;
    const request = (await (await fetch('/embed-token')).json()).token as string;
    const token = (await (await fetch(`${portal}/api/embed/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: request }) })).json()).access_token as string;
    const res = await fetch(`${portal}/api/smartdata/filters/responses`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{}' });
    const body = await res.json();
    return body.smartFilters.find((f: { filterKey: string }) => f.filterKey === 'Region').filterDimensionValues.map((v: { dimensionValue: string }) => v.dimensionValue);
  });
  expect(regions).toEqual(['North']);
});

test('a scoped token reads what it names and nothing else', async ({ page, expectedErrors }) => {
  expectedErrors.push(/status of 403/);
  await page.goto(`${partner}/snippet.html`);
  const statuses = await page.evaluate(async () => {
    const portal = new URL(document.querySelector<HTMLScriptElement>('script[src*="cx-elements"]')!.src).origin;
    const request = (await (await fetch('/embed-token')).json()).token as string;
    const token = (await (await fetch(`${portal}/api/embed/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: request }) })).json()).access_token as string;
    const call = async (method: string, path: string) =>
      (await fetch(`${portal}${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: method === 'POST' ? '{}' : undefined })).status;
    return {
      overview: await call('POST', '/api/dataviz/visuals/overview/Default'),
      tile: await call('POST', '/api/dashboard/visuals/responses/nps'),
      otherDashboard: await call('POST', '/api/dataviz/visuals/drivers/Default'),
      otherModule: await call('POST', '/api/smartdata/filters/feedback'),
      otherElement: await call('POST', '/api/dataviewer/data/responses/default'),
      users: await call('POST', '/api/identity/getuserlist'),
      me: await call('POST', '/api/identity/userdetail'),
    };
  });
  expect(statuses).toEqual({ overview: 200, tile: 200, otherDashboard: 403, otherModule: 403, otherElement: 403, users: 403, me: 403 });
});

test('an origin the portal does not list cannot call its API', async ({ page, request, expectedErrors }) => {
  expectedErrors.push(/CORS|status of 403|Failed to fetch|ERR_FAILED/);
  const preflight = await request.fetch('/api/smartdata/filters/responses', {
    method: 'OPTIONS',
    headers: { origin: stranger, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
  });
  expect(preflight.status()).toBe(403);
  expect(preflight.headers()['access-control-allow-origin']).toBeUndefined();
  const listed = await request.fetch('/api/smartdata/filters/responses', {
    method: 'OPTIONS',
    headers: { origin: partner, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
  });
  expect(listed.status()).toBe(204);
  expect(listed.headers()).toMatchObject({ 'access-control-allow-origin': partner, 'access-control-max-age': '7200' });
  expect(listed.headers()['access-control-allow-headers']).toMatch(/Authorization/);
  expect(listed.headers()['access-control-allow-credentials']).toBeUndefined();
  // From the unlisted origin the browser gets nothing.
  await page.goto(`${stranger}/snippet.html`);
  const outcome = await page.evaluate(async () => {
    const portal = new URL(document.querySelector<HTMLScriptElement>('script[src*="cx-elements"]')!.src).origin;
    try {
      await fetch(`${portal}/api/settings`);
      return 'answered';
    } catch {
      return 'blocked';
    }
  });
  expect(outcome).toBe('blocked');
});

test('the portal may be framed only by itself and the listed origins', async ({ request }) => {
  const csp = (await request.get('/login')).headers()['content-security-policy'];
  expect(csp).toContain(`frame-ancestors 'self' ${partner}`);
  expect(csp).not.toContain(stranger);
});

test('answers are compressed and cached by what they are', async ({ request }) => {
  // The autoloader keeps its name across releases (short caching); it is under 1 KB, so sent as it is.
  const autoloader = await request.get('/elements/cx-elements.js', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(autoloader.headers()).toMatchObject({ 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' });
  const host = await request.get('/login', { headers: { 'accept-encoding': 'gzip' } });
  expect(host.headers()['cache-control']).toBe('no-cache');
  const page = await request.get('/demo/gallery.html', { headers: { 'accept-encoding': 'gzip' } });
  expect(page.headers()).toMatchObject({ 'content-encoding': 'gzip', 'cache-control': 'no-cache' });
  const core = /chunks\/cx-core-[\w-]+\.js/.exec(await host.text())![0];
  const brotli = await request.get(`/elements/${core}`, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(brotli.headers()).toMatchObject({ 'content-encoding': 'br', 'cache-control': 'public, max-age=31536000, immutable', vary: 'Accept-Encoding' });
  const gzip = await request.get(`/elements/${core}`, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
  // Smaller on the wire than the file: brotli about a third.
  expect(Number(brotli.headers()['content-length'])).toBeLessThan((await brotli.body()).length / 2);
  // API answers are compressed as they are made (a dashboard's answer here).
  const signedIn = await (await request.post('/api/identity/token', { data: { username: 'portaluser@demo.cx', password: 'Demo-2345!' } })).json();
  const api = await request.post('/api/dataviz/visuals/overview/Default', {
    headers: { 'accept-encoding': 'br', authorization: `Bearer ${signedIn.content.access_token}` },
    data: { smartFilters: [] },
  });
  expect(api.headers()['content-encoding']).toBe('br');
  expect((await api.json()).visuals.length).toBeGreaterThan(5);
});

test('signed out on another site, a tile asks for a sign-in and shows its own state, without leaving the page', async ({ page, expectedErrors }) => {
  expectedErrors.push(/status of 401/);
  await page.addInitScript(() => {
    document.addEventListener('cx-auth-required', (e) => ((window as unknown as { asked: string[] }).asked ??= []).push((e.target as Element).localName));
  });
  await page.goto(`${partner}/signed-out.html`);
  const tile = page.locator('cx-visual');
  await expect(tile.getByRole('status')).toContainText('Sign in to see this');
  expect(page.url()).toBe(`${partner}/signed-out.html`);
  expect(await page.evaluate(() => (window as unknown as { asked: string[] }).asked)).toEqual(['cx-visual']);
  // A token handed over later: the tile loads.
  await page.evaluate(async () => {
    const portal = new URL(document.querySelector<HTMLScriptElement>('script[src*="cx-elements"]')!.src).origin;
    const { configure } = await import(`${portal}/elements/cx-elements.js`);
    await configure({ getToken: async () => (await (await fetch('/embed-token')).json()).token });
  });
  await expect(tile.locator('.hero')).toHaveText(/%$/);
});
