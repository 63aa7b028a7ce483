import { test, expect } from './fixtures';

test('page views and a failed sign-in reach the telemetry store', async ({ page, request, expectedErrors }) => {
  expectedErrors.push(/status of 400/);
  await page.goto('/forgotpassword');
  await page.goto('/login');
  await page.getByLabel('User name').fill('portaluser@demo.cx');
  await page.getByLabel('Password', { exact: true }).fill('wrong');
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  await expect(page.getByRole('alert')).toBeVisible();

  const token = (await (await request.post('/api/identity/token', { data: { username: 'system@demo.cx', password: 'Demo-2345!' } })).json()).content.access_token;
  await expect
    .poll(async () => {
      const { results } = await (await request.get('/api/telemetry?limit=50', { headers: { authorization: `Bearer ${token}` } })).json();
      return results.map((e: { kind: string; name: string }) => `${e.kind}:${e.name}`);
    })
    .toEqual(expect.arrayContaining(['pageView:/forgotpassword', 'pageView:/login', 'event:Error logging in user: incorrect username or password']));
});

test('a reset link’s token reaches neither the page title nor the recorded page views', async ({ page, request, expectedErrors }) => {
  expectedErrors.push(/status of 404/);
  const secret = 'not-a-real-token-but-secret-9f8e7d';
  await page.goto(`/resetPassword/${secret}`);
  await expect(page).toHaveTitle('Reset password | CX Portal');
  await page.goto(`/userCreation/${secret}`);
  await expect(page).toHaveTitle('Create your password | CX Portal');
  const token = (await (await request.post('/api/identity/token', { data: { username: 'system@demo.cx', password: 'Demo-2345!' } })).json()).content.access_token;
  await expect
    .poll(async () => {
      const { results } = await (await request.get('/api/telemetry?limit=100', { headers: { authorization: `Bearer ${token}` } })).json();
      return results.map((e: { name: string }) => e.name);
    })
    .toEqual(expect.arrayContaining(['/resetPassword/:token', '/userCreation/:token']));
  const { results } = await (await request.get('/api/telemetry?limit=200', { headers: { authorization: `Bearer ${token}` } })).json();
  expect(JSON.stringify(results)).not.toContain(secret);
});

test('content and dashboard pages are titled by the names of their profile and module', async ({ page }) => {
  const { signInAs } = await import('./helpers');
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/content/insights/responses');
  await expect(page).toHaveTitle('Insights - Responses | CX Portal');
  // The second part of a dashboard address is a profile (spec part 1 section 2), not a layout: the dashboard draws.
  await page.goto('/dashboard/overview/insights');
  await expect(page).toHaveTitle('Insights - Overview | CX Portal');
  await expect(page.locator('cx-dashboard .tile').first()).toBeVisible();
  // A dashboard by its name alone is in the profile whose menu holds it; a case names its profile, module and id.
  await page.goto('/dashboard/overview/');
  await expect(page).toHaveTitle('Insights - Overview | CX Portal');
  await page.goto('/content/cases/cases/New');
  const card = page.locator('cx-queue .case-card').first();
  const id = await card.getAttribute('data-case');
  await card.getByRole('link').click();
  await expect(page).toHaveTitle(`Case management - Cases - ${id} | CX Portal`);
});
