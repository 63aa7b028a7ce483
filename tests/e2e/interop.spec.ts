import { test, expect } from './fixtures';
import { axeViolations } from './helpers';

/**
 * Each framework's own app (demo/interop/, built by its own tool in `npm run build`) using the
 * elements as a customer would: properties in (a number, a boolean), the element's event out to the
 * framework's state, the language changed at run time, the element removed and added again.
 */
for (const framework of ['react', 'vue', 'svelte', 'angular'] as const) {
  test(`${framework}: properties in, cx-change out, the locale at run time, unmount and remount`, async ({ page }) => {
    await page.goto(`/demo/interop/${framework}/`);
    const rating = page.locator('cx-star-rating');
    const slider = rating.getByRole('slider', { name: 'Your visit' });
    await expect(slider).toHaveAttribute('aria-valuenow', '2');
    expect(await rating.evaluate((el) => typeof (el as HTMLElement & { value: unknown }).value)).toBe('number');

    // The user's choice reaches the framework's state, which the gauge (a property) follows.
    await rating.locator('.slot').nth(3).click();
    await expect(page.getByRole('status')).toHaveText('Chosen: 4');
    await expect(slider).toHaveAttribute('aria-valuenow', '4');
    await slider.press('ArrowLeft');
    await expect(page.getByRole('status')).toHaveText('Chosen: 3');

    // A boolean property from the framework: read-only and back.
    await page.getByRole('button', { name: 'Read only' }).click();
    await expect(slider).toHaveCount(0);
    await expect(rating.getByRole('img')).toBeVisible();
    await page.getByRole('button', { name: 'Editable' }).click();
    await expect(slider).toBeVisible();

    // The page-wide language, changed at run time, reaches the element.
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await expect(page.locator('cx-nps-gauge')).toContainText('NPS');
    await expect(rating.getByRole('slider')).toHaveAttribute('aria-valuetext', '3 von 5 Sternen');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(rating.getByRole('slider')).toHaveAttribute('aria-valuetext', '3 out of 5 stars');

    // Removed by the framework and added again: the element starts from the framework's state.
    await page.getByRole('button', { name: 'Remove rating' }).click();
    await expect(rating).toHaveCount(0);
    await page.getByRole('button', { name: 'Add rating' }).click();
    await expect(rating.getByRole('slider')).toHaveAttribute('aria-valuenow', '3');
    expect(await axeViolations(page, 'main')).toEqual([]);
  });
}

test('the element reference documents every element of the manifest, with live examples', async ({ page }) => {
  const { readFileSync } = await import('node:fs');
  const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8')) as { modules: Array<{ declarations?: Array<{ customElement?: boolean; tagName?: string }> }> };
  const tags = manifest.modules.flatMap((m) => (m.declarations ?? []).filter((d) => d.customElement).map((d) => d.tagName!));
  await page.goto('/demo/elements.html');
  await expect(page.locator('main.reference > section')).toHaveCount(tags.length);
  await expect(page.getByRole('table', { name: 'Attributes of cx-star-rating' }).getByRole('row', { name: /^required/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Events of cx-star-rating' })).toContainText('cx-change');
  await expect(page.locator('#cx-star-rating ~ .live cx-star-rating').getByRole('slider', { name: 'Your visit' })).toHaveAttribute('aria-valuenow', '3.5');
  expect(await axeViolations(page, 'html')).toEqual([]);
});
