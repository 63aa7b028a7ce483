import { test, expect } from './fixtures';
import { PASSWORD, signInAs } from './helpers';
import type { APIRequestContext } from '@playwright/test';

/** A seeded staff user (Region claim) that no other test signs in as: its saved state is this test's own. */
async function staffUser(request: APIRequestContext, id: string): Promise<string> {
  const signIn = await request.post('/api/identity/token', { data: { username: 'globaladmin@demo.cx', password: PASSWORD } });
  const token = (await signIn.json()).content.access_token;
  const list = await request.post('/api/identity/getuserlist', { headers: { authorization: `Bearer ${token}` }, data: { Filter: { take: 200, skip: 0 } } });
  const user = (await list.json()).results.find((u: { id: string }) => u.id === id);
  return user.userName;
}

test('claim filters show for the claim types the user has, marked as their access', async ({ page, request }) => {
  const email = await staffUser(request, 'u-staff-011');
  const claims: string[] = [];
  page.on('request', (r) => r.url().endsWith('/api/filter') && claims.push(r.url()));
  await signInAs(page, email);
  await page.goto('/dashboard/overview/');
  const bar = page.locator('cx-dashboard .bar');
  const region = bar.locator('summary', { hasText: 'Region' });
  await expect(region).toHaveText(/^Region · your access/);
  await region.click();
  await expect(bar.getByRole('group', { name: 'Region' }).getByRole('checkbox')).toHaveCount(1);
  // The other value filters are not claim filters.
  await expect(bar.locator('summary', { hasText: 'Channel' })).toHaveText('Channel');
  expect(claims.length).toBeGreaterThan(0);

  // An unrestricted user has no claim filters.
  await page.goto('/logout');
  await signInAs(page, 'portaladmin@demo.cx');
  await page.goto('/dashboard/overview/');
  await expect(page.locator('cx-dashboard .bar summary', { hasText: 'Region' })).toHaveText('Region');
});

test('a sign-out keeps the dashboard state for the same user only, restored after the next sign-in', async ({ page, request }) => {
  const email = await staffUser(request, 'u-staff-012');
  await signInAs(page, email);
  await page.goto('/dashboard/overview/');
  const bar = page.locator('cx-dashboard .bar');
  await bar.getByRole('combobox').selectOption('Last30Days');
  await bar.locator('summary', { hasText: 'Channel' }).click();
  await bar.getByRole('group', { name: 'Channel' }).getByRole('checkbox').first().check();
  await expect(bar.getByRole('status')).toHaveText('2 filters');

  // Signed out from the profile panel: the state is saved with the session's last token.
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/portaluserstate/save/dashboard'));
  await page.getByRole('button', { name: /Profile of/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  expect((await saved).status()).toBe(200);
  await page.waitForURL('**/login');
  // Nothing of it is left in this browser for the next person.
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('cx.filters.') && localStorage.getItem(k)!.includes('Last30Days')))).toEqual([]);

  await signInAs(page, 'portaladmin@demo.cx');
  await page.goto('/dashboard/overview/');
  await expect(bar.getByRole('combobox')).toHaveValue('Last7Days');
  await expect(bar.getByRole('status')).toHaveText('1 filter');

  await page.goto('/logout');
  await signInAs(page, email);
  await page.goto('/dashboard/overview/');
  await expect(bar.getByRole('combobox')).toHaveValue('Last30Days');
  await expect(bar.getByRole('status')).toHaveText('2 filters');
});
