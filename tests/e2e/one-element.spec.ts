import { test, expect } from './fixtures';

// One small element on a blank page: its own texts, no translation engine, no portal chunk.
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>One rating</title></head><body>
<cx-star-rating id="en" value="3"></cx-star-rating>
<cx-star-rating id="de" lang="de" value="4" readonly></cx-star-rating>
<cx-star-rating id="bad" max="many"></cx-star-rating>
<script type="module" src="/elements/cx-star-rating.js"></script>
</body></html>`;

test.use({ expectedErrors: [/attribute "max" has an invalid value/] });

test('a star rating alone speaks its languages and shows its errors without the portal chunk', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (req) => req.resourceType() === 'script' && scripts.push(new URL(req.url()).pathname));
  await page.route('**/one-rating.html', (route) => route.fulfill({ contentType: 'text/html', body: PAGE }));
  await page.goto('/one-rating.html');

  const english = page.locator('#en [role="slider"]');
  await expect(english).toHaveAttribute('aria-label', 'Rating');
  await expect(english).toHaveAttribute('aria-valuetext', '3 out of 5 stars');
  await expect(page.locator('#de [role="img"]')).toHaveAttribute('aria-label', 'Bewertung: 4 von 5 Sternen');
  await expect(page.locator('#bad [role="alert"]')).toContainText('The value of the attribute “max” is not valid');

  // The language changed at run time: the element's own German texts, still no engine.
  await page.locator('#en').evaluate((el) => el.setAttribute('lang', 'de'));
  await expect(english).toHaveAttribute('aria-label', 'Bewertung');
  await expect(english).toHaveAttribute('aria-valuetext', '3 von 5 Sternen');

  const chunks = scripts.filter((p) => p.startsWith('/elements/chunks/')).map((p) => p.replace(/-[\w-]{8}\.js$/, ''));
  expect(chunks.sort()).toEqual(['/elements/chunks/cx-core', '/elements/chunks/rolldown-runtime', '/elements/chunks/star-rating']);
});
