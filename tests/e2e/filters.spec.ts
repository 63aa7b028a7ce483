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
  // A wider period counts more (on a dashboard, clearing the date means its default Last 7 Days).
  await bar.getByRole('combobox').selectOption('Last30Days');
  // The count of the 30 days has arrived before it is compared with.
  await expect.poll(shown).toBeGreaterThan(lastWeek);
  await bar.getByText('Region', { exact: true }).click();
  const regions = bar.getByRole('group', { name: 'Region' }).getByRole('checkbox');
  await expect(regions).toHaveCount(8);
  const before = await shown();
  await bar.getByRole('checkbox', { name: /^North/ }).check();
  // The chosen period and the region (the dashboard's default period alone counts as none).
  await expect(bar.getByRole('status')).toHaveText('2 filters');
  await expect.poll(shown).toBeLessThan(before);
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
  // A dashboard always shows a period: after clearing, its box, its count and its tiles all say the
  // default one (Last 7 Days), not "All dates" over tiles of the last 7 days.
  const visuals = () => page.waitForResponse((r) => r.url().includes('/api/dataviz/visuals/overview/'));
  // The tiles of the 30 days answer first: the answer waited for is the one after Clear.
  const month = visuals();
  await date.selectOption('Last30Days');
  await month;
  const tiles = visuals();
  await bar.getByRole('button', { name: /^Clear/ }).click();
  const answer = await (await tiles).json();
  await expect(date.locator('option:checked')).toHaveText('Last 7 Days');
  await expect(bar.getByText(/records?$/)).toHaveText(`${new Intl.NumberFormat('en').format(answer.totalRecordCount)} records`);
  const period = answer.visuals.find((v: { primary?: { data?: { currentPeriod?: unknown } } }) => v.primary?.data?.currentPeriod).primary.data;
  // Seven whole days, and the previous period ends before the current one starts.
  expect(period.currentPeriod.startDateTime).toMatch(/ 00:00:00$/);
  expect(period.currentPeriod.endDateTime).toMatch(/ 23:59:59$/);
  expect(Date.parse(`${period.currentPeriod.endDateTime}Z`) - Date.parse(`${period.currentPeriod.startDateTime}Z`)).toBe(7 * 86_400_000 - 1000);
  expect(Date.parse(`${period.previousPeriod.endDateTime}Z`)).toBeLessThan(Date.parse(`${period.currentPeriod.startDateTime}Z`));
});

test('clearing all filters clears the charts’ selections too, and each clear control says what it clears', async ({ page }) => {
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/dashboard/overview/');
  const dash = page.locator('cx-dashboard');
  await dash.locator('[data-visual="channel-share"]').getByRole('button', { name: /^Online: \d+%$/ }).click();
  await expect(dash.getByRole('group', { name: 'Selections' })).toBeVisible();
  await expect(dash.locator('[data-visual="channel-share"]').getByRole('button', { name: /^Clear filters: / })).toBeVisible();
  await expect(dash.getByRole('button', { name: 'Clear chart selections' })).toBeVisible();
  await dash.locator('.bar').getByRole('button', { name: 'Clear all filters' }).click();
  await expect(dash.getByRole('group', { name: 'Selections' })).toHaveCount(0);
  await expect(dash.locator('[data-visual="channel-share"]')).toHaveAttribute('data-mode', 'PrimaryOnly');
});

test('a chart selection narrows the whole dashboard: tables, lists and the record count follow it', async ({ page }) => {
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/dashboard/overview/');
  const dash = page.locator('cx-dashboard');
  const count = dash.locator('.bar').getByText(/records?$/);
  await expect(dash.locator('.dashboard')).toHaveAttribute('data-state', 'ready');
  await expect(count).toBeVisible();
  const before = await count.textContent();
  // The second set of tiles, loaded for the filters plus the selection.
  const secondary = page.waitForResponse((r) => r.url().includes('/api/dataviz/visuals/overview/'));
  await dash.locator('[data-visual="channel-share"]').getByRole('button', { name: /^Online: \d+%$/ }).click();
  const answer = await (await secondary).json();
  const expected = new Intl.NumberFormat('en').format(answer.totalRecordCount);
  await expect(count).toHaveText(`${expected} records`);
  expect(await count.textContent()).not.toBe(before);

  const content = (name: string) => answer.visuals.find((v: { name: string }) => v.name === name).primary.data.content;
  const table = dash.locator('[data-visual="store-table"]');
  await expect(table).toHaveAttribute('data-mode', 'PrimaryAndSecondary');
  // A store's responses and NPS are the ones under the selection.
  const valueOf = (r: { data: { Key: string; Val: number | null }[] }, key: string) => r.data.find((d) => d.Key === key)!.Val;
  // The table's first row (the most responses): a long table draws only the rows near its view.
  const first = (await table.getByRole('rowheader').first().textContent())!;
  const store = content('store-table').find((r: { Name: string }) => r.Name === first);
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: store.Name, exact: true }) });
  await expect(row.getByRole('cell').first()).toHaveText(String(valueOf(store, 'responses')));
  await expect(row.getByRole('cell').nth(1)).toHaveText(`${Math.round(valueOf(store, 'nps')! * 100)}%`.replace('-', '\u2212'));
  const comments = dash.locator('[data-visual="comments"]');
  // The newest response under the selection heads the list; one left without a comment says so.
  const newest: string | null = content('comments')[0].data[0].Verbatim;
  await expect(comments.locator('li').first()).toContainText(newest?.trim() ? newest.slice(0, 30) : 'No comment provided');
});
