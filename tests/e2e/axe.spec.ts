import { test, expect } from './fixtures';
import { axeViolations, signInAs } from './helpers';

/** Whole pages (every landmark and the shell included), with axe's best-practice rules. */
const settle = (page: import('@playwright/test').Page) => page.waitForLoadState('networkidle');

test('the signed-out pages pass axe with no violations', async ({ page }) => {
  for (const path of ['/login', '/signin', '/forgotpassword', '/404', '/logout', '/survey/storevisit']) {
    await page.goto(path);
    await settle(page);
    expect(await axeViolations(page, 'html'), path).toEqual([]);
  }
});

// One test a page: each gets its own time, and a failure names its page.
for (const path of ['/home', '/dashboard/overview/', '/content/insights/responses', '/content/cases/cases/New', '/content/cases/cases/All', '/dashboard/social/', '/content/cases/reviews/New', '/content/insights/team-feedback', '/dashboard/portal-feedback/', '/processflow/reviews/1/cases?action=Reply&quickTemplate=Thank+you', '/processflow/cases/20/cases', '/user', '/group', '/user/changePassword', '/user/updateSettings', '/user/applicationRegistrations', '/alerts', '/dataviz', '/editor/home', '/editor/update/storevisit', '/editor/build/', '/operations/panel']) {
  test(`the signed-in page ${path} passes axe with no violations`, async ({ page }) => {
    await signInAs(page, 'portaladmin@demo.cx');
    await page.goto(path);
    await settle(page);
    expect(await axeViolations(page, 'html')).toEqual([]);
  });
}

test('the operations page passes axe with no violations', async ({ page }) => {
  await signInAs(page, 'globaladmin@demo.cx');
  await page.goto('/operations/home');
  await settle(page);
  expect(await axeViolations(page, 'html')).toEqual([]);
});

test('the single sign-on page passes axe with no violations, also with its provider form open', async ({ page }) => {
  await signInAs(page, 'globaladmin@demo.cx');
  await page.goto('/admin/sso');
  await settle(page);
  expect(await axeViolations(page, 'html')).toEqual([]);
  await page.getByRole('button', { name: 'Add identity provider' }).click();
  await expect(page.getByRole('dialog', { name: 'Add an identity provider' })).toBeVisible();
  expect(await axeViolations(page, 'html')).toEqual([]);
});
