// `npm run bench:partner-cls`: the layout shift of a partner's phone page with six elements
// (demo/partner-site/mobile.html, signed embedding from a second origin) against the built portal
// (DIST_DIR, default dist) on a freshly seeded database. Prints Lighthouse's mobile CLS, and the
// same figure as tests/e2e/embed-partner-page.spec.ts measures it (every layout-shift entry, a
// PerformanceObserver, at Lighthouse's phone viewport). Figures only: the test asserts under 0.1.
import lighthouse from 'lighthouse';
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { chromiumPath, CHROMIUM_ARGS } from '../tests/tools/browser.mjs';
import { freePort, seedFresh, startPortal } from './setup.ts';

const DIR = '.tmp/bench-partner-cls';
const SECRET = 'bench-embed-secret-shared-by-portal-and-partner-0123456789';
const PHONE = { width: 412, height: 823 };
const executablePath = chromiumPath();
if (!executablePath) throw new Error('No Chromium: set CHROME_PATH or install Debian’s chromium.');

await seedFresh(DIR, 5_000, new Date());
const partnerPort = await freePort();
const partnerBase = `http://127.0.0.1:${partnerPort}`;
const portal = await startPortal(DIR, { EMBED_ORIGINS: partnerBase, EMBED_SECRET: SECRET });
const partner = spawn(process.execPath, ['--import', 'tsx', 'demo/partner-site/server.ts'], {
  env: { ...process.env, PORT: String(partnerPort), PORTAL: portal.base, EMBED_SECRET: SECRET },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const profile = mkdtempSync(join(tmpdir(), 'cx-partner-cls-'));
const debugPort = await freePort();
let context;
try {
  for (let i = 0; i < 100 && !(await fetch(`${partnerBase}/mobile.html`).then((r) => r.ok, () => false)); i++) await sleep(200);
  context = await chromium.launchPersistentContext(profile, { executablePath, headless: true, viewport: PHONE, args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debugPort}`] });
  const page = await context.newPage();
  const url = `${partnerBase}/mobile.html`;

  // The test's measure: every shift not caused by input, summed, until the six are drawn.
  await page.addInitScript(() => {
    /* global PerformanceObserver -- runs in the page */
    window.cxShift = 0;
    new PerformanceObserver((list) => list.getEntries().forEach((e) => !e.hadRecentInput && (window.cxShift += e.value))).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url);
  await page.locator('cx-visual .tile h2').nth(2).waitFor();
  await page.locator('cx-smart-filter-bar .bar > .hint').nth(1).waitFor();
  await page.waitForLoadState('networkidle');
  const observed = await page.evaluate(() => window.cxShift);

  const result = await lighthouse(url, { port: debugPort, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const lhr = result.lhr;
  const ms = (id) => `${Math.round(lhr.audits[id].numericValue ?? 0)} ms`;
  console.log(`\nA partner's phone page with six elements (${url}):`);
  console.log(`  Lighthouse, mobile: CLS ${lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)}  performance ${Math.round((lhr.categories.performance.score ?? 0) * 100)}  FCP ${ms('first-contentful-paint')}  LCP ${ms('largest-contentful-paint')}`);
  console.log(`  PerformanceObserver('layout-shift') at ${PHONE.width} x ${PHONE.height}: ${observed.toFixed(3)} (the goal: under 0.1)`);
} finally {
  await context?.close();
  partner.kill('SIGTERM');
  portal.stop();
  rmSync(profile, { recursive: true, force: true });
}
