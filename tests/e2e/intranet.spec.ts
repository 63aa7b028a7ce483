import { readdirSync } from 'node:fs';
import { test, expect } from './fixtures';

// Every element entry the build produced; the page may load only the ones it uses.
const allElements = readdirSync('dist/elements').filter((f) => /^cx-[a-z-]+\.js$/.test(f) && f !== 'cx-elements.js');

test('an intranet page with one script tag loads only the elements it uses', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (path.startsWith('/elements/')) requested.push(path.replace('/elements/', ''));
  });

  await page.goto('/demo/intranet.html');
  await expect(page.locator('cx-star-rating [role="slider"]')).toBeVisible();
  await expect(page.locator('cx-nps-gauge [part="value"]')).toHaveText('36.0%');
  await expect(page.locator('cx-nps-gauge [part="responses"]')).toHaveText('2418 responses');

  const entries = requested.filter((f) => allElements.includes(f));
  expect(entries.sort()).toEqual(['cx-nps-gauge.js', 'cx-star-rating.js']);
  expect(requested).toContain('cx-elements.js');
  // React and the shared core come as one chunk, fetched once.
  expect(requested.filter((f) => f.startsWith('chunks/cx-core-'))).toHaveLength(1);
});

test('clicking a star fires cx-change to the host page', async ({ page }) => {
  await page.goto('/demo/intranet.html');
  const events = page.evaluateHandle(
    () =>
      new Promise<unknown>((resolve) => {
        document.addEventListener('cx-change', (e) => resolve((e as CustomEvent).detail), { once: true });
      }),
  );
  const stars = page.locator('cx-star-rating [part="star"]');
  await expect(stars).toHaveCount(5);
  await stars.nth(4).click();
  expect(await (await events).jsonValue()).toEqual({ value: 5 });
  await expect(page.locator('#rating-output')).toHaveText('You rated this report 5 out of 5.');
  await expect(page.locator('cx-star-rating [role="slider"]')).toHaveAttribute('aria-valuenow', '5');
});

test('the rating works from the keyboard', async ({ page }) => {
  await page.goto('/demo/intranet.html');
  await expect(page.locator('cx-star-rating [role="slider"]')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.locator('cx-star-rating [role="slider"]')).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.locator('#rating-output')).toHaveText('You rated this report 5 out of 5.');
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('#rating-output')).toHaveText('You rated this report 4 out of 5.');
});

test('the elements work when hosted under any path, such as a CDN folder', async ({ page }) => {
  // Serve dist/elements under /cdn/cx/1.0/ and a page that points there; nothing may fall back to /elements/.
  await page.route('**/cdn/cx/1.0/**', (route) =>
    route.fulfill({ path: `dist/elements/${new URL(route.request().url()).pathname.replace('/cdn/cx/1.0/', '')}` }),
  );
  await page.route('**/partner.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Partner</title><link rel="icon" href="data:,"><script type="module" src="/cdn/cx/1.0/cx-elements.js"></script><cx-nps-gauge value="-0.2"></cx-nps-gauge>',
    }),
  );
  const fromRoot: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/elements/')) fromRoot.push(req.url());
  });
  await page.goto('/partner.html');
  await expect(page.locator('cx-nps-gauge [part="value"]')).toHaveText('−20.0%');
  expect(fromRoot).toEqual([]);
});
