import { test, expect } from './fixtures';
import { signInAs } from './helpers';

test('the portal shell loads on any route under a strict CSP', async ({ page }) => {
  await signInAs(page, 'globaladmin@demo.cx');
  for (const path of ['/', '/home']) {
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy']).toContain("style-src 'self'");
    await expect(page.getByRole('link', { name: 'CX Portal' })).toBeVisible();
    await expect(page.getByRole('meter', { name: 'NPS, MONTH TO DATE' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Average store rating: 4.3 out of 5 stars' })).toBeVisible();
  }
});
