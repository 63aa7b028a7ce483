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
