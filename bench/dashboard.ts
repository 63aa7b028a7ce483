// npm run bench:dashboard - seeds BENCH_RECORDS (default 1,000,000) responses ending today into a
// fresh DuckDB file, starts the portal (API + built host) in its own process, opens the seeded
// "overview" dashboard in headless Chromium and prints, as medians of BENCH_RUNS runs: the time from
// navigation to every tile drawn, the time from a filter change to every tile redrawn, and the
// server time per visual call. It prints figures; no test asserts on them.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright';
import { apiClient, seedFresh, startPortal } from './setup';
import { fmt } from './stats';
import { DEMO_PASSWORD as PASSWORD } from '../server/seed/people';
import { SEEDED_DASHBOARDS } from '../server/seed/dashboards';
import { chromiumPath, CHROMIUM_ARGS } from '../tests/tools/browser.mjs';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const DATA_DIR = '.tmp/bench-dashboard';


if (!existsSync('dist/host/index.html')) spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });

await seedFresh(DATA_DIR, RECORDS, new Date());
const portal = await startPortal(DATA_DIR);
const base = portal.base;
const browser = await chromium.launch({ executablePath: chromiumPath() ?? undefined, args: CHROMIUM_ARGS });

try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(`${base}/login`);
  await page.getByLabel('User name').fill('portaluser@demo.cx');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  await page.waitForURL((url) => url.pathname !== '/login');

  const dashboard = page.locator('cx-dashboard .dashboard');
  const generation = async () => Number(await dashboard.getAttribute('data-generation'));
  /** Waits for an answer newer than `after` with every tile drawn (rAF polling, so ±16 ms). */
  const drawnAfter = (after: number) =>
    page.waitForFunction(
      (g) => {
        const el = document.querySelector('cx-dashboard')?.shadowRoot?.querySelector<HTMLElement>('.dashboard');
        return el && el.dataset.state === 'ready' && Number(el.dataset.generation) > g;
      },
      after,
      { polling: 'raf', timeout: 60_000 },
    );

  const open: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    await page.goto(`${base}/dashboard/overview/`);
    await drawnAfter(0);
    const ms = await page.evaluate(() => performance.now());
    if (i > 0) open.push(ms); // the first run warms caches
  }
  const tiles = await page.locator('cx-dashboard [data-visual]').count();
  console.log(`open /dashboard/overview/ (${tiles} tiles, last 7 days) to every tile drawn: ${fmt(open)}`);

  const date = page.locator('cx-dashboard .bar').getByRole('combobox');
  const change: number[] = [];
  const choices = ['Last90Days', 'Last30Days'];
  for (let i = 0; i <= RUNS; i++) {
    const before = await generation();
    const started = Date.now();
    await date.selectOption(choices[i % 2]);
    await drawnAfter(before);
    if (i > 0) change.push(Date.now() - started);
  }
  console.log(`filter change (Last 30 / Last 90 Days) to every tile redrawn: ${fmt(change)}`);
  await date.selectOption('Last7Days');

  const { post } = await apiClient(base);
  const timed = async (path: string, body: unknown) => {
    const times: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const s = performance.now();
      await post(path, body);
      if (i > 0) times.push(performance.now() - s);
    }
    return times;
  };
  const today = new Date();
  const days = (n: number) => new Date(today.getTime() - n * 86_400_000).toISOString().slice(0, 10);
  const windows = { '7 days': days(6), '90 days': days(89) };
  console.log('server time per visual call (POST /api/dashboard/visuals/responses/{name}, HTTP, sequential):');
  for (const [label, from] of Object.entries(windows)) {
    const smartFilters = [{ filterKey: 'ResponseDate', filterDataType: 'DateTime', filterValue: `${from}T00:00:00`, filterValueUpperBound: `${today.toISOString().slice(0, 10)}T23:59:59` }];
    for (const def of SEEDED_DASHBOARDS[0].definition.definitions) {
      console.log(`  ${label.padEnd(8)} ${def.name.padEnd(20)} ${def.template.padEnd(22)} ${fmt(await timed(`/api/dashboard/visuals/responses/${def.name}`, { smartFilters }))}`);
    }
    console.log(`  ${label.padEnd(8)} whole dashboard (POST /api/dataviz/visuals/overview/Default): ${fmt(await timed('/api/dataviz/visuals/overview/Default', { smartFilters }))}`);
  }
} finally {
  await browser.close();
  portal.stop();
}
