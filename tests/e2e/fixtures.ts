import { test as base, expect, type Page } from '@playwright/test';

/** A page that fails the test on any console error or uncaught page error. */
export const test = base.extend<{ page: Page; consoleErrors: string[]; expectedErrors: RegExp[] }>({
  consoleErrors: async ({}, use) => {
    await use([]);
  },
  /** Console errors a test provokes on purpose (the browser logs a failed response it asked for). */
  expectedErrors: async ({}, use) => {
    await use([]);
  },
  page: async ({ page, consoleErrors, expectedErrors }, use) => {
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !expectedErrors.some((re) => re.test(msg.text()))) consoleErrors.push(msg.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    await use(page);
    expect(consoleErrors, 'console errors on the page').toEqual([]);
  },
});

export { expect };
