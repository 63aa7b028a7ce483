import { test, expect } from './fixtures';
import { signInAs } from './helpers';

test('the portal shell loads on any route under a strict CSP', async ({ page }) => {
  await signInAs(page, 'globaladmin@demo.cx');
  for (const path of ['/', '/home']) {
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy']).toContain("style-src 'self'");
    // The host page's inline stylesheet is applied (allowed by its hash): the body has no margin.
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
    await expect(page.getByRole('link', { name: 'CX Portal' })).toBeVisible();
    // The home's tiles are drawn once it knows the portal has dashboards (an empty portal shows "Add your data").
    await expect(page.locator('.home [data-visual="nps"] .hero')).toHaveText(/%$/);
  }
});

test('home shows the figures of the data under the user’s claims, the same as the Overview dashboard', async ({ page }) => {
  // Tiles carry their visual's name (data-visual), on the home page and on the dashboard alike.
  const figures = async (path: string, scope: string) => {
    await page.goto(path);
    const nps = page.locator(`${scope} [data-visual="nps"] .hero`);
    await expect(nps).toHaveText(/%$/);
    const total = page.locator(`${scope} [data-visual="channel-share"] .total`);
    await expect(total).toHaveText(/^\d+$/);
    return [await nps.textContent(), await total.textContent()];
  };
  await signInAs(page, 'north.manager@demo.cx');
  const northHome = await figures('/home', '.home');
  const northDashboard = await figures('/dashboard/overview/', 'cx-dashboard');
  expect(northHome).toEqual(northDashboard);
  await page.goto('/logout');
  await signInAs(page, 'portaluser@demo.cx');
  // Every region for a user without claims: other figures than the North manager's.
  expect(await figures('/home', '.home')).not.toEqual(northHome);
});
