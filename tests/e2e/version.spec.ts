import { test, expect } from './fixtures';
import { signInAs } from './helpers';

test('a new portal version shows a refresh prompt at the next 10-minute check', async ({ page, request }) => {
  await page.clock.install({ time: new Date() });
  await signInAs(page, 'globaladmin@demo.cx');
  await page.waitForLoadState('networkidle');
  // An operator refreshes the local files: the content hash moves.
  const token = (await (await request.post('/api/identity/token', { data: { username: 'system@demo.cx', password: 'Demo-2345!' } })).json()).content.access_token;
  expect((await request.get('/api/settings/refresh', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);

  // The checks run every 600000 ms from the page load; the clock has been flowing since. Freeze
  // it and count from the load, so a slow sign-in cannot move the check into the first window.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 10));
  const sinceLoad = await page.evaluate(() => performance.now());
  await page.clock.runFor(Math.round(600_000 - sinceLoad - 1_000));
  await expect(page.getByText('A new version of the portal is available.')).toHaveCount(0);
  await page.clock.runFor(2_000);
  await expect(page.getByText('A new version of the portal is available.')).toBeVisible();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByText('A new version of the portal is available.')).toHaveCount(0);
});
