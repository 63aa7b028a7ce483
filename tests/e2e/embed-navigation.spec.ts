import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { PASSWORD } from './helpers';
import { PARTNER_PORT } from '../../playwright.config';

// Elements on the partner's own origin (the embedding suite's second origin) never take over its
// page: links point at the portal, navigation is a cancelable cx-navigate, an unknown queue is the
// element's own state, and a tile alone filters by its own module's date field.
const partner = `http://127.0.0.1:${PARTNER_PORT}`;
/** The README snippet's page: the autoloader is on it; the tests put their own elements in its place. */
const PAGE = `${partner}/snippet.html`;

const REVIEW_TILES = ['cx-review-feed', 'cx-review-ratings', 'cx-review-replies', 'cx-review-updates'];

type Navigation = { href: string; path: string; cancelable: boolean; composed: boolean; bubbles: boolean };
type Watched = Window & { navigations: Navigation[]; cancelNavigation: boolean };

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/api/identity/token', { data: { username, password: PASSWORD } });
  return (await res.json()).content.access_token as string;
}

/**
 * The partner's page with `markup` in place of its own elements, added once a portal token (if
 * any) is handed over. Every cx-navigate is recorded; `cancelNavigation` says whether the page
 * cancels it (it does until a test says otherwise).
 */
async function partnerPage(page: Page, markup: string, token?: string): Promise<void> {
  await page.goto(PAGE);
  await page.evaluate(async ({ markup, token }) => {
    const watched = window as unknown as Watched;
    watched.navigations = [];
    watched.cancelNavigation = true;
    document.addEventListener('cx-navigate', (e) => {
      const { detail, cancelable, composed, bubbles } = e as CustomEvent<{ href: string; path: string }>;
      watched.navigations.push({ ...detail, cancelable, composed, bubbles });
      if (watched.cancelNavigation) e.preventDefault();
    });
    const portal = new URL(document.querySelector<HTMLScriptElement>('script[src*="cx-elements"]')!.src).origin;
    const { configure } = await import(`${portal}/elements/cx-elements.js`);
    if (token) await configure({ token });
    document.querySelector('main')!.innerHTML = markup;
  }, { markup, token });
}

const navigations = (page: Page) => page.evaluate(() => (window as unknown as Watched).navigations);

test('the review tiles used alone draw their module, filtered by its own date field', async ({ page, request }) => {
  // What the tiles ask for (the browser does not show Playwright a body the page streams).
  await page.addInitScript(() => {
    const asked: string[] = ((window as unknown as { asked: string[] }).asked = []);
    const send = window.fetch;
    window.fetch = (input, init) => {
      if (input instanceof Request && input.url.includes('/api/dashboard/visuals/')) void input.clone().text().then((body) => asked.push(body));
      return send(input, init);
    };
  });
  await partnerPage(page, REVIEW_TILES.map((tag) => `<${tag}></${tag}>`).join(''), await tokenOf(request, 'portaluser@demo.cx'));
  for (const tag of REVIEW_TILES) {
    await expect(page.locator(tag).locator('.standalone'), tag).toBeVisible();
    await expect(page.locator(tag).getByRole('alert'), tag).toHaveCount(0);
  }
  // The default period (the last 7 days) on the reviews module's date, never the responses' one.
  const asked = await page.evaluate(() => (window as unknown as { asked: string[] }).asked.map((body) => JSON.parse(body) as { smartFilters: Array<{ filterKey: string }> }));
  expect(asked.length).toBeGreaterThanOrEqual(REVIEW_TILES.length);
  const dateKeys = new Set(asked.flatMap((body) => body.smartFilters.filter((f) => 'filterValueUpperBound' in f).map((f) => f.filterKey)));
  expect([...dateKeys]).toEqual(['ReviewDate']);
});

test('outside the host, links point at the portal and following one is a cancelable cx-navigate', async ({ page, request, baseURL }) => {
  const portal = baseURL!;
  await partnerPage(page, '<cx-queue queue-name="New"></cx-queue>', await tokenOf(request, 'portaladmin@demo.cx'));
  const queue = page.locator('cx-queue');
  await expect(queue.getByRole('link', { name: /^New/ })).toHaveAttribute('href', `${portal}/content/cases/cases/New`);
  const card = queue.locator('[data-case] a').first();
  await expect(card).toHaveAttribute('href', new RegExp(`^${portal}/processflow/cases/\\d+/cases$`));
  const href = (await card.getAttribute('href'))!;

  // The partner takes the event: the page stays where it is.
  await card.click();
  await expect.poll(() => navigations(page)).toEqual([{ href, path: new URL(href).pathname, cancelable: true, composed: true, bubbles: true }]);
  expect(page.url()).toBe(PAGE);

  // Left to the browser, the page goes to the portal's address, not the partner's.
  await page.evaluate(() => ((window as unknown as Watched).cancelNavigation = false));
  await page.route(`${portal}/content/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>The portal</title>' }));
  const away = page.waitForRequest((r) => r.isNavigationRequest() && r.frame() === page.mainFrame());
  await queue.getByRole('link', { name: /^New/ }).click();
  expect((await away).url()).toBe(`${portal}/content/cases/cases/New`);
});

test('outside the host, a dashboard’s breadcrumb and a review’s call to action point at the portal', async ({ page, request, baseURL }) => {
  const portal = baseURL!;
  await partnerPage(page, '<cx-dashboard dashboard-id="overview"></cx-dashboard><cx-review-feed></cx-review-feed>', await tokenOf(request, 'portaluser@demo.cx'));
  await expect(page.locator('cx-dashboard').getByRole('navigation').getByRole('link', { name: 'Insights' })).toHaveAttribute('href', `${portal}/home`);
  const action = page.locator('cx-review-feed .review-card a').first();
  await expect(action).toHaveAttribute('href', new RegExp(`^${portal}/processflow/`));
  await action.click();
  await expect.poll(async () => (await navigations(page)).map((n) => n.href)).toEqual([await action.getAttribute('href')]);
  expect(page.url()).toBe(PAGE);
});

test('outside the host, an unknown queue is the element’s own not-found state, and the page stays', async ({ page, request }) => {
  await partnerPage(page, '<cx-queue queue-name="Nope"></cx-queue><cx-queue queue-name="Nope" lang="de" module-id="cases"></cx-queue>', await tokenOf(request, 'portaladmin@demo.cx'));
  await expect(page.locator('cx-queue').first().getByRole('alert')).toHaveText('There is no queue “Nope”.');
  await expect(page.locator('cx-queue[lang="de"]').getByRole('alert')).toHaveText('Es gibt keine Warteschlange „Nope“.');
  expect(await navigations(page)).toEqual([]);
  expect(page.url()).toBe(PAGE);
});

test('outside the host, single sign-on asks with cx-navigate to start on the portal, and the page stays', async ({ page, baseURL }) => {
  const portal = baseURL!;
  await partnerPage(page, '<cx-sso></cx-sso>');
  await expect.poll(() => navigations(page)).toEqual([{ href: `${portal}/sso/start`, path: '/sso/start', cancelable: true, composed: true, bubbles: true }]);
  expect(page.url()).toBe(PAGE);
});
