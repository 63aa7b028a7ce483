import { test, expect } from './fixtures';

// The assistant's web view exposes ReactNativeWebView; the portal talks to it with postMessage.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const sent: string[] = [];
    (window as unknown as { __sent: string[] }).__sent = sent;
    (window as unknown as { ReactNativeWebView: unknown }).ReactNativeWebView = { postMessage: (m: string) => sent.push(m) };
  });
});

const handOver = (refreshToken: string) => JSON.stringify({ type: 'assistantLogin', refreshToken });
const sent = (page: import('@playwright/test').Page) => page.evaluate(() => (window as unknown as { __sent: string[] }).__sent.map((m) => JSON.parse(m).type));

test('a token from the assistant signs in, says logged-in, and follows the after-login order', async ({ page, request }) => {
  const login = await (await request.post('/api/identity/token', { data: { username: 'portaluser@demo.cx', password: 'Demo-2345!' } })).json();
  await page.goto('/login');
  await page.evaluate((m) => window.postMessage(m, '*'), handOver(login.content.refresh_token));
  await expect(page).toHaveURL('/dashboard/overview/');
  expect(await sent(page)).toContain('loggedIn');
  // In the assistant the profile panel offers no sign-out.
  await page.getByRole('button', { name: /Profile of/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
});

test('a bad token from the assistant logs out with a virtual logout message', async ({ page, expectedErrors }) => {
  expectedErrors.push(/status of 400/);
  await page.goto('/login');
  await page.evaluate((m) => window.postMessage(m, '*'), handOver('not-a-token'));
  await expect.poll(() => sent(page)).toContain('virtualLogout');
  await expect(page).toHaveURL('/login');
});

test('a single element in the assistant’s web view signs in with the hand-over and says logged-in', async ({ page, request }) => {
  const login = await (await request.post('/api/identity/token', { data: { username: 'portaluser@demo.cx', password: 'Demo-2345!' } })).json();
  await page.goto('/demo/assistant.html');
  const tile = page.locator('cx-visual');
  // Waiting for the hand-over: the element asks for a sign-in and makes no call.
  await expect(tile.getByText('Sign in to see this')).toBeVisible();
  await page.evaluate((m) => window.postMessage(m, '*'), handOver(login.content.refresh_token));
  await expect(tile.locator('.hero')).toHaveText(/%$/);
  expect(await sent(page)).toEqual(['loggedIn']);
  await expect(page).toHaveURL(/\/demo\/assistant\.html$/);
});

test('a refused hand-over to a single element sends the virtual logout message', async ({ page, expectedErrors }) => {
  expectedErrors.push(/status of 400/);
  await page.goto('/demo/assistant.html');
  await page.evaluate((m) => window.postMessage(m, '*'), handOver('not-a-token'));
  await expect.poll(() => sent(page)).toEqual(['virtualLogout']);
  await expect(page).toHaveURL(/\/demo\/assistant\.html$/);
});
