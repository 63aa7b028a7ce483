import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Demo-2345!';

/** Signs in through the login form, as a user would. */
export async function signInAs(page: Page, email: string, password = PASSWORD): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('User name').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  // Signed in once the please-wait step has moved on from the sign-in page.
  await page.waitForURL((url) => url.pathname !== '/login' && url.pathname !== '/signin');
  await expect(page.getByRole('button', { name: /Profile of/ })).toBeVisible();
}
