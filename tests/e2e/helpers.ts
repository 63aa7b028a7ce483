import { expect, type Page, type Response } from '@playwright/test';

export const PASSWORD = 'Demo-2345!';

/** Signs in through the login form, as a user would. */
export async function signInAs(page: Page, email: string, password = PASSWORD): Promise<void> {
  // Calls that failed on the way, named if the sign-in does not arrive (CI shows only the message).
  const failed: string[] = [];
  const onResponse = (r: Response) => {
    if (r.status() >= 400) failed.push(`${r.request().method()} ${new URL(r.url()).pathname} ${r.status()}`);
  };
  page.on('response', onResponse);
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
    const heading = await page.locator('h1').first().textContent({ timeout: 1_000 }).catch(() => null);
    throw new Error(`${email} did not arrive signed in: the page is ${page.url()} (heading ${JSON.stringify(heading)}); failed calls: ${failed.join(', ') || 'none'}.\n${String(error)}`, { cause: error });
  } finally {
    page.off('response', onResponse);
  }
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
