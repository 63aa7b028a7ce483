import { test as base, expect, type Page, type Request } from '@playwright/test';

/** What a failed test's page showed and which of its calls had not answered (CI keeps only the summary). */
async function pageAtFailure(page: Page, pending: Map<Request, number>, failed: string[]): Promise<string> {
  const shown = await page
    .locator('h1, [role=status], [role=alert]')
    .allTextContents()
    .then((texts) => texts.map((t) => t.trim().slice(0, 120)).filter(Boolean).slice(0, 12))
    .catch((e: unknown) => [`(unreadable: ${String(e).split('\n')[0]})`]);
  const now = Date.now();
  const waiting = [...pending].map(([r, at]) => `${r.method()} ${new URL(r.url()).pathname} for ${now - at} ms`);
  return [
    `The page at the failure: ${page.url()}`,
    `  showing: ${JSON.stringify(shown)}`,
    `  calls unanswered: ${waiting.join(', ') || 'none'}`,
    `  calls failed: ${failed.join(', ') || 'none'}`,
  ].join('\n');
}

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
      if (msg.type() === 'error' && !expectedErrors.some((re) => re.test(msg.text()))) consoleErrors.push(msg.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    const pending = new Map<Request, number>();
    const failed: string[] = [];
    const api = (r: Request) => new URL(r.url()).pathname.startsWith('/api/');
    page.on('request', (r) => api(r) && pending.set(r, Date.now()));
    page.on('requestfailed', (r) => pending.delete(r) && failed.push(`${r.method()} ${new URL(r.url()).pathname} ${r.failure()?.errorText ?? ''}`));
    page.on('requestfinished', (r) => pending.delete(r));
    page.on('response', (r) => r.status() >= 400 && api(r.request()) && failed.push(`${r.request().method()} ${new URL(r.url()).pathname} ${r.status()}`));
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus) throw new Error(await pageAtFailure(page, pending, failed));
    expect(consoleErrors, 'console errors on the page').toEqual([]);
  },
});

export { expect };
