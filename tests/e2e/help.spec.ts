import { test, expect } from './fixtures';
import { axeViolations, signInAs } from './helpers';

test('the Help menu item opens a help page for users, in the app and on reload', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 900 });
  await signInAs(page, 'portaluser@demo.cx');
  await page.locator('cx-top-nav').getByRole('navigation').getByRole('link', { name: 'Help' }).click();
  await expect(page).toHaveURL(/\/help$/);
  const help = page.getByRole('article', { name: 'Help' });
  await expect(help).toBeVisible();
  for (const topic of ['Signing in', 'Filters', 'Dashboards', 'Data viewer', 'Export', 'Cases']) await expect(help.getByRole('heading', { name: topic, level: 2 })).toBeVisible();
  await expect(page.getByText('Page Not Found')).toHaveCount(0);
  expect(await axeViolations(page, 'html')).toEqual([]);
  // A reload (or a bookmark) shows the same page, not the developers' demo.
  await page.reload();
  await expect(page.getByRole('article', { name: 'Help' }).getByRole('heading', { name: 'Cases' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'CX elements: demo pages' })).toHaveCount(0);
});

test('the help page needs no sign-in', async ({ page }) => {
  await page.goto('/help');
  await expect(page.getByRole('article', { name: 'Help' }).getByRole('heading', { name: 'Signing in' })).toBeVisible();
});
