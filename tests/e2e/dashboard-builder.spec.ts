// Issue 46 as a CX team takes it: a store-visit export brought in, a dashboard of six tiles built on
// it from an empty grid (by mouse, and one tile by keyboard alone), a measure changed and undone,
// published and shared with a group; a member sees it under their claims, a colleague outside does
// not; the exported file draws the same numbers in a fresh portal; a bad edit is undone by
// restoring the published version. Axe-clean, in English and German.
import { test, expect } from './fixtures';
import { EMPTY_PORTAL } from '../../playwright.config';
import { axeViolations, backToEnglish, PASSWORD, signInAs } from './helpers';
import { drawnNumbers, importSource, tokenOf, visitRows, visitsCsv } from './builder-data';
import type { Locator, Page } from '@playwright/test';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

const TODAY = new Date();
const CSV = visitsCsv(TODAY);
const NAME = 'Store visits by region';
/** Four whole weeks up to now: every row of the file, the same in both portals. */
const PERIOD = { start: new Date(TODAY.getTime() - 28 * 86_400_000), end: TODAY };
const EMPTY_ADMIN = { name: 'Ada Admin', email: 'ada@cx-team.example', password: 'First-Admin-2026' };

let sourceId = '';
let dashboardId = '';
let dateKey = '';

const builderOf = (page: Page) => page.locator('cx-dashboard-builder');
const tiles = (page: Page) => builderOf(page).locator('.grid [data-tile]');
const settings = (page: Page) => builderOf(page).getByRole('region', { name: 'Tile settings' });

/** Chooses a visual in the gallery with the mouse; its settings open, and are closed again. */
async function addByMouse(page: Page, type: string, first = false) {
  const builder = builderOf(page);
  await builder.getByRole('button', { name: first ? 'Add your first tile' : 'Add tile', exact: true }).click();
  const gallery = builder.getByRole('dialog', { name: 'Add a tile' });
  await gallery.getByRole('button', { name: type, exact: true }).click();
  await expect(gallery).toBeHidden();
  await expect(settings(page)).toBeVisible();
  await settings(page).getByRole('button', { name: 'Close' }).click();
}

const isFocused = (l: Locator) => l.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el);

/** The focused card of the gallery is moved to `type` by arrow keys alone. */
async function arrowTo(page: Page, gallery: Locator, type: string) {
  const target = gallery.getByRole('button', { name: type, exact: true });
  await expect(target).toBeAttached();
  for (let i = 0; i < 60 && !(await isFocused(target)); i++) await page.keyboard.press('ArrowRight');
  expect(await isFocused(target)).toBe(true);
}

test.beforeAll(async ({ request }) => {
  const admin = await tokenOf(request, '', 'portaladmin@demo.cx', PASSWORD);
  sourceId = await importSource(request, '', admin, 'store-visits.csv', CSV);
  const fields = await (await request.get(`/api/dashboards/fields/${sourceId}`, { headers: { authorization: `Bearer ${admin}` } })).json();
  dateKey = fields.dateKey;
});

test('a PortalAdmin builds six tiles from an empty grid, changes a measure, undoes, publishes and shares', async ({ page }) => {
  await signInAs(page, 'portaladmin@demo.cx');
  await page.goto('/dataviz');
  await page.getByRole('button', { name: 'New dashboard' }).click();
  const create = page.getByRole('dialog', { name: 'New dashboard' });
  await create.getByLabel('Name').fill(NAME);
  await create.getByLabel('Description').fill('How our stores do, region by region');
  await create.getByLabel('Data source').selectOption(sourceId);
  await create.getByRole('button', { name: 'Create' }).click();
  await page.waitForURL(/\/dataviz\/build\//);
  dashboardId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  const builder = builderOf(page);
  await expect(builder.getByText('This dashboard has no tiles yet.')).toBeVisible();
  expect(await axeViolations(page, 'cx-dashboard-builder')).toEqual([]);

  // Five tiles by mouse, each of another type.
  await addByMouse(page, 'Gauge', true);
  for (const type of ['Line chart', 'Donut', 'Table with changes', 'Stacked bars']) await addByMouse(page, type);
  await expect(tiles(page)).toHaveCount(5);

  // The sixth by keyboard alone: open the gallery, arrow to the comments, choose, move the tile down.
  await builder.getByRole('button', { name: 'Add tile', exact: true }).press('Enter');
  const gallery = builder.getByRole('dialog', { name: 'Add a tile' });
  // The first card of the first group's list takes the focus.
  await expect(gallery.getByRole('listitem').first().getByRole('button')).toBeFocused();
  expect(await axeViolations(page, 'cx-dashboard-builder')).toEqual([]);
  await arrowTo(page, gallery, 'Comments');
  await page.keyboard.press('Enter');
  await expect(settings(page)).toBeVisible();
  const shown = settings(page).getByLabel('Comments shown');
  await shown.press('Control+a');
  await shown.pressSequentially('10');
  await page.keyboard.press('Escape');
  await expect(settings(page)).toBeHidden();
  await expect(tiles(page)).toHaveCount(6);
  const comments = tiles(page).filter({ has: page.getByRole('heading', { name: 'Latest comments' }) });
  const before = await comments.boundingBox();
  await builder.getByRole('button', { name: /^Resize Latest comments/ }).press('Shift+ArrowLeft');
  await expect.poll(async () => (await comments.boundingBox())!.width).toBeLessThan(before!.width);
  await expect(builder.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();
  const types = await tiles(page).evaluateAll((els) => els.map((e) => e.querySelector('[data-template]')?.getAttribute('data-template') ?? e.getAttribute('data-tile')));
  expect(new Set(types).size).toBe(6);

  // The gauge's measure changed from NPS to the friendliness average: its preview follows with the file's figure.
  const gauge = tiles(page).first();
  const npsText = await gauge.innerText();
  await builder.getByRole('button', { name: /^Settings for/ }).first().click();
  const measure = settings(page).getByLabel('Measure');
  await expect(measure.locator('option:checked')).toHaveText('NPS');
  // The answer names its measure (the series' key): the redrawing asked for the average.
  const redrawn = page.waitForResponse(async (r) => r.url().endsWith('/api/dashboards/preview') && String((await r.json()).primary?.data?.key).startsWith('average:'));
  await measure.selectOption({ label: 'Average Staff friendliness' });
  const answer = await (await redrawn).json();
  const value = answer.primary.data.content[0].data[0].Val as number;
  const weekStart = Date.UTC(TODAY.getUTCFullYear(), TODAY.getUTCMonth(), TODAY.getUTCDate() - 6);
  const week = visitRows(TODAY).filter((r) => r.at.getTime() >= weekStart);
  expect(value).toBeCloseTo(week.reduce((t, r) => t + r.friendliness, 0) / week.length, 6);
  await expect(gauge).toContainText(value.toFixed(2));
  expect(await axeViolations(page, 'cx-dashboard-builder')).toEqual([]);

  // Undo puts NPS back, on the form and on the tile.
  await builder.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(measure.locator('option:checked')).toHaveText('NPS');
  await expect.poll(() => gauge.innerText()).toBe(npsText);
  await settings(page).getByRole('button', { name: 'Close' }).click();

  await builder.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(builder.getByText('Published version 1')).toBeVisible();

  await builder.getByRole('button', { name: 'Share', exact: true }).click();
  const share = page.locator('cx-dashboard-builder').getByRole('dialog', { name: `Share “${NAME}”` });
  await share.getByLabel('Regional managers').selectOption({ label: 'Can view' });
  await share.getByRole('button', { name: 'Save' }).click();
  await expect(share.getByText('Sharing saved.')).toBeVisible();
});

test('a member of the group sees it in the menu under their claims; a PortalUser outside it does not', async ({ page, request }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signInAs(page, 'north.manager@demo.cx');
  const menu = page.locator('cx-top-nav').getByRole('navigation');
  await menu.getByRole('link', { name: NAME }).click();
  await page.waitForURL(new RegExp(`/dashboard/${dashboardId}/`));
  const dash = page.locator('cx-dashboard');
  await expect(dash.locator('.dashboard')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(dash.locator('[data-tile]')).toHaveCount(6);

  // Nora reads the North rows only; the administrator all of them.
  const inPeriod = visitRows(TODAY).filter((r) => r.at >= PERIOD.start && r.at <= PERIOD.end);
  const nora = await tokenOf(request, '', 'north.manager@demo.cx', PASSWORD);
  const admin = await tokenOf(request, '', 'portaladmin@demo.cx', PASSWORD);
  expect((await drawnNumbers(request, '', nora, dashboardId, dateKey, PERIOD)).total).toBe(inPeriod.filter((r) => r.region === 'North').length);
  expect((await drawnNumbers(request, '', admin, dashboardId, dateKey, PERIOD)).total).toBe(inPeriod.length);

  // A PortalUser in no group it is shared with: not in the menu, and the dashboard is not there for them.
  const staff = await (await request.post('/api/identity/getuser/u-staff-001', { headers: { authorization: `Bearer ${admin}` } })).json();
  expect(staff.role).toBe('PortalUser');
  const outsider = await tokenOf(request, '', staff.email, PASSWORD);
  const menuItems = JSON.stringify(await (await request.get('/api/content', { headers: { authorization: `Bearer ${outsider}` } })).json());
  expect(menuItems).toContain('Overview');
  expect(menuItems).not.toContain(NAME);
  const refused = await request.post(`/api/dataviz/visuals/${dashboardId}/Default`, { headers: { authorization: `Bearer ${outsider}` }, data: { smartFilters: [] } });
  expect(refused.status()).toBe(404);
});

test('the exported file draws the same tiles with the same numbers in a fresh portal', async ({ request }) => {
  const admin = await tokenOf(request, '', 'portaladmin@demo.cx', PASSWORD);
  const exported = await request.get(`/api/dashboards/${dashboardId}/export`, { headers: { authorization: `Bearer ${admin}` } });
  expect(exported.status()).toBe(200);
  expect(exported.headers()['content-disposition']).toContain('.dashboard.json');
  const file = await exported.json();

  // The fresh portal: its first administrator (made here unless an earlier test made them), the same file imported.
  const needed = (await (await request.get(`${EMPTY_PORTAL}/api/setup`)).json()).needed;
  if (needed) expect((await request.post(`${EMPTY_PORTAL}/api/setup`, { data: EMPTY_ADMIN })).status()).toBeLessThan(300);
  const fresh = await tokenOf(request, EMPTY_PORTAL, EMPTY_ADMIN.email, EMPTY_ADMIN.password);
  const freshSource = await importSource(request, EMPTY_PORTAL, fresh, 'store-visits.csv', CSV);
  const auth = { authorization: `Bearer ${fresh}` };
  const imported = await request.post(`${EMPTY_PORTAL}/api/dashboards/import`, { headers: auth, data: { file, moduleId: freshSource } });
  expect(imported.status(), await imported.text()).toBe(201);
  const copy = (await imported.json()).id as string;
  expect((await request.post(`${EMPTY_PORTAL}/api/dashboards/${copy}/publish`, { headers: auth, data: {} })).status()).toBe(200);
  const freshDateKey = (await (await request.get(`${EMPTY_PORTAL}/api/dashboards/fields/${freshSource}`, { headers: auth })).json()).dateKey;

  const here = await drawnNumbers(request, '', admin, dashboardId, dateKey, PERIOD);
  const there = await drawnNumbers(request, EMPTY_PORTAL, fresh, copy, freshDateKey, PERIOD);
  expect(Object.keys(there.tiles).sort()).toEqual(Object.keys(here.tiles).sort());
  expect(Object.keys(here.tiles)).toHaveLength(6);
  expect(there).toEqual(here);
  expect(here.total).toBe(visitRows(TODAY).filter((r) => r.at >= PERIOD.start && r.at <= PERIOD.end).length);
});

test('a bad edit is published, and the earlier version is restored', async ({ page }) => {
  await signInAs(page, 'portaladmin@demo.cx');
  await page.goto(`/dataviz/build/${dashboardId}`);
  const builder = builderOf(page);
  await expect(tiles(page)).toHaveCount(6);
  await builder.getByRole('button', { name: /^Remove / }).first().click();
  await builder.getByRole('button', { name: /^Remove / }).first().click();
  await expect(tiles(page)).toHaveCount(4);
  await builder.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(builder.getByText('Published version 2')).toBeVisible();

  await builder.getByRole('button', { name: 'Versions', exact: true }).click();
  const versions = builder.getByRole('list', { name: 'Published versions' });
  await versions.getByRole('listitem').filter({ hasText: 'Version 1,' }).getByRole('button', { name: 'Restore this version' }).click();
  await expect(builder.getByText('Published version 3')).toBeVisible();
  await expect(tiles(page)).toHaveCount(6);

  await page.goto(`/dashboard/${dashboardId}/`);
  const dash = page.locator('cx-dashboard');
  await expect(dash.locator('.dashboard')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(dash.locator('[data-tile]')).toHaveCount(6);
});

test('the builder speaks German and passes axe in it', async ({ page }) => {
  await signInAs(page, 'portaladmin@demo.cx');
  await page.getByRole('button', { name: /Profile of/ }).click();
  await page.getByLabel('Language').selectOption('de');
  await page.goto(`/dataviz/build/${dashboardId}`);
  const builder = builderOf(page);
  await expect(tiles(page)).toHaveCount(6);
  await expect(builder.getByRole('button', { name: 'Kachel hinzufügen', exact: true })).toBeVisible();
  await expect(builder.getByRole('button', { name: 'Veröffentlichen', exact: true })).toBeVisible();
  await builder.getByRole('button', { name: /^Einstellungen für/ }).first().click();
  await expect(settings(page).or(builder.getByRole('region', { name: 'Kacheleinstellungen' }))).toBeVisible();
  expect(await axeViolations(page, 'cx-dashboard-builder')).toEqual([]);
  await page.goto('/dataviz');
  await expect(page.getByRole('button', { name: 'Neues Dashboard' })).toBeVisible();
  expect(await axeViolations(page, 'html')).toEqual([]);
  await backToEnglish(page);
});
