import { test, expect } from './fixtures';
import { signInAs } from './helpers';

test('the records grid loads, sorts, scrolls deep, expands a row and opens its details', async ({ page }) => {
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/content/insights/responses');
  const grid = page.locator('cx-records-viewer');
  // Without a date filter every record is in the grid.
  await page.locator('cx-smart-filter-bar').getByRole('combobox').selectOption('ClearDate');
  await expect(grid.getByRole('status')).toHaveText(/^20,?000 records$/);
  const firstCell = (col: number) => grid.locator('[role="row"][aria-rowindex="2"] [role="cell"]').nth(col);
  // Default order: newest response first.
  const newest = await firstCell(1).textContent();
  await grid.getByRole('button', { name: 'Response date' }).click();
  await expect(firstCell(1)).not.toHaveText(newest!);
  await expect(grid.getByRole('columnheader', { name: /Response date/ })).toHaveAttribute('aria-sort', 'ascending');

  // Deep in the grid the rows come from their own server block.
  const scroller = grid.locator('[role="table"]');
  await scroller.evaluate((el) => el.scrollTo({ top: 25 * 15_000 }));
  const deep = grid.locator('[role="row"][aria-rowindex="15002"]');
  await expect(deep).toBeVisible();
  await expect(deep.locator('[role="cell"]').first()).not.toHaveText('…');

  // A click expands the row; a double click opens its details in a new window.
  await deep.click();
  await expect(deep).toHaveClass(/expanded/);
  const id = (await deep.locator('[role="cell"]').first().textContent())!;
  const popup = page.waitForEvent('popup');
  await deep.dblclick();
  expect((await popup).url()).toMatch(new RegExp(`/content/insights/responses/default/${id}$`));
});

test('the restricted user sees only their region in the grid', async ({ page }) => {
  await signInAs(page, 'north.manager@demo.cx');
  await page.goto('/content/insights/responses');
  const grid = page.locator('cx-records-viewer');
  await expect(grid.getByRole('columnheader', { name: /^Region/ })).toBeVisible();
  const regionColumn = await grid.getByRole('columnheader').evaluateAll((hs) => hs.findIndex((h) => h.textContent?.startsWith('Region')));
  const regions = grid.locator(`[role="row"][aria-rowindex] [role="cell"]:nth-child(${regionColumn + 1})`);
  await expect(regions.first()).toHaveText('North');
  expect(new Set(await regions.allTextContents())).toEqual(new Set(['North']));
});
