// Tiles outside the dashboard page: a tile on its own, a partner page, the demo gallery and card
// wall, and several dashboards and loose tiles on one page (split from dashboard.spec.ts).
import { test, expect } from './fixtures';
import { axeViolations, PASSWORD, signInAs } from './helpers';
import { rangeFor, toFilterBounds } from '../../src/lib/date-ranges';

test('a tile on its own honours ?editor like a dashboard tile', async ({ page }) => {
  await signInAs(page, 'portaladmin@demo.cx');
  await page.goto('/demo/partner.html?editor');
  const gauge = page.locator('cx-visual[visual="nps"]');
  await gauge.getByRole('button', { name: 'Edit NPS', exact: true }).click();
  await gauge.getByLabel('Header', { exact: true }).fill('Our NPS');
  await expect(gauge.locator('h2').first()).toHaveText('Our NPS');
  await gauge.getByRole('tab', { name: 'JSON' }).click();
  expect(JSON.parse((await gauge.locator('pre.json').textContent())!)).toEqual({ nps: { templateBindings: { Header: 'Our NPS' } } });
  await page.keyboard.press('Escape');
  await expect(gauge.getByRole('tab', { name: 'JSON' })).toHaveCount(0);
});

test('a partner page shows tiles by attributes; a click on one redraws the others of its scope', async ({ page }) => {
  const refused: string[] = [];
  page.on('response', (r) => r.status() === 401 && refused.push(r.url()));
  await page.goto('/demo/partner.html');
  // Not signed in: the page is told (cx-auth-required) instead of being sent away, once, and no call is made to be refused
  // (the fixture fails the test on any console error, such as a logged 401).
  await expect(page.getByText('Sign in at the portal to see the tiles.')).toBeVisible();
  await expect(page).toHaveURL(/\/demo\/partner\.html$/);
  expect(refused).toEqual([]);
  // The page documents itself: the markup it uses and how another site signs in.
  await expect(page.getByRole('heading', { name: 'The markup of this page' })).toBeVisible();
  await expect(page.locator('.docs pre').first()).toContainText('<cx-visual module-id="responses" visual="channel-share" filter-scope="partner"></cx-visual>');
  await expect(page.locator('.docs pre').nth(1)).toContainText('configure({ token: accessToken });');

  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/demo/partner.html');
  const donut = page.locator('cx-visual[visual="channel-share"]');
  const gauge = page.locator('cx-visual[visual="nps"]');
  await expect(gauge.locator('.hero')).toHaveText(/%$/);
  await expect(gauge.locator('.tile')).toHaveAttribute('data-mode', 'PrimaryOnly');
  await donut.getByRole('button', { name: /^Online: \d+%$/ }).click();
  await expect(donut.locator('.tile')).toHaveAttribute('data-mode', 'Selection');
  await expect(gauge.locator('.tile')).toHaveAttribute('data-mode', 'PrimaryAndSecondary');
  // A tile by the same dimension shows the donut's selection as its own (issue 43: one selection model across tiles).
  await expect(page.locator('cx-visual[visual="nps-mix-by-channel"] .tile')).toHaveAttribute('data-mode', 'Selection');
  // The tile's own control says whose filters it clears.
  await donut.getByRole('button', { name: /^Clear filters: / }).click();
  await expect(gauge.locator('.tile')).toHaveAttribute('data-mode', 'PrimaryOnly');
});

test('the demo gallery shows every visual type as a tile with its attributes', async ({ page }) => {
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/demo/gallery.html');
  const figures = page.locator('figure');
  await expect(figures).toHaveCount(31);
  await expect(page.locator('figcaption code').first()).toHaveText('<cx-visual module-id="responses" visual="g-nps" filter-scope="gallery"></cx-visual>');
  await expect(page.locator('cx-visual .tile')).toHaveCount(30);
  await expect(page.locator('cx-visual').getByText('No results found for selection')).toHaveCount(0);
  await expect(page.locator('cx-visual [role="alert"]')).toHaveCount(0);
});

test('the demo card wall shows the month-to-date NPS gauge and five feedback cards, and changes a card every 5 s or on click', async ({ page }) => {
  await page.clock.install({ time: new Date() });
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/demo/gallery.html');
  const wall = page.locator('cx-demo-wall');
  const gauge = wall.getByRole('meter', { name: 'NPS, MONTH TO DATE' });
  await expect(gauge).toBeVisible();
  // Month to date: the figure and count the API gives for this month's dates.
  const token = (await (await page.request.post('/api/identity/token', { data: { username: 'portaluser@demo.cx', password: PASSWORD } })).json()).content.access_token;
  const month = { filterKey: 'ResponseDate', filterDataType: 'DateTime', ...toFilterBounds(rangeFor('ThisMonth', new Date())!) };
  const nps = await (await page.request.post('/api/dashboard/visuals/responses/nps', { headers: { authorization: `Bearer ${token}` }, data: { smartFilters: [month] } })).json();
  // Numbers are written by Intl in the page's language: a hyphen-minus, not d3's true minus sign.
  const value = `${(nps.primary.data.content[0].data[0].Val * 100).toFixed(1)}%`;
  const count = nps.primary.data.currentRecordCount;
  await expect(gauge).toHaveAttribute('aria-valuetext', `${value} from ${count} responses`);
  const cards = wall.locator('.comment-card');
  await expect(cards).toHaveCount(5);
  for (const card of await cards.all()) {
    await expect(card.locator('.subtitle')).toHaveText(/^(in the last hour|earlier today|yesterday|\d+ days ago)$/);
    await expect(card.locator('.banner')).toHaveText(/^\$\d[\d,]*\.\d\d$/);
    await expect(card.locator('.nps-label')).toHaveText(/^(Promoter|Neutral|Detractor)$/);
    await expect(card.locator('.driver svg')).toHaveCount(4);
    await expect(card.locator('.driver .cx-visually-hidden')).toHaveText([/^Price: /, /^Availability: /, /^Service: /, /^Information: /]);
  }
  // A whole card's text (comment, time, spend, group, drivers): seeded comments repeat, responses hardly do.
  const texts = async () => cards.allTextContents();
  const before = await texts();
  await page.clock.runFor(5_000);
  await expect.poll(texts).not.toEqual(before);
  const afterTimer = await texts();
  expect(afterTimer.filter((t, i) => t !== before[i])).toHaveLength(1);
  await cards.nth(3).click();
  await expect.poll(async () => (await texts())[3]).not.toBe(afterTimer[3]);
});

test('two dashboards and loose tiles on one page: a scope links or separates them, and cx-filter children configure a tile', async ({ page, request }) => {
  await signInAs(page, 'portaluser@demo.cx');
  const token = (await (await request.post('/api/identity/token', { data: { username: 'portaluser@demo.cx', password: PASSWORD } })).json()).content.access_token;
  const count = async (filters: unknown[]) =>
    (await (await request.post('/api/dashboard/visuals/responses/nps', { headers: { authorization: `Bearer ${token}` }, data: { smartFilters: filters } })).json()).primary.data.currentRecordCount as number;
  const q1 = { filterKey: 'ResponseDate', filterValue: '2026-01-01', filterValueUpperBound: '2026-03-31T23:59:59.999' };
  const [north, south] = await Promise.all([count([{ filterKey: 'Region', filterValue: 'North' }, q1]), count([{ filterKey: 'Region', filterValue: 'South' }, q1])]);
  expect(north).not.toBe(south);

  type Answer = { url: string; period?: string; records?: number };
  const answers: Answer[] = [];
  page.on('response', async (r) => {
    if (r.request().method() !== 'POST' || !/\/api\/(dashboard|dataviz)\/visuals\//.test(r.url())) return;
    const body = await r.json().catch(() => null);
    answers.push({ url: r.url(), period: body?.primary?.data?.currentPeriod?.startDateTime, records: body?.primary?.data?.currentRecordCount });
  });
  const markupNps = () => answers.filter((a) => a.url.endsWith('/responses/nps') && a.period === '2026-01-01 00:00:00');
  await page.goto('/demo/scopes.html');
  const linked = page.locator('cx-dashboard[filter-scope="linked"]');
  const separate = page.locator('cx-dashboard[filter-scope="separate"]');
  await expect(linked.locator('.dashboard')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  await expect(separate.locator('.dashboard')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });

  // The markup tile asked for North in Q1: its range replaced the filter bar's period.
  await expect.poll(() => markupNps().map((a) => a.records)).toEqual([north]);
  // Changing a child re-queries the tile.
  await page.locator('#north-q1 cx-filter[key="Region"]').evaluate((f) => f.setAttribute('value', 'South'));
  await expect.poll(() => markupNps().map((a) => a.records)).toEqual([north, south]);

  // A period chosen in the first dashboard's bar reaches the tiles of its scope, not the second dashboard.
  answers.length = 0;
  await linked.locator('.bar').getByRole('combobox').first().selectOption('Last30Days');
  await expect.poll(() => answers.filter((a) => /\/responses\/(nps|channel-share)$/.test(a.url)).length).toBeGreaterThanOrEqual(2);
  await expect(linked.locator('.bar').getByRole('combobox').first()).toHaveValue('Last30Days');
  await expect(separate.locator('.bar').getByRole('combobox').first()).toHaveValue('Last7Days');
  expect(answers.some((a) => a.url.includes('/visuals/drivers/'))).toBe(false);
  expect(await axeViolations(page, 'main')).toEqual([]);
});
