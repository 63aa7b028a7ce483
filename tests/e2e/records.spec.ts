import { test, expect } from './fixtures';
import { axeViolations, PASSWORD, signInAs } from './helpers';

test('the records grid loads, sorts, scrolls deep, expands a row and opens its details', async ({ page }) => {
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/content/insights/responses');
  const grid = page.locator('cx-data-viewer .records');
  // Without a date filter every record is in the grid.
  await page.locator('cx-data-viewer .bar').getByRole('combobox').selectOption('ClearDate');
  // The page's one record count is the filter bar's.
  await expect(page.locator('cx-data-viewer .bar').getByText(/records?$/)).toHaveText(/^20,?000 records$/);
  const firstCell = (col: number) => grid.locator('[role="row"][aria-rowindex="2"] [role="cell"]').nth(col);
  // Default order: newest response first.
  const newest = await firstCell(1).textContent();
  // Dates in the long format of spec part 1 section 9.
  expect(newest).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
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
  const details = await popup;
  expect(details.url()).toMatch(new RegExp(`/content/insights/responses/default/${id}$`));
  // The details address opens that record's details view: its comment first, every field by name, the way back.
  const article = details.locator('cx-data-viewer article.record-details');
  await expect(article.getByRole('heading', { name: `Response ${id}` })).toBeVisible();
  const field = (name: string) => article.locator('dl > div').filter({ has: details.locator('dt', { hasText: new RegExp(`^${name}$`) }) }).locator('dd');
  await expect(field('Response id')).toHaveText(id);
  await expect(field('Response date')).toHaveText(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
  await expect(details.locator('cx-data-viewer .records')).toHaveCount(0);
  expect(await axeViolations(details, 'cx-data-viewer')).toEqual([]);
  await article.getByRole('link', { name: 'All records' }).click();
  await expect(details).toHaveURL(/\/content\/insights\/responses\/default$/);
  await expect(details.locator('cx-data-viewer .records [role="row"]').nth(2)).toBeVisible();
});

test('a record outside the user\'s claims has no details, only a clear message', async ({ page }) => {
  await signInAs(page, 'north.manager@demo.cx');
  await page.goto('/content/insights/responses');
  // A record of another region, as an unrestricted user finds it.
  const token = (await (await page.request.post('/api/identity/token', { data: { username: 'portaluser@demo.cx', password: PASSWORD } })).json()).content.access_token;
  const records = await (await page.request.post('/api/dataviewer/data/responses/default', { headers: { authorization: `Bearer ${token}` }, data: { skip: 0, top: 1, orderByFields: ['Id'], orderByOperator: 'ASC', smartFilters: [{ filterKey: 'Region', filterValue: 'South' }] } })).json();
  const southId = records.data[0].Id;
  await page.goto(`/content/insights/responses/default/${southId}`);
  await expect(page.locator('cx-data-viewer').getByRole('alert')).toHaveText(`No record ${southId} here: it does not exist, or lies outside the data you may see.`);
});

test('the grid says how rows expand and open', async ({ page }) => {
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/content/insights/responses');
  await expect(page.locator('cx-data-viewer .records').getByText('Click a row, or press Enter on it, to expand it; a double click or Shift+Enter opens its details.')).toBeVisible();
});

test('the restricted user sees only their region in the grid', async ({ page }) => {
  await signInAs(page, 'north.manager@demo.cx');
  await page.goto('/content/insights/responses');
  const grid = page.locator('cx-data-viewer .records');
  await expect(grid.getByRole('columnheader', { name: /^Region/ })).toBeVisible();
  const regionColumn = await grid.getByRole('columnheader').evaluateAll((hs) => hs.findIndex((h) => h.textContent?.startsWith('Region')));
  const regions = grid.locator(`[role="row"][aria-rowindex] [role="cell"]:nth-child(${regionColumn + 1})`);
  await expect(regions.first()).toHaveText('North');
  expect(new Set(await regions.allTextContents())).toEqual(new Set(['North']));
});

test('the analytics pivot expands rows, switches totals off, keeps a dimension once, and hands a cell to the records view', async ({ page }) => {
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/content/insights/responses?type=AnalyticsViewer');
  const pivot = page.locator('cx-data-viewer .analytics');
  await page.locator('cx-data-viewer .bar').getByRole('combobox').selectOption('ClearDate');
  const north = pivot.getByRole('button', { name: /North$/ });
  await expect(north).toHaveAttribute('aria-expanded', 'false');
  const before = await pivot.locator('tbody tr').count();
  await north.click();
  await expect(north).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(() => pivot.locator('tbody tr').count()).toBeGreaterThan(before);
  // Sorting by a total keeps the expanded region open.
  await pivot.getByRole('columnheader', { name: 'Records' }).last().getByRole('button').click();
  await expect(north).toHaveAttribute('aria-expanded', 'true');

  await expect(pivot.locator('tfoot')).toHaveCount(1);
  await pivot.getByLabel('Column totals').uncheck();
  await expect(pivot.locator('tfoot')).toHaveCount(0);
  // Channel is in the columns, so the rows cannot take it.
  const addRow = pivot.getByRole('combobox', { name: 'Add to Rows' });
  await expect(addRow.locator('option', { hasText: 'Channel' })).toHaveCount(0);
  // Removing every measure resets the view.
  await pivot.getByRole('button', { name: 'Remove Average likelihood to recommend' }).click();
  await pivot.getByRole('button', { name: 'Remove Records' }).click();
  await expect(pivot.getByRole('button', { name: 'Remove Records' })).toBeVisible();
  await expect(pivot.getByRole('button', { name: 'Remove Average likelihood to recommend' })).toBeVisible();

  const popup = page.waitForEvent('popup');
  await pivot.locator('tbody tr').first().locator('td').first().dblclick();
  const records = await popup;
  await expect(records.locator('cx-data-viewer .bar').getByRole('status')).toHaveText('2 filters');
  await expect(records.locator('cx-data-viewer .bar').getByText(/records?$/)).toHaveText(/^\d[\d,]* records?$/);
});

test('the analytics view is not offered on a mobile width', async ({ page }) => {
  await page.setViewportSize({ width: 700, height: 900 });
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/content/insights/responses?type=AnalyticsViewer');
  await expect(page).toHaveURL(/\/echo-503$/);
});
