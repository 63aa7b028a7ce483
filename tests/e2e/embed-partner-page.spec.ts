import { gzipAsync } from '@gfx/zopfli';
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { PARTNER_PORT } from '../../playwright.config';

// A partner's page as a partner's visitor gets it (demo/partner-site, a second origin): what it
// fetches, whether it moves while the elements load, and in which language each element speaks.
const partner = `http://127.0.0.1:${PARTNER_PORT}`;
/** Lighthouse's phone (a Moto G Power): the viewport of `npm run bench:partner-cls`. */
const PHONE = { width: 412, height: 823 };

/** Every layout shift the page records from its start, with the elements that moved (as CLS counts them: not after input). */
const recordShifts = (page: Page) =>
  page.addInitScript(() => {
    const shifts: { value: number; nodes: string[] }[] = ((window as unknown as { cxShifts: unknown }).cxShifts = []);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] }[]) {
        if (entry.hadRecentInput) continue;
        const nodes = (entry.sources ?? []).map((s) => (s.node instanceof Element ? `${s.node.localName}${s.node.id ? `#${s.node.id}` : ''}` : String(s.node?.nodeName)));
        shifts.push({ value: entry.value, nodes });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });

/** The six elements of demo/partner-site/mobile.html drawn with their data. */
async function sixDrawn(page: Page) {
  await expect(page.locator('cx-visual .tile h2')).toHaveCount(3);
  await expect(page.locator('cx-visual svg.chart, cx-visual .hero').first()).toBeVisible();
  await expect(page.locator('cx-nps-gauge').getByRole('meter')).toBeVisible();
  await expect(page.getByRole('slider', { name: 'Rate this page' })).toBeVisible();
  // Its record count and last recorded date: the bar's last two answers are in.
  await expect(page.locator('cx-smart-filter-bar .bar > .hint')).toHaveCount(2);
}

test('a lone cx-star-rating through the autoloader transfers at most 70 KB of compressed JavaScript, and nothing of the portal chunk', async ({ page }) => {
  // The README's snippet with only a rating on the page. (A page made up by the test is a public
  // address to Chromium, which may not load scripts from the partner site's loopback portal.)
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Rate us</title>
<script type="module" src="/elements/cx-elements.js" data-lang="en"></script></head>
<body><cx-star-rating value="3" label="Rate us"></cx-star-rating></body></html>`;
  await page.route('**/rate-us.html', (route) => route.fulfill({ contentType: 'text/html', body: html }));
  const scripts: { path: string; sent: Promise<number>; body: Promise<Buffer> }[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    scripts.push({ path: new URL(res.url()).pathname, sent: res.request().sizes().then((s) => s.responseBodySize), body: res.body() });
  });
  await page.goto('/rate-us.html');
  await expect(page.getByRole('slider', { name: 'Rate us' })).toHaveAttribute('aria-valuetext', '3 out of 5 stars');
  await page.waitForLoadState('networkidle');

  // Measured in the browser: the bytes each file took on the wire, as the portal sent it (its brotli
  // copy: elements/tools/precompress.mjs). Its Zopfli gzip copy, what a browser without brotli gets, is shown beside.
  const sizes = await Promise.all(scripts.map(async (s) => ({ path: s.path, sent: await s.sent, gzip: (await gzipAsync(await s.body, { numiterations: 15 })).length })));
  const kb = (key: 'sent' | 'gzip') => sizes.reduce((sum, s) => sum + s[key], 0) / 1024;
  const list = sizes.map((s) => `${s.path} ${(s.sent / 1024).toFixed(1)} KB`).join(', ');
  expect(sizes.map((s) => s.path).filter((p) => /cx-portal|cx-lang-de/.test(p)), list).toEqual([]);
  expect(sizes.every((s) => s.sent > 0), list).toBe(true);
  expect(kb('sent'), `${kb('sent').toFixed(1)} KB on the wire (${kb('gzip').toFixed(1)} KB as gzip): ${list}`).toBeLessThanOrEqual(70);
  test.info().annotations.push({ type: 'weight', description: `${kb('sent').toFixed(1)} KB on the wire, ${kb('gzip').toFixed(1)} KB as gzip` });
});

test.describe('six elements on a phone', () => {
  test.use({ viewport: PHONE });

  test('the page does not shift as they load and draw (CLS under 0.1)', async ({ page }) => {
    await recordShifts(page);
    await page.goto(`${partner}/mobile.html`);
    await sixDrawn(page);
    // Two frames more: a shift caused by the last drawing is recorded by then.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const shifts = await page.evaluate(() => (window as unknown as { cxShifts: { value: number; nodes: string[] }[] }).cxShifts);
    const cls = shifts.reduce((sum, s) => sum + s.value, 0);
    const detail = shifts.map((s) => `${s.value.toFixed(3)} ${s.nodes.join(' ')}`).join('; ');
    expect(cls, `layout shifts: ${detail}`).toBeLessThan(0.1);
    // The page sizes no tile once defined: each keeps its own default height with its data in, the room it had before.
    const tiles = await page.locator('cx-visual').evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().height)));
    expect(tiles).toEqual([300, 300, 300]);
  });

  test("an element's lang decides what the server writes for it: a German tile beside an English one", async ({ page }) => {
    const languages = new Map<string, Set<string>>();
    page.on('request', (req) => {
      if (!req.url().includes('/api/dashboard/visuals/responses/channel-share')) return;
      const lang = req.headers()['accept-language'] ?? '';
      languages.set(lang, (languages.get(lang) ?? new Set()).add(req.method()));
    });
    await page.goto(`${partner}/mobile.html`);
    await sixDrawn(page);
    // The tile's title is the server's; the page and its configure() say English.
    await expect(page.locator('#channels-en .tile h2')).toHaveText('Responses by channel');
    await expect(page.locator('#channels-de .tile h2')).toHaveText('Antworten nach Kanal');
    expect([...languages.keys()].sort()).toEqual(['de', 'en']);
  });
});
