import type { Response } from '@playwright/test';
import { test, expect } from './fixtures';
import { dashboardReady, PASSWORD, signInAs } from './helpers';
import { rangeFor, toFilterBounds, type DateChoice } from '../../src/lib/date-ranges';
import { VISUAL_TYPES, type VisualsResponse } from '../../src/api/visual-types';

const TILES = ['nps', 'stars', 'channel-share', 'nps-trend', 'nps-mix-by-channel', 'store-table', 'comments'];

const ready = dashboardReady;

const visualsAnswer = (r: Response) => r.request().method() === 'POST' && r.url().includes('/api/dataviz/visuals/overview/');
const answerOf = async (r: Promise<Response>) => (await (await r).json()) as VisualsResponse;
const visual = (answer: VisualsResponse, name: string) => answer.visuals.find((v) => v.name === name)!;
/** A period bound as the server writes it: 'YYYY-MM-DD HH:mm:ss' in UTC. */
const bound = (local: string) => new Date(local).toISOString().slice(0, 19).replace('T', ' ');

test('a returning user opening a dashboard asks for the token and the data source once each, and stays signed in', async ({ page }) => {
  await signInAs(page, 'portaluser@demo.cx');
  // The user lands on this dashboard: its own calls are over before the visits are counted.
  await ready(page);
  const calls: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && calls.push(new URL(r.url()).pathname));
  for (let visit = 0; visit < 2; visit++) {
    calls.length = 0;
    // A reload: the access token is in memory only, so the page starts with a refresh.
    await page.goto('/dashboard/overview/');
    await ready(page);
    expect(calls.filter((p) => p === '/api/identity/token'), `visit ${visit}`).toHaveLength(1);
    expect(calls.filter((p) => p === '/api/dataviz/smartFilterDataSource/overview'), `visit ${visit}`).toHaveLength(1);
  }
  await expect(page.getByRole('button', { name: /Profile of/ })).toBeVisible();
});

test('the dashboard draws every tile, with breadcrumb, filters and data periods', async ({ page }) => {
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/dashboard/overview/');
  const dash = page.locator('cx-dashboard');
  await ready(page);
  await expect(dash.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(/Insights\s*\/?\s*Overview/);
  for (const name of TILES) await expect(dash.locator(`[data-visual="${name}"]`)).toBeVisible();
  await expect(dash.locator('[data-visual="nps"] .hero')).toHaveText(/^-?\d+\.\d%$/);
  await expect(dash.locator('[data-visual="nps"] .sub-header')).toHaveText(/^\d\d \w{3} \d{4} - \d\d \w{3} \d{4} vs \d\d \w{3} \d{4} - \d\d \w{3} \d{4}$/);
  await expect(dash.locator('[data-visual="nps-mix-by-channel"] rect.segment')).toHaveCount(15);
  await expect(dash.locator('[data-visual="channel-share"] path.slice')).not.toHaveCount(0);
  await expect(dash.locator('[data-visual="store-table"] tbody tr')).not.toHaveCount(0);
  await expect(dash.locator('[data-visual="comments"] li')).not.toHaveCount(0);
  await expect(dash.getByText('No results found for selection')).toHaveCount(0);
});

test('a click on a bar adds a filter, every tile reloads with it, and clear filters removes it', async ({ page }) => {
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/dashboard/overview/');
  await ready(page);
  const dash = page.locator('cx-dashboard');
  const reload = page.waitForResponse(visualsAnswer);
  await dash.getByRole('button', { name: /^Online, Promoter: \d+%$/ }).click();
  // The second set of visuals is computed under the selection: only online promoters.
  const secondary = await answerOf(reload);
  expect(visual(secondary, 'nps-mix-by-channel').primary.data!.content.map((e) => [e.Name, e.data.map((r) => [r.Name, r.Val])])).toEqual([['Online', [['Promoter', 1]]]]);
  expect(visual(secondary, 'nps').primary.data!.content[0].data[0].Val).toBe(1);
  await ready(page);
  await expect(dash.getByRole('group', { name: 'Selections' }).getByRole('button', { name: 'Remove selection Online / Promoter' })).toBeVisible();
  // The selection is shown as their own by the tiles of its dimension (Channel); the others draw the second set.
  const byChannel = ['nps-mix-by-channel', 'channel-share'];
  for (const name of byChannel) await expect(dash.locator(`[data-visual="${name}"]`)).toHaveAttribute('data-mode', 'Selection');
  for (const name of TILES.filter((n) => !byChannel.includes(n))) await expect(dash.locator(`[data-visual="${name}"]`)).toHaveAttribute('data-mode', 'PrimaryAndSecondary');
  // Under the selection every response is a promoter: the secondary NPS marker sits at +100%.
  await expect(dash.locator('[data-visual="nps"] line.secondary')).toHaveCount(1);
  // Only the chosen segment keeps its colour; every other drawn one dims (the selection's caption takes
  // room: rows that no longer fit are behind '+N more').
  const mix = dash.locator('[data-visual="nps-mix-by-channel"]');
  await expect(mix.locator('rect.segment[opacity="1"]')).toHaveCount(1);
  await expect(mix.getByRole('button', { name: /^Online, Promoter: / })).toHaveAttribute('opacity', '1');
  await expect(mix.locator('rect.segment[opacity="0.3"]')).toHaveCount((await mix.locator('rect.segment').count()) - 1);

  // The selection is cached for the dashboard: a reload keeps it.
  await page.reload();
  await ready(page);
  await expect(dash.locator('[data-visual="nps-mix-by-channel"]')).toHaveAttribute('data-mode', 'Selection');

  await dash.getByRole('group', { name: 'Selections' }).getByRole('button', { name: 'Clear chart selections' }).click();
  await ready(page);
  await expect(dash.getByRole('group', { name: 'Selections' })).toHaveCount(0);
  for (const name of TILES) await expect(dash.locator(`[data-visual="${name}"]`)).toHaveAttribute('data-mode', 'PrimaryOnly');
});

test('each date choice reloads the tiles for its period, and an empty period shows the no-records state', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/dashboard/overview/');
  await ready(page);
  const dash = page.locator('cx-dashboard');
  const date = dash.locator('.bar').getByRole('combobox');
  const choices: DateChoice[] = ['ThisWeek', 'LastWeek', 'ThisMonth', 'LastMonth', 'ThisQuarter', 'LastQuarter', 'ThisYear', 'LastYear', 'Today', 'Yesterday', 'Last30Days', 'Last90Days', 'Last7Days'];
  let shown = toFilterBounds(rangeFor('Last7Days', new Date())!);
  for (const choice of choices) {
    const expected = toFilterBounds(rangeFor(choice, new Date())!);
    // A choice that means the same days as the one before (This Week on a Sunday) asks nothing new.
    const same = expected.filterValue === shown.filterValue && expected.filterValueUpperBound === shown.filterValueUpperBound;
    const reload = same ? null : page.waitForResponse(visualsAnswer);
    await date.selectOption(choice);
    if (reload) {
      const period = visual(await answerOf(reload), 'nps').primary.data!.currentPeriod;
      expect(period, choice).toEqual({ startDateTime: bound(expected.filterValue), endDateTime: bound(expected.filterValueUpperBound) });
    }
    await ready(page);
    shown = expected;
  }
  // Clearing the date on a dashboard means its default period, the last 7 whole days: from another
  // period the tiles reload for it, and the box names it.
  const other = page.waitForResponse(visualsAnswer);
  await date.selectOption('LastMonth');
  await other;
  await ready(page);
  const cleared = page.waitForResponse(visualsAnswer);
  await date.selectOption('ClearDate');
  const week = toFilterBounds(rangeFor('Last7Days', new Date())!);
  expect(visual(await answerOf(cleared), 'nps').primary.data!.currentPeriod).toEqual({ startDateTime: bound(week.filterValue), endDateTime: bound(week.filterValueUpperBound) });
  await expect(date).toHaveValue('Last7Days');
  await ready(page);

  await date.selectOption('CustomRange');
  await dash.getByLabel('From', { exact: true }).fill('2030-01-01');
  await dash.getByLabel('To', { exact: true }).fill('2030-01-14');
  const reload = page.waitForResponse(visualsAnswer);
  await dash.getByRole('button', { name: 'Apply' }).click();
  const empty = await answerOf(reload);
  expect(empty.hasRecordsToDisplay).toBe(false);
  expect(visual(empty, 'nps').primary.data!.currentPeriod.startDateTime).toBe(bound('2030-01-01T00:00:00'));
  await expect(dash.getByRole('heading', { name: 'No records for these filters' })).toBeVisible();
  await expect(dash.locator('[data-visual]')).toHaveCount(0);
  // Nothing left to draw: the dashboard is not busy any more.
  await ready(page);
});

test('the restricted user sees only their region in every tile', async ({ page }) => {
  await signInAs(page, 'north.manager@demo.cx');
  await page.goto('/dashboard/overview/');
  await ready(page);
  const dash = page.locator('cx-dashboard');
  await expect(dash.locator('[data-visual="nps-trend"] .legend li')).toHaveText(['North']);
  await dash.locator('[data-visual="store-table"]').getByRole('tab', { name: 'Regions' }).click();
  await expect(dash.locator('[data-visual="store-table"] tbody th')).toHaveText(['North']);
});

test('a named layout is chosen in place, and the second dashboard draws too', async ({ page }) => {
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/dashboard/overview/');
  await ready(page);
  const dash = page.locator('cx-dashboard');
  // By role: a comment's row link is labelled by its text, which may mention a layout too.
  await dash.getByRole('combobox', { name: 'Layout' }).selectOption('Comments first');
  await ready(page);
  await expect(dash.locator('.cell').first()).toHaveAttribute('data-tile', 'comments');
  await page.goto('/dashboard/drivers/');
  await ready(page);
  await expect(dash.locator('[data-visual]')).toHaveCount(6);
});

test('edit mode drags a tile, shows the JSON of the change and saves the layout to a file', async ({ page }) => {
  await signInAs(page, 'portaladmin@demo.cx');
  await page.goto('/dashboard/overview/?editor');
  await ready(page);
  const dash = page.locator('cx-dashboard');
  const handle = dash.getByRole('button', { name: 'Move NPS', exact: true });
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 300, box.y + box.height / 2 + 140, { steps: 10 });
  await page.mouse.up();
  await dash.getByRole('button', { name: 'Edit NPS', exact: true }).click();
  await dash.getByRole('tab', { name: 'JSON' }).click();
  const json = JSON.parse((await dash.locator('pre.json').textContent())!);
  // Dropped on the second row, it rises into the room at the top (the tiles close up) and takes Stars' place.
  expect(json.nps.layout).toEqual({ x: 3 });
  // The tiles it now covers moved down, and the keyboard moves it too.
  expect(json.stars.layout.y).toBeGreaterThan(1);
  await dash.getByRole('tab', { name: 'Properties' }).click();
  await dash.getByLabel('Header', { exact: true }).fill('Net Promoter Score');
  await expect(dash.locator('[data-visual="nps"] h2')).toHaveText('Net Promoter Score');
  // The handle is named after the tile's (edited) header.
  await dash.getByRole('button', { name: 'Move Net Promoter Score', exact: true }).focus();
  await page.keyboard.press('ArrowLeft');
  await dash.getByRole('tab', { name: 'JSON' }).click();
  expect(JSON.parse((await dash.locator('pre.json').textContent())!).nps).toEqual({ layout: { x: 2 }, templateBindings: { Header: 'Net Promoter Score' } });

  const download = page.waitForEvent('download');
  await dash.getByRole('button', { name: 'Copy layout to file' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('overview-Default.layout.json');
  const saved = JSON.parse(await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8'));
  expect(saved.layout.find((l: { name: string }) => l.name === 'nps')).toMatchObject({ x: 2, y: 0 });

  // Settings are named in words, and Escape closes the panel.
  await dash.getByRole('tab', { name: 'Properties' }).click();
  await expect(dash.getByLabel('Delta type', { exact: true })).toBeVisible();
  await expect(dash.getByLabel('Subheading', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dash.getByRole('heading', { name: 'Edit nps' })).toHaveCount(0);

  // Leaving with unsaved changes asks first; dismissed, the page stays.
  page.once('dialog', (d) => {
    expect(d.message()).toBe('This dashboard has changes that are not saved. Leave without saving them?');
    void d.dismiss();
  });
  await dash.getByRole('link', { name: 'Insights' }).click();
  await expect(page).toHaveURL(/\/dashboard\/overview\/\?editor$/);
});

test('edit mode saves a layout for the dashboard authors; a PortalUser gets the dashboard as it is', async ({ page, request }) => {
  const token = (await (await request.post('/api/identity/token', { data: { username: 'portaladmin@demo.cx', password: PASSWORD } })).json()).content.access_token;
  const original = (await (await request.post('/api/dataviz/visuals/drivers/Default', { headers: { authorization: `Bearer ${token}` }, data: { smartFilters: [] } })).json()) as VisualsResponse;
  try {
    await signInAs(page, 'portaladmin@demo.cx');
    await page.goto('/dashboard/drivers/?editor');
    await ready(page);
    const dash = page.locator('cx-dashboard');
    await dash.getByRole('button', { name: 'Edit NPS', exact: true }).click();
    await dash.getByLabel('Header', { exact: true }).fill('Driver NPS');
    await dash.getByRole('button', { name: 'Save layout' }).click();
    await expect(dash.getByRole('status').filter({ hasText: 'Layout saved.' })).toBeVisible();
    await expect(dash.getByRole('button', { name: 'Save layout' })).toBeDisabled();
    await page.reload();
    await ready(page);
    await expect(dash.locator('[data-visual="drivers-nps"] h2')).toHaveText('Driver NPS');

    await page.goto('/logout');
    await signInAs(page, 'portaluser@demo.cx');
    await page.goto('/dashboard/drivers/?editor');
    await ready(page);
    await expect(dash.getByText('Edit mode is for portal administrators: this dashboard opens as it is.')).toBeVisible();
    await expect(dash.getByRole('button', { name: /^Move / })).toHaveCount(0);
    await expect(dash.locator('[data-visual="drivers-nps"] h2')).toHaveText('Driver NPS');
  } finally {
    const changes = { 'drivers-nps': { templateBindings: { Header: original.definitions.find((d) => d.name === 'drivers-nps')!.templateBindings.Header } } };
    await request.post('/api/dataviz/layout/drivers/Default', { headers: { authorization: `Bearer ${token}` }, data: { layout: original.layout, changes } });
  }
});

test('the gallery dashboard draws every visual type with data', async ({ page }) => {
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/dashboard/gallery/');
  await ready(page);
  const dash = page.locator('cx-dashboard');
  const tiles = dash.locator('[data-visual]');
  await expect(tiles).toHaveCount(32);
  await expect(dash.getByText('No results found for selection')).toHaveCount(0);
  for (const type of VISUAL_TYPES) expect(await dash.locator(`[data-template="${type}"]`).count(), type).toBeGreaterThan(0);
  await expect(dash.locator('[data-visual="g-star-chart"] .star-full')).not.toHaveCount(0);
  await expect(dash.locator('[data-visual="g-radar"] g.series')).toHaveCount(3);
  await expect(dash.locator('[data-visual="g-area"] .layer')).toHaveCount(5);
  // A pill filters the whole gallery.
  await dash.locator('[data-visual="g-pills"]').getByRole('button', { name: /^North / }).click();
  await ready(page);
  await expect(dash.locator('[data-visual="g-pills"]')).toHaveAttribute('data-mode', 'Selection');
  await expect(dash.locator('[data-visual="g-radar"]')).toHaveAttribute('data-mode', 'PrimaryAndSecondary');
});

test('the breadcrumb holds its line before the answer names the path: the filter bar does not move down when it comes', async ({ page }) => {
  await signInAs(page, 'portaluser@demo.cx');
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/dataviz/visuals/overview/**', async (route) => {
    await answered;
    await route.continue();
  });
  await page.goto('/dashboard/overview/');
  const bar = page.locator('cx-dashboard .dashboard > section.bar');
  await expect(bar).toBeVisible();
  const before = (await bar.boundingBox())!.y;
  await expect(page.locator('cx-dashboard .breadcrumb li')).toHaveCount(0);
  answer();
  await expect(page.locator('cx-dashboard .breadcrumb li')).toHaveText(['Insights', 'Overview']);
  expect((await bar.boundingBox())!.y).toBe(before);
});
