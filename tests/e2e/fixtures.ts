import { test as base, expect, type Page } from '@playwright/test';

/** A page that fails the test on any console error or uncaught page error. */
export const test = base.extend<{ page: Page; consoleErrors: string[] }>({
  consoleErrors: async ({}, use) => {
    await use([]);
  },
  page: async ({ page, consoleErrors }, use) => {
    page.on('console', (msg) => {
      if (msg.type() === 'error') consoleErrors.push(msg.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    await use(page);
    expect(consoleErrors, 'console errors on the page').toEqual([]);
  },
});

export { expect };
