import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { PARTNER_PORT } from '../../playwright.config';

// Sign-in and signed embedding on the partner site (demo/partner-site), a second origin the portal
// lists in EMBED_ORIGINS. The partner's server signs the embed requests (its /embed-token).
const partner = `http://127.0.0.1:${PARTNER_PORT}`;

/** A scoped token for the elements and modules named (the partner's signed request, exchanged), taken in the page. */
const scopedToken = (page: Page, query = '') =>
  page.evaluate(async (q) => {
    const portal = new URL(document.querySelector<HTMLScriptElement>('script[src*="cx-elements"]')!.src).origin;
    const request = (await (await fetch(`/embed-token${q}`)).json()).token as string;
    const res = await fetch(`${portal}/api/embed/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: request }) });
    return (await res.json()).access_token as string;
  }, query);

/** `configure()` of the elements on the page, as a partner's script calls it. */
const configure = (page: Page, options: { token?: string; getTokenFrom?: string }) =>
  page.evaluate(async ({ token, getTokenFrom }) => {
    const portal = new URL(document.querySelector<HTMLScriptElement>('script[src*="cx-elements"]')!.src).origin;
    const { configure: set } = await import(`${portal}/elements/cx-elements.js`);
    await set(token ? { token } : { getToken: async () => (await (await fetch(getTokenFrom!)).json()).token });
  }, options);

test('a tile whose cx-auth-required the page cancels waits quietly, and loads when configure({ token }) hands one over', async ({ page, expectedErrors }) => {
  expectedErrors.push(/status of 401/);
  // As docs/embedding.md and demo/partner.js advise: the page cancels the event and shows its own note.
  await page.addInitScript(() => {
    document.addEventListener('cx-auth-required', (e) => {
      e.preventDefault();
      ((window as unknown as { asked: string[] }).asked ??= []).push((e.target as Element).localName);
    });
  });
  await page.goto(`${partner}/signed-out.html`);
  await expect.poll(() => page.evaluate(() => (window as unknown as { asked?: string[] }).asked)).toEqual(['cx-visual']);
  const tile = page.locator('cx-visual');
  // The page said it; the tile shows no error and no sign-in note of its own.
  await expect(tile.getByRole('alert')).toHaveCount(0);
  await expect(tile.getByRole('status')).toHaveCount(0);
  await configure(page, { token: await scopedToken(page) });
  await expect(tile.locator('.hero')).toHaveText(/%$/);
  await expect(tile.getByRole('alert')).toHaveCount(0);
});

test('signed embedding draws a queue, a case and the data viewer on another origin, for the modules it names', async ({ page }) => {
  const refused: string[] = [];
  page.on('response', (r) => r.url().includes('/api/') && r.status() >= 400 && refused.push(`${r.status()} ${new URL(r.url()).pathname}`));
  await page.goto(`${partner}/snippet.html`);
  const query = '?elements=cx-queue,cx-record-detail,cx-data-viewer&modules=cases,responses';
  // A case of the North region (the request's claim) to open.
  const caseId = await page.evaluate(async (token) => {
    const portal = new URL(document.querySelector<HTMLScriptElement>('script[src*="cx-elements"]')!.src).origin;
    const res = await fetch(`${portal}/api/processflow/cases/queue/All/PF`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{}' });
    return String((await res.json()).data[0].SourceObjectId);
  }, await scopedToken(page, query));
  await configure(page, { getTokenFrom: `/embed-token${query}` });
  await page.evaluate((id) => {
    document.querySelector('main')!.insertAdjacentHTML(
      'beforeend',
      `<section><cx-queue module-id="cases" queue-name="All"></cx-queue></section>
       <section><cx-record-detail module-id="cases" source-object-id="${id}"></cx-record-detail></section>
       <section><cx-data-viewer module-id="responses"></cx-data-viewer></section>`,
    );
  }, caseId);
  await expect(page.locator('cx-queue').getByRole('navigation', { name: 'Queues' }).getByRole('link').first()).toBeVisible();
  await expect(page.locator('cx-queue').getByRole('row', { name: /^Select case \d+/ }).first()).toBeVisible();
  await expect(page.locator('cx-record-detail').getByRole('heading', { name: /^Case \d+/ })).toBeVisible();
  await expect(page.locator('cx-data-viewer').getByRole('table', { name: 'Records' })).toBeVisible();
  // Favourites are a user's own: an embed keeps none, and says so without a refused call.
  await expect(page.locator('cx-data-viewer').getByText('Favourites are not available right now.')).toBeVisible();
  for (const tag of ['cx-queue', 'cx-record-detail', 'cx-data-viewer']) {
    await expect(page.locator(tag).getByRole('status').filter({ hasText: 'Sign in' })).toHaveCount(0);
    await expect(page.locator(tag).getByRole('alert')).toHaveCount(0);
  }
  expect(refused).toEqual([]);
});

test('a listed origin saves with PUT: an alert is changed from the partner page', async ({ page, request }) => {
  const signedIn = await (await request.post('/api/identity/token', { data: { username: 'portaluser@demo.cx', password: 'Demo-2345!' } })).json();
  await page.goto(`${partner}/snippet.html`);
  const statuses = await page.evaluate(async (token) => {
    const portal = new URL(document.querySelector<HTMLScriptElement>('script[src*="cx-elements"]')!.src).origin;
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${portal}${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) });
    const alert = { name: 'NPS from the partner page', moduleId: 'responses', measure: 'nps', condition: 'below', threshold: 10, schedule: 'daily', filters: [] };
    const created = (await (await call('POST', '/api/alerts', alert)).json()) as Array<{ id: string; name: string }>;
    const id = created.find((a) => a.name === alert.name)!.id;
    const saved = await call('PUT', `/api/alerts/${id}`, { ...alert, threshold: 20, active: false });
    const removed = await call('DELETE', `/api/alerts/${id}`);
    return { saved: saved.status, removed: removed.status };
  }, signedIn.content.access_token as string);
  expect(statuses).toEqual({ saved: 200, removed: 200 });
});
