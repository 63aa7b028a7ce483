import { test, expect } from './fixtures';
import { signInAs } from './helpers';

test('the smart filter bar counts values under the user claims and filters by choice', async ({ page }) => {
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/dashboard/overview/');
  const bar = page.locator('cx-dashboard .bar');
  await expect(bar.getByRole('combobox')).toHaveValue('Last7Days');
  const shown = async () => Number((await bar.getByText(/records?$/).textContent())!.replace(/\D/g, ''));
  await expect(bar.getByText(/records?$/)).toBeVisible();
  const lastWeek = await shown();
  await bar.getByRole('combobox').selectOption('ClearDate');
  // The count of every date has arrived before it is compared with.
  await expect.poll(shown).toBeGreaterThan(lastWeek);
  await bar.getByText('Region', { exact: true }).click();
  const regions = bar.getByRole('group', { name: 'Region' }).getByRole('checkbox');
  await expect(regions).toHaveCount(8);
  const before = await shown();
  await bar.getByRole('checkbox', { name: /^North/ }).check();
  await expect(bar.getByRole('status')).toHaveText('1 filter');
  await expect.poll(async () => Number((await bar.getByText(/records?$/).textContent())!.replace(/\D/g, ''))).toBeLessThan(before);
  await expect(bar.getByText(/^Last recorded date: \d\d\/\d\d\/\d{4}$/)).toBeVisible();
});

test('the restricted user sees only their region, and bad input is explained', async ({ page }) => {
  await signInAs(page, 'north.manager@demo.cx');
  await page.goto('/dashboard/overview/');
  const bar = page.locator('cx-dashboard .bar');
  // Region is the manager's claim type: its filter is marked as their access.
  await bar.getByText('Region · your access').click();
  await expect(bar.getByRole('group', { name: 'Region' }).getByRole('checkbox')).toHaveCount(1);
  await expect(bar.getByRole('checkbox', { name: /^North/ })).toBeVisible();

  await bar.getByPlaceholder('Search comments').fill('late&$filter=x');
  await expect(bar.getByText("Can't have one of these (&$count,&$filter,&$skip,&search,$orderby) restricted words")).toBeVisible();

  await bar.getByRole('combobox').selectOption('CustomRange');
  await bar.getByLabel('From', { exact: true }).fill('2026-01-01');
  await bar.getByLabel('To', { exact: true }).fill('2026-06-01');
  await bar.getByRole('button', { name: 'Apply' }).click();
  await expect(bar.getByText('Choose a range of 6 weeks or less.')).toBeVisible();
});

test('filters never change silently: Custom Range waits for its dates, Clear shows the state, months are offered', async ({ page }) => {
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/dashboard/overview/');
  const bar = page.locator('cx-dashboard .bar');
  const date = bar.getByRole('combobox');
  const count = async () => (await bar.getByText(/records?$/).textContent())!;
  await expect(bar.getByText(/records?$/)).toBeVisible();
  const before = await count();
  // Choosing Custom Range only opens the dates: the count and the badge stay as they were.
  await date.selectOption('CustomRange');
  await expect(bar.getByLabel('From', { exact: true })).toBeVisible();
  await page.waitForTimeout(300);
  expect(await count()).toBe(before);
  await expect(bar.getByRole('status')).toHaveText('1 filter');
  // The month list: this month and the previous 5.
  const months = await bar.locator('optgroup[label="Months"] option').allTextContents();
  expect(months).toHaveLength(6);
  expect(months[0]).toBe(new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' }).format(new Date()));
  // After clearing, the box shows the state (every date), not the action.
  await date.selectOption('Last30Days');
  await bar.getByRole('button', { name: /^Clear/ }).click();
  await expect(date.locator('option:checked')).toHaveText('All dates');
});

test('clearing all filters clears the charts’ selections too, and each clear control says what it clears', async ({ page }) => {
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/dashboard/overview/');
  const dash = page.locator('cx-dashboard');
  await dash.locator('[data-visual="channel-share"]').getByRole('button', { name: /^Online: \d+%$/ }).click();
  await expect(dash.getByRole('group', { name: 'Selections' })).toBeVisible();
  await expect(dash.locator('[data-visual="channel-share"]').getByRole('button', { name: /^Clear the filters of / })).toBeVisible();
  await expect(dash.getByRole('button', { name: 'Clear chart selections' })).toBeVisible();
  await dash.locator('.bar').getByRole('button', { name: 'Clear all filters' }).click();
  await expect(dash.getByRole('group', { name: 'Selections' })).toHaveCount(0);
  await expect(dash.locator('[data-visual="channel-share"]')).toHaveAttribute('data-mode', 'PrimaryOnly');
});
