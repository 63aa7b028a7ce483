import { test, expect } from './fixtures';
import { signInAs } from './helpers';

test('a new portal version shows a refresh prompt at the next 10-minute check', async ({ page, request }) => {
  await page.clock.install({ time: new Date() });
  await signInAs(page, 'globaladmin@demo.cx');
  await page.waitForLoadState('networkidle');
  // An operator refreshes the local files: the content hash moves.
  const token = (await (await request.post('/api/identity/token', { data: { username: 'system@demo.cx', password: 'Demo-2345!' } })).json()).content.access_token;
  expect((await request.get('/api/settings/refresh', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);

  await page.clock.runFor(599_000);
  await expect(page.getByText('A new version of the portal is available.')).toHaveCount(0);
  await page.clock.runFor(2_000);
  await expect(page.getByText('A new version of the portal is available.')).toBeVisible();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByText('A new version of the portal is available.')).toHaveCount(0);
});
