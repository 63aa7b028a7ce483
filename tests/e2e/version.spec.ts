import { test, expect } from './fixtures';
import { signInAs } from './helpers';

const PROMPT = 'A new version of the portal is available.';

test('a new portal version shows a refresh prompt at the next 10-minute check', async ({ page, request }) => {
  await page.clock.install({ time: new Date() });
  // The page reads the version it was loaded with once the first view has loaded; the operator's
  // refresh below must come after that read, or the page would take the new hash as its own.
  const firstRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/settings/version');
  await signInAs(page, 'globaladmin@demo.cx');
  await firstRead;
  await page.waitForLoadState('networkidle');
  // An operator refreshes the local files: the content hash moves.
  const token = (await (await request.post('/api/identity/token', { data: { username: 'system@demo.cx', password: 'Demo-2345!' } })).json()).content.access_token;
  expect((await request.get('/api/settings/refresh', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);

  // The checks run every 600000 ms from that first read, which starts after the load (when the
  // browser is idle, at most 2 s later, plus the read itself). Freeze the clock and count from the
  // load: no check can have run a second before ten minutes from it; the first one has run a few
  // seconds after, however slow the machine was while the clock still flowed.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 10));
  const sinceLoad = await page.evaluate(() => performance.now());
  await page.clock.runFor(Math.round(600_000 - sinceLoad - 1_000));
  await expect(page.getByText(PROMPT)).toHaveCount(0);
  await page.clock.runFor(15_000);
  await expect(page.getByText(PROMPT)).toBeVisible();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByText(PROMPT)).toHaveCount(0);
});
