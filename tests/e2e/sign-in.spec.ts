import { test, expect } from './fixtures';
import { signInAs } from './helpers';

const LANDINGS: Array<[string, string]> = [
  ['globaladmin@demo.cx', '/home'],
  ['portaladmin@demo.cx', '/home'],
  ['portaluser@demo.cx', '/dashboard/overview/'],
  ['surveyeditor@demo.cx', '/editor/home'],
  ['system@demo.cx', '/operations/home'],
  ['north.manager@demo.cx', '/dashboard/overview/'],
];

for (const [email, landing] of LANDINGS) {
  test(`${email} signs in and lands on ${landing}`, async ({ page }) => {
    await signInAs(page, email);
    await expect(page).toHaveURL(landing);
    await expect(page.getByRole('button', { name: /Profile of/ })).toBeVisible();
  });
}

test('a wrong password shows the server message and keeps the user on the form', async ({ page, expectedErrors }) => {
  expectedErrors.push(/status of 400/);
  await page.goto('/login');
  await page.getByLabel('User name').fill('portaluser@demo.cx');
  await page.getByLabel('Password', { exact: true }).fill('wrong');
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  await expect(page.getByRole('alert')).toHaveText('The user name or password is incorrect.');
  await expect(page).toHaveURL('/login');
});

test('the guard sends an anonymous user to /login and back to the target after sign-in', async ({ page }) => {
  await page.goto('/user');
  await expect(page).toHaveURL('/login');
  await signInAs(page, 'portaladmin@demo.cx');
  await expect(page).toHaveURL('/user');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
});

test('the guard sends a PortalUser to /401 for /user', async ({ page }) => {
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/user');
  await expect(page).toHaveURL('/401');
  await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
});

test('sign-out from the profile panel goes to /login and /logout ends the session', async ({ page }) => {
  await signInAs(page, 'globaladmin@demo.cx');
  await page.getByRole('button', { name: /Profile of/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');
  await page.goto('/home');
  await expect(page).toHaveURL('/login');

  await signInAs(page, 'globaladmin@demo.cx');
  await page.goto('/logout');
  await expect(page.getByRole('heading', { name: 'You have signed out' })).toBeVisible();
  await page.goto('/home');
  await expect(page).toHaveURL('/login');
});

test('the session is refreshed before the access token expires', async ({ page }) => {
  await signInAs(page, 'portaluser@demo.cx');
  const before = await page.evaluate(() => {
    const s = JSON.parse(sessionStorage.getItem('cx.session')!);
    s.expiryDate = new Date(Date.now() + 8_000).toISOString();
    sessionStorage.setItem('cx.session', JSON.stringify(s));
    return s.refreshToken as string;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => JSON.parse(sessionStorage.getItem('cx.session')!).refreshToken), { timeout: 15_000 })
    .not.toBe(before);
  await expect(page.getByRole('button', { name: /Profile of/ })).toBeVisible();
});

test('a server error sends the user to /error with its code', async ({ page, expectedErrors }) => {
  expectedErrors.push(/status of 500/);
  await page.route('**/api/content', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ title: 'ContentUnavailable', message: 'The content store is down.' }) }),
  );
  await page.goto('/login');
  await expect(page).toHaveURL(/\/error\?errorCode=ContentUnavailable/);
  await expect(page.getByText('Error code: ContentUnavailable — The content store is down.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go to the home page' })).toBeVisible();
});

test('unknown paths show Page Not Found', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle('Page Not Found | CX Portal');
});
