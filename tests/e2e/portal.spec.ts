import { test, expect } from './fixtures';

test('the portal shell loads on any route under a strict CSP', async ({ page }) => {
  for (const path of ['/', '/home', '/dashboard/overview/']) {
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy']).toContain("style-src 'self'");
    await expect(page.getByRole('link', { name: 'CX Portal' })).toBeVisible();
    await expect(page.getByRole('meter', { name: 'NPS, MONTH TO DATE' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Average store rating: 4.3 out of 5 stars' })).toBeVisible();
  }
});
