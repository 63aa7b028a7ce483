import type { Route } from '@playwright/test';
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
  // A refused call fails the test (console errors); what it was, whether it carried a token, the
  // server's reason and the page it came from are printed to tell which one.
  page.on('response', async (r) => {
    if (r.status() !== 401) return;
    const reason = await r.text().catch(() => '(no body)');
    console.warn('refused:', r.request().method(), r.url(), 'token:', !!r.request().headers().authorization, reason, 'on', page.url());
  });
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
  await page.clock.install();
  await signInAs(page, 'portaluser@demo.cx');
  // A refresh from the cookie is the token call that carries the session's CSRF token.
  const refreshed = page.waitForRequest((r) => r.url().endsWith('/api/identity/token') && !!r.headers()['x-csrf-token']);
  // Within 10 s of the token's 15 minutes, the session keeper refreshes it from the cookie.
  await page.clock.fastForward('14:52');
  const request = await refreshed;
  expect(request.headers()['x-csrf-token']).toMatch(/^[\w-]{20,}$/);
  expect((await request.response())!.status()).toBe(200);
  await expect(page.getByRole('button', { name: /Profile of/ })).toBeVisible();
});

test('no token is kept where a script could read it, and a reload keeps the user signed in', async ({ page, context }) => {
  await signInAs(page, 'portaladmin@demo.cx');
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  const cookies = await context.cookies();
  const refresh = cookies.find((c) => c.name === 'cx_refresh')!;
  expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/identity/token' });
  expect(stored).not.toContain(refresh.value);
  expect(stored).not.toMatch(/eyJhbGciOi/);
  expect(await page.evaluate(() => document.cookie)).toBe('');
  await page.reload();
  await expect(page.getByRole('button', { name: /Profile of/ })).toBeVisible();
  await page.goto('/user');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
});

test('signing out ends the session on the server: the old refresh cookie no longer works', async ({ page, context, request }) => {
  // The landing page's tiles ask for their data; those calls are held until after the sign-out, as
  // on a slow link. The page drops them (else the server, the session over, refuses each: a 401).
  const held: Route[] = [];
  await page.route('**/api/dashboard/visuals/**', (route) => void held.push(route));
  const dropped: string[] = [];
  page.on('requestfailed', (r) => r.url().includes('/api/dashboard/visuals/') && dropped.push(r.failure()?.errorText ?? ''));
  await signInAs(page, 'globaladmin@demo.cx');
  await expect.poll(() => held.length).toBeGreaterThan(0);
  const refresh = (await context.cookies()).find((c) => c.name === 'cx_refresh')!.value;
  const csrf = await page.evaluate(() => JSON.parse(sessionStorage.getItem('cx.session')!).csrfToken as string);
  await page.getByRole('button', { name: /Profile of/ }).click();
  const out = page.waitForResponse((r) => r.url().endsWith('/api/identity/logout'));
  await page.getByRole('button', { name: 'Sign out' }).click();
  expect((await out).status()).toBe(200);
  await Promise.all(held.map((route) => route.continue().catch(() => undefined)));
  await expect.poll(() => dropped).toEqual(held.map(() => 'net::ERR_ABORTED'));
  const again = await request.post('/api/identity/token', {
    data: { grant_type: 'refresh_token', client_id: 'cx-portal-web' },
    headers: { cookie: `cx_refresh=${refresh}`, 'x-csrf-token': csrf },
  });
  expect(again.status()).toBe(400);
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

test('a content page that cannot be loaded while signed in goes to /404', async ({ page, expectedErrors }) => {
  expectedErrors.push(/status of 404/);
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/content/insights/no-such-module');
  await expect(page).toHaveURL('/404');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('an unknown dashboard goes to /404', async ({ page, expectedErrors }) => {
  expectedErrors.push(/status of 404/);
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/dashboard/no-such-dashboard/');
  await expect(page).toHaveURL('/404');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('the /401 page’s home button takes a SurveyEditor to their own landing page, not back to /401', async ({ page }) => {
  await signInAs(page, 'surveyeditor@demo.cx');
  await page.goto('/dashboard/overview/');
  await expect(page).toHaveURL('/401');
  await page.getByRole('button', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL('/editor/home');
});
