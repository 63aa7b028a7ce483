// `npm run lighthouse`: Lighthouse's mobile scores (performance, accessibility, best practices,
// SEO) and main timings for /login and for a dashboard, signed in, against the built portal on a
// freshly seeded database. Lighthouse's 4x CPU slowdown assumes a high-end desktop (benchmark index
// 1,500-2,000); its docs say to calibrate it on a weaker machine: LIGHTHOUSE_CPU_SLOWDOWN sets it, and
// each line prints the benchmark index the run measured. LIGHTHOUSE_THROTTLING=devtools applies the
// same slow link and CPU to the browser while the page loads, instead of simulating them from an
// unthrottled load (Lighthouse's default, `simulate`).
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { chromiumPath, CHROMIUM_ARGS } from '../tests/tools/browser.mjs';
import { freePort, seedFresh, startPortal } from './setup';

const DIR = '.tmp/bench-lighthouse';
const slowdown = Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN ?? 4);
if (!(slowdown >= 1)) throw new Error(`LIGHTHOUSE_CPU_SLOWDOWN must be a number of at least 1, not "${process.env.LIGHTHOUSE_CPU_SLOWDOWN}".`);
const method = process.env.LIGHTHOUSE_THROTTLING ?? 'simulate';
if (method !== 'simulate' && method !== 'devtools') throw new Error(`LIGHTHOUSE_THROTTLING must be simulate or devtools, not "${method}".`);
const executablePath = chromiumPath();
if (!executablePath) throw new Error('No Chromium: set CHROME_PATH or install Debian’s chromium.');

await seedFresh(DIR, 20_000, new Date());
const portal = await startPortal(DIR);
const profile = mkdtempSync(join(tmpdir(), 'cx-lighthouse-'));
const port = await freePort();
// One persistent browser profile: the sign-in below and Lighthouse's own tab share its storage and cookies.
const context = await chromium.launchPersistentContext(profile, { executablePath, headless: true, args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`] });
try {
  const page = await context.newPage();
  await page.goto(`${portal.base}/login`);
  await page.getByLabel('User name').fill('portaluser@demo.cx');
  await page.getByLabel('Password', { exact: true }).fill('Demo-2345!');
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));

  const audit = async (path: string, signedIn: boolean) => {
    // Kept storage (the session) must not mean a warm cache: the files load as on a first visit.
    await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
    const result = await lighthouse(`${portal.base}${path}`, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'], disableStorageReset: signedIn, throttlingMethod: method, throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: slowdown } });
    const lhr = result!.lhr;
    // The whole report beside the figures, for the request chain and the LCP element behind them.
    writeFileSync(join(DIR, `lighthouse-${path.replace(/\W+/g, '-').replace(/^-|-$/g, '')}.json`), JSON.stringify(lhr));
    const ms = (id: string) => `${Math.round(lhr.audits[id].numericValue ?? 0)} ms`;
    const score = (id: string) => Math.round((lhr.categories[id].score ?? 0) * 100);
    console.log(
      `  ${path.padEnd(24)} benchmark index ${Math.round(lhr.environment.benchmarkIndex)}  performance ${score('performance')}  accessibility ${score('accessibility')}  best practices ${score('best-practices')}  SEO ${score('seo')}  FCP ${ms('first-contentful-paint')}  LCP ${ms('largest-contentful-paint')}  TBT ${ms('total-blocking-time')}  CLS ${lhr.audits['cumulative-layout-shift'].numericValue?.toFixed(3)}`,
    );
    // Over HTTP/1.1 the slow phone sends six requests at a time: how many came before the largest paint.
    const items = <T>(id: string) => (lhr.audits[id].details as unknown as { items: T[] }).items;
    const lcpAt = items<{ observedLargestContentfulPaint: number }>('metrics')[0].observedLargestContentfulPaint;
    const before = items<{ networkRequestTime: number; resourceType?: string }>('network-requests').filter((r) => r.networkRequestTime < lcpAt);
    const count = (type: string) => before.filter((r) => r.resourceType === type).length;
    console.log(`    requests before the largest paint: ${before.length} (scripts ${count('Script')}, calls ${count('Fetch') + count('XHR')})`);
    // What held a category below 100, so the next change knows where to look.
    for (const [id, category] of Object.entries(lhr.categories)) {
      if ((category.score ?? 1) >= 1) continue;
      const failing = category.auditRefs.filter((r) => r.weight > 0 && (lhr.audits[r.id].score ?? 1) < 1).map((r) => r.id);
      console.log(`    ${id}: ${failing.join(', ')}`);
    }
  };
  const how = method === 'simulate' ? 'simulated' : 'applied';
  console.log(`\nLighthouse, mobile (${how} slow 4G and a ${slowdown}x slower CPU${slowdown === 4 && method === 'simulate' ? ', its default' : ''}):`);
  await audit('/dashboard/overview/', true);
  await page.goto(`${portal.base}/logout`);
  await audit('/login', false);
} finally {
  await context.close();
  portal.stop();
  rmSync(profile, { recursive: true, force: true });
}
