// Issue 49's analyst: the words that made a comment's sentiment are highlighted in the records,
// with the reason on hover and on focus.
import { test, expect } from './fixtures';
import { axeViolations, signInAs } from './helpers';

test('an analyst sees the highlighted words of the comments in the records, with their reasons', async ({ page }) => {
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/content/insights/responses');
  await page.locator('cx-data-viewer .bar').getByRole('combobox').selectOption('ClearDate');
  const grid = page.locator('cx-data-viewer .records');
  const marked = grid.locator('[role="row"] mark.cx-hl').first();
  await expect(marked).toBeVisible();
  const reason = marked.locator('.cx-hl-reason');
  await expect(reason).toHaveText(/^ (positive|negative) (word|phrase) “.+”/);
  // The reason shows to the keyboard as to the mouse.
  await marked.focus();
  expect((await reason.boundingBox())!.width).toBeGreaterThan(20);
  expect(await axeViolations(page, 'cx-data-viewer')).toEqual([]);
});
