import { expect, type Page, type Request, type Response } from '@playwright/test';

export const PASSWORD = 'Demo-2345!';

/** The API calls of a page: those still unanswered (with when they were asked), those that failed, and the slowest answered. */
export interface Calls {
  pending: Map<Request, number>;
  failed: string[];
  /** The few slowest answered calls, slowest first: a step that waited too long on CI says on what. */
  slowest: { call: string; ms: number }[];
  /** The last calls answered, with when: whether a step waited on the server or on the page after it. */
  recent: { call: string; ms: number; at: number }[];
  stop: () => void;
}

const SLOWEST_KEPT = 3;
const RECENT_KEPT = 6;

/** Watches a page's API calls, to say which were unanswered or failed when a step does not arrive. */
export function watchCalls(page: Page): Calls {
  const calls: Calls = { pending: new Map(), failed: [], slowest: [], recent: [], stop: () => undefined };
  const named = (r: Request) => `${r.method()} ${new URL(r.url()).pathname}`;
  const api = (r: Request) => new URL(r.url()).pathname.startsWith('/api/');
  const onRequest = (r: Request) => api(r) && calls.pending.set(r, Date.now());
  const onFailed = (r: Request) => calls.pending.delete(r) && calls.failed.push(`${named(r)} ${r.failure()?.errorText ?? ''}`);
  const onFinished = (r: Request) => {
    const asked = calls.pending.get(r);
    if (asked === undefined) return;
    calls.pending.delete(r);
    const at = Date.now();
    const answered = { call: named(r), ms: at - asked, at };
    calls.slowest = [...calls.slowest, answered].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST_KEPT);
    calls.recent = [...calls.recent, answered].slice(-RECENT_KEPT);
  };
  const onResponse = (r: Response) => r.status() >= 400 && api(r.request()) && calls.failed.push(`${named(r.request())} ${r.status()}`);
  page.on('request', onRequest).on('requestfailed', onFailed).on('requestfinished', onFinished).on('response', onResponse);
  calls.stop = () => void page.off('request', onRequest).off('requestfailed', onFailed).off('requestfinished', onFinished).off('response', onResponse);
  return calls;
}

/** How long the report waits for each answer from the page: a stalled tab (seen for 49 s) must not swallow the report. */
const PAGE_ANSWER_MS = 5_000;

/** `question`'s answer; otherwise `instead` told why (no answer in time, or the error's first line). */
async function askPage<T>(question: Promise<T>, instead: (why: string) => T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(instead(`(no answer from the page within ${PAGE_ANSWER_MS / 1000} s)`)), PAGE_ANSWER_MS)));
  try {
    return await Promise.race([question.catch((e: unknown) => instead(`(unreadable: ${String(e).split('\n')[0]})`)), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** What a page showed and which of its calls had not answered or had failed (CI keeps only the failure's message). */
export async function describePage(page: Page, calls: Calls): Promise<string> {
  const asText = (why: string) => why;
  const asList = (why: string) => [why];
  // First, before anything below makes the browser draw: whether the page still gets frames.
  const frames = await askPage(
    page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const start = performance.now();
          const state = `${document.visibilityState}, ${document.hasFocus() ? 'focused' : 'not focused'}`;
          requestAnimationFrame(() => resolve(`${state}, next frame in ${Math.round(performance.now() - start)} ms`));
          setTimeout(() => resolve(`${state}, no frame within 2 s`), 2000);
        }),
    ),
    asText,
  );
  const shown = await askPage(
    page
      .locator('h1, [role=status], [role=alert]')
      .allTextContents()
      .then((texts) => texts.map((t) => t.trim().slice(0, 120)).filter(Boolean).slice(0, 12)),
    asList,
  );
  // The page's longest tasks of the last minute (recorded by the fixture's init script): a page
  // that sat on its main thread after its calls had answered shows here.
  const busy = await askPage(
    page.evaluate(() => {
      const tasks = ((window as { cxLongTasks?: { start: number; ms: number }[] }).cxLongTasks ?? []).filter((t) => performance.now() - t.start < 60_000);
      return tasks.sort((a, b) => b.ms - a.ms).slice(0, 5).map((t) => `${Math.round(t.ms)} ms ended ${((performance.now() - t.start - t.ms) / 1000).toFixed(1)} s ago`);
    }),
    asList,
  );
  const now = Date.now();
  const waiting = [...calls.pending].map(([r, at]) => `${r.method()} ${new URL(r.url()).pathname} for ${now - at} ms`);
  return [
    `The page: ${page.url()}`,
    `  showing: ${JSON.stringify(shown)}`,
    `  calls unanswered: ${waiting.join(', ') || 'none'}`,
    `  calls failed: ${calls.failed.join(', ') || 'none'}`,
    `  slowest answered: ${calls.slowest.map((c) => `${c.call} ${c.ms} ms`).join(', ') || 'none'}`,
    `  last answered: ${calls.recent.map((c) => `${c.call} ${c.ms} ms, ended ${((now - c.at) / 1000).toFixed(1)} s ago`).join('; ') || 'none'}`,
    `  longest main-thread tasks: ${busy.join(', ') || 'none over 50 ms'}`,
    `  drawing: ${frames}`,
  ].join('\n');
}

/** Signs in through the login form, as a user would. */
export async function signInAs(page: Page, email: string, password = PASSWORD): Promise<void> {
  const calls = watchCalls(page);
  try {
    if (!page.url().includes('/login')) await page.goto('/login');
    await page.getByLabel('User name').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).first().click();
    // Signed in once the please-wait step has moved on from the sign-in page.
    await page.waitForURL((url) => url.pathname !== '/login' && url.pathname !== '/signin');
    // The landing page's code may still be arriving on a loaded machine: a longer wait than a check's.
    await expect(page.getByRole('button', { name: /Profile of/ })).toBeVisible({ timeout: 15_000 });
  } catch (error) {
    throw new Error(`${email} did not arrive signed in.\n${await describePage(page, calls)}\n${String(error)}`, { cause: error });
  } finally {
    calls.stop();
  }
}

/**
 * Puts the signed-in account back to English from the profile panel, and waits until the server has
 * saved it: the language is the account's, and a test that ended with the save still on its way
 * left the next test's user (same account) on a German page.
 */
/** Waits until the page's dashboard has answered and every tile has reported drawn. */
export async function dashboardReady(page: Page): Promise<void> {
  await expect(page.locator('cx-dashboard .dashboard')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
}

export async function backToEnglish(page: Page): Promise<void> {
  const language = page.getByLabel(/Sprache|Language/);
  if (!(await language.isVisible())) await page.getByRole('button', { name: /Profil von|Profile of/ }).click();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/UserPreferences/update') && r.request().method() === 'POST');
  await language.selectOption('en');
  expect((await saved).status(), 'the English language saved').toBe(200);
}

/** Runs axe-core on the element matching `selector` (shadow roots included); returns the violations' ids. */
export async function axeViolations(page: Page, selector: string): Promise<string[]> {
  const { readFileSync } = await import('node:fs');
  const { createRequire } = await import('node:module');
  const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the debugging protocol, so the page's CSP (no inline scripts) does not apply.
  await page.evaluate(source);
  return page.evaluate(async (sel) => {
    const axe = (window as unknown as { axe: { run: (el: Element) => Promise<{ violations: Array<{ id: string; nodes: unknown[] }> }> } }).axe;
    const result = await axe.run(document.querySelector(sel)!);
    return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
  }, selector);
}
