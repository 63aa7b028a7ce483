import { test, expect } from './fixtures';
import { axeViolations, signInAs } from './helpers';

const firstSliceFill = (page: import('@playwright/test').Page) =>
  page.locator('cx-visual[visual="channel-share"] path.slice').first().evaluate((p) => getComputedStyle(p).fill);
const starFill = (page: import('@playwright/test').Page) => page.locator('cx-star-rating path.full').first().evaluate((p) => getComputedStyle(p).fill);

test('the charts, the rating and every text follow the page’s theme: light, dark and high contrast, each axe-clean', async ({ page }) => {
  await signInAs(page, 'portaluser@demo.cx');
  const themes = [
    ['', 'rgb(24, 75, 155)', 'rgb(245, 166, 35)'],
    ['dark', 'rgb(122, 162, 255)', 'rgb(255, 200, 87)'],
    ['high-contrast', 'rgb(255, 255, 0)', 'rgb(255, 255, 0)'],
  ] as const;
  for (const [theme, chart, star] of themes) {
    await page.goto(`/demo/themes.html${theme ? `?theme=${theme}` : ''}`);
    await expect(page.locator('cx-visual[visual="channel-share"] path.slice').first()).toBeVisible();
    await expect(page.locator('cx-visual[visual="nps-mix-by-channel"] .tile')).toBeVisible();
    expect(await firstSliceFill(page), theme).toBe(chart);
    expect(await starFill(page), theme).toBe(star);
    // The legend's swatch is the slice's colour.
    expect(await page.locator('cx-visual[visual="channel-share"] .legend .swatch').first().evaluate((s) => getComputedStyle(s).backgroundColor)).toBe(chart);
    expect(await axeViolations(page, 'main'), theme || 'light').toEqual([]);
  }
});
