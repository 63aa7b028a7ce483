import { test as base, expect, type Page } from '@playwright/test';
import { describePage, watchCalls } from './helpers';

/**
 * A page that fails the test on any console error or uncaught page error. When a test fails, a
 * second error says what the page showed and which API calls were unanswered or had failed: a
 * server that hangs and a page that never draws look alike in an assertion's message.
 */
export const test = base.extend<{ page: Page; consoleErrors: string[]; expectedErrors: RegExp[] }>({
  consoleErrors: async ({}, use) => {
    await use([]);
  },
  /** Console errors a test provokes on purpose (the browser logs a failed response it asked for). */
  expectedErrors: async ({}, use) => {
    await use([]);
  },
  page: async ({ page, consoleErrors, expectedErrors }, use, testInfo) => {
    page.on('console', (msg) => {
      // The address too: "Failed to load resource" alone does not say which call failed.
      if (msg.type() === 'error' && !expectedErrors.some((re) => re.test(msg.text()))) consoleErrors.push(`${msg.text()} (${msg.location().url})`);
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    // Long tasks, for the failure report (describePage): the page's main thread, not only its calls.
    await page.addInitScript(() => {
      const tasks: { start: number; ms: number }[] = ((window as { cxLongTasks?: unknown }).cxLongTasks = []);
      new PerformanceObserver((list) => list.getEntries().forEach((e) => tasks.push({ start: e.startTime, ms: e.duration }))).observe({ type: 'longtask', buffered: true });
    });
    const calls = watchCalls(page);
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus) throw new Error(`At the failure:\n${await describePage(page, calls)}`);
    expect(consoleErrors, 'console errors on the page').toEqual([]);
  },
});

export { expect };
