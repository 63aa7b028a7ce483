import { test, expect } from './fixtures';
import { axeViolations, signInAs } from './helpers';
import { MAIL_READER } from '../../playwright.config';
import type { Browser } from '@playwright/test';

const bell = (page: import('@playwright/test').Page) => page.getByRole('button', { name: /^Notifications, \d+ unread$/ });

async function signedIn(browser: Browser, email: string) {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, email);
  return { context, page };
}

test('an NPS alert fires from operations: its e-mail reaches the SMTP server and the pop-up leads to the filtered dashboard', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1600, height: 900 });
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/alerts');
  const alerts = page.locator('cx-alerts');
  await alerts.getByRole('button', { name: 'Create alert' }).click();
  await expect(alerts.getByRole('alert').first()).toHaveText('An alert needs a name.');
  const name = `North NPS ${Date.now().toString(36)}`;
  await alerts.getByLabel('Name').fill(name);
  await alerts.getByLabel('Threshold').fill('90');
  await alerts.getByLabel('Check').selectOption('immediate');
  await alerts.getByRole('button', { name: 'Add a filter' }).click();
  await alerts.getByLabel('Field of filter 1').selectOption({ label: 'Region' });
  await alerts.getByLabel('Value of filter 1').selectOption('North');
  await alerts.getByRole('button', { name: 'Create alert' }).click();
  await expect(alerts.getByRole('heading', { name })).toBeVisible();
  await expect(alerts.getByText('NPS · below 90 · Region: North')).toBeVisible();
  expect(await axeViolations(page, 'cx-alerts')).toEqual([]);

  // System lands on operations and runs the scheduler now.
  const ops = await signedIn(browser, 'system@demo.cx');
  await expect(ops.page).toHaveURL(/\/operations\/home$/);
  const operations = ops.page.locator('cx-operations');
  await operations.getByRole('button', { name: 'Run alerts now' }).click();
  await expect(operations.getByText(/^Alerts run: \d+ checked, [1-9]\d* fired\.$/)).toBeVisible();
  await expect(operations.getByRole('row').filter({ hasText: 'Run alerts' }).first()).toContainText('system@demo.cx');
  await expect(operations.getByRole('row').filter({ hasText: `Alert: ${name}` })).toBeVisible();
  expect(await axeViolations(ops.page, 'cx-operations')).toEqual([]);
  await ops.context.close();

  // The e-mail went over SMTP.
  await expect.poll(async () => (await (await request.get(`${MAIL_READER}/messages?to=portaluser%40demo.cx`)).json()).filter((m: { subject: string }) => m.subject === `Alert: ${name}`).length, { timeout: 15_000 }).toBe(1);
  const mail = (await (await request.get(`${MAIL_READER}/messages?to=portaluser%40demo.cx`)).json()).find((m: { subject: string }) => m.subject === `Alert: ${name}`);
  expect(mail.text).toMatch(new RegExp(`${name}: NPS is -?\\d+\\.\\d over the last 7 days, below 90 \\(Region: North\\)\\.`));
  // The link opens the very days the alert measured.
  const days = /\/dashboard\/overview\/\?date=CustomRange&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&f\.Region=North/;
  expect(mail.text).toMatch(days);

  // The pop-up lists it; following it opens the dashboard filtered to North and marks it read.
  await page.reload();
  await bell(page).click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  const item = panel.getByRole('listitem').filter({ hasText: name });
  await expect(item).toContainText('Alert');
  expect(await axeViolations(page, 'cx-top-nav')).toEqual([]);
  await item.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${days.source}$`));
  await expect(page.locator('cx-dashboard').getByText('North', { exact: true }).first()).toBeVisible();
  await bell(page).click();
  await expect(panel.getByRole('listitem').filter({ hasText: name })).toHaveClass('read');
});

test('a mention from the process flow appears in the pop-up and is marked read', async ({ page, browser }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1600, height: 900 });
  const admin = await signedIn(browser, 'portaladmin@demo.cx');
  await admin.page.goto('/content/cases/cases/New');
  const card = admin.page.locator('cx-queue .case-card').first();
  const id = await card.getAttribute('data-case');
  await card.getByRole('link').click();
  const detail = admin.page.locator('cx-record-detail');
  const form = detail.locator('form.action-form');
  await detail.getByRole('button', { name: 'Assign', exact: true }).click();
  await form.getByLabel('Assign to').selectOption({ label: 'Petra User – Regional managers' });
  await form.getByLabel('Comment').pressSequentially('Please call back @Pet');
  await form.getByRole('list', { name: 'Colleagues to mention' }).getByRole('button', { name: /^Petra User/ }).click();
  await form.getByRole('button', { name: 'Assign' }).click();
  await expect(detail.getByRole('status').filter({ hasText: 'Assign: done.' })).toBeVisible();
  await admin.context.close();

  await signInAs(page, 'portaluser@demo.cx');
  await bell(page).click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  const mention = panel.getByRole('listitem').filter({ hasText: `Paul Admin mentioned you on case ${id}` });
  await expect(mention).toContainText('Mention');
  await expect(mention).toHaveClass('unread');
  await mention.getByRole('button', { name: /^Mark read/ }).click();
  await expect(mention).toHaveClass('read');
  await expect(mention.getByRole('link')).toHaveAttribute('href', `/processflow/cases/${id}/cases`);
  // Escape closes the pop-up and gives the focus back to its button.
  await bell(page).focus();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell(page)).toBeFocused();
});

test('the data visualisation home lists what the user can open, searchable, and the trial request is confirmed', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/dataviz');
  const home = page.locator('cx-dataviz-home');
  await expect(home.getByRole('link', { name: 'Overview' })).toBeVisible();
  const all = await home.getByRole('listitem').count();
  await home.getByLabel('Search dashboards and data viewers').fill('driver');
  await expect(home.getByRole('listitem')).not.toHaveCount(all);
  await expect(home.getByRole('status')).toHaveText(/^\d+ items?$/);
  await expect(home.getByRole('link', { name: 'Drivers' })).toBeVisible();
  expect(await axeViolations(page, 'cx-dataviz-home')).toEqual([]);
  await home.getByRole('link', { name: 'Drivers' }).click();
  await expect(page).toHaveURL(/\/dashboard\/drivers\//);

  await page.getByRole('button', { name: /Profile of/ }).click();
  await page.getByRole('button', { name: 'Request a free trial' }).click();
  await expect(page.getByRole('status').filter({ hasText: /We will be in touch/ })).toBeVisible();
});
