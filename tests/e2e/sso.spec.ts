import { test, expect } from './fixtures';

test('single sign-on through the identity provider returns to the page the user asked for', async ({ page }) => {
  await page.goto('/user');
  await expect(page).toHaveURL('/login');
  await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
  await expect(page.getByRole('heading', { name: 'Company sign-in' })).toBeVisible();
  await page.getByLabel('E-mail').fill('portaladmin@demo.cx');
  await page.getByLabel('Password').fill('Demo-2345!');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/user');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
});

test('a bad sign-on response shows the SSO error and signs nobody in', async ({ page, expectedErrors }) => {
  expectedErrors.push(/status of 400/);
  await page.goto(`/sso/confirm?assertion=forged.${'A'.repeat(43)}&relayState=%2Fuser`);
  await expect(page).toHaveURL(/\/sso\/error\?error=/);
  await expect(page.getByRole('heading', { name: 'Single sign-on failed' })).toBeVisible();
  await expect(page.getByText('The sign-on response is not signed by the identity provider.')).toBeVisible();
  await page.goto('/home');
  await expect(page).toHaveURL('/login');
});

test('the SSO error page shows the error named in its path, /sso/error/{message}', async ({ page }) => {
  await page.goto(`/sso/error/${encodeURIComponent('Your account is not allowed to sign in here.')}`);
  await expect(page.getByRole('heading', { name: 'Single sign-on failed' })).toBeVisible();
  await expect(page.getByText('Your account is not allowed to sign in here.')).toBeVisible();
});

test('a relay state that leads off the portal is not followed after single sign-on', async ({ page }) => {
  // The attacker's link: the provider's page with a foreign return address and relay state.
  await page.goto(`/api/sso/local/authorize?returnTo=${encodeURIComponent('/\\evil.example/steal')}&relayState=${encodeURIComponent('/\\evil.example')}`);
  await page.getByLabel('E-mail').fill('portaluser@demo.cx');
  await page.getByLabel('Password').fill('Demo-2345!');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/dashboard/overview/');
});
