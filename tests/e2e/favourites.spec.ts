import { test, expect } from './fixtures';
import { signInAs } from './helpers';

test('favourites: add with each validation outcome, select, share, remove, and open by link', async ({ page, context, browser }, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/content/insights/responses');
  const bar = page.locator('cx-data-viewer .bar');
  const favs = page.locator('cx-data-viewer .favourites');
  await expect(favs.getByRole('heading', { name: 'Favourites (0)' })).toBeVisible();
  await expect(favs.getByText('No favourites yet: add the current view.')).toBeVisible();

  // NoIssue: saves with the description of the filters.
  await bar.getByText('Region', { exact: true }).click();
  await bar.getByRole('checkbox', { name: /^North/ }).check();
  // Close the value list again: it opens over the page.
  await bar.locator('summary').filter({ hasText: /^Region/ }).click();
  await expect(bar.getByRole('group', { name: 'Region' })).toBeHidden();
  await favs.getByRole('button', { name: 'Add to favourites' }).click();
  // The description starts as the filters in words, the date and search filters included, and the user may write their own.
  await expect(favs.getByLabel('Description')).toHaveValue('Date: Last 7 Days; Region: North');
  await favs.getByLabel('Description').fill('Region: North, for the Monday call');
  await favs.getByLabel('Title').fill('North view');
  await favs.getByRole('button', { name: 'Save' }).click();
  await expect(favs.getByRole('heading', { name: 'Favourites (1)' })).toBeVisible();
  await expect(favs.getByText('Region: North, for the Monday call')).toBeVisible();

  // SameTitle: refused with the spec's message.
  await favs.getByRole('button', { name: 'Add to favourites' }).click();
  await favs.getByLabel('Title').fill('north VIEW');
  await favs.getByRole('button', { name: 'Save' }).click();
  await expect(favs.getByRole('alert')).toHaveText('The favourite with the name you have entered already exists. Please use another name.');

  // SamePayload: asks, then saves.
  await favs.getByLabel('Title').fill('North again');
  await favs.getByRole('button', { name: 'Save' }).click();
  await expect(favs.getByRole('alert')).toHaveText('You have already added this view to the favourites as "North view". Do you want to add it again?');
  await favs.getByRole('button', { name: 'Add again' }).click();
  await expect(favs.getByRole('heading', { name: 'Favourites (2)' })).toBeVisible();

  // Select restores the saved filters.
  await bar.getByRole('button', { name: 'Clear all filters' }).click();
  await expect(bar.getByRole('status')).toHaveText('0 filters');
  await favs.getByRole('button', { name: 'North view', exact: true }).click();
  await expect(bar.getByRole('status')).toHaveText('2 filters');

  // Share copies the link and shows 'copied' for 3 s.
  await favs.getByRole('button', { name: 'Share North view' }).click();
  await expect(favs.getByText('copied', { exact: true })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/content\/insights\/responses\?s=[0-9a-f-]{36}$/);
  await expect(favs.getByText('copied', { exact: true })).toHaveCount(0, { timeout: 15_000 });

  // A shared link opens the view for someone else.
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page2 = await other.newPage();
  await signInAs(page2, 'globaladmin@demo.cx');
  await page2.goto(new URL(link).pathname + new URL(link).search);
  await expect(page2.locator('cx-data-viewer').getByText('Opened "North view".')).toBeVisible();
  await expect(page2.locator('cx-data-viewer .bar').getByRole('status')).toHaveText('2 filters');
  await other.close();

  // Remove asks first.
  await favs.getByRole('button', { name: 'Remove' }).first().click();
  await favs.getByRole('button', { name: 'Delete' }).click();
  await expect(favs.getByRole('heading', { name: 'Favourites (1)' })).toBeVisible();
});
