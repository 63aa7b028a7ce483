import { test, expect, type APIRequestContext } from '@playwright/test';
import { axeViolations, signInAs, PASSWORD } from './helpers';

/**
 * The feedback widget against the real server. The e2e server seeds it switched off (it would
 * open over every other test's page); these tests switch it on through the administrator's
 * config call, as an administrator would, and off again at the end.
 */
async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  return (await (await request.post('/api/identity/token', { data: { username: email, password: PASSWORD } })).json()).content.access_token;
}

async function setEnabled(request: APIRequestContext, enabled: boolean) {
  const headers = { authorization: `Bearer ${await tokenOf(request, 'portaladmin@demo.cx')}` };
  const config = await (await request.get('/api/feedback/config', { headers })).json();
  const { Questions, noDaysSuppressed, SubmitText } = config;
  const res = await request.put('/api/feedback/config', {
    headers,
    data: { Enabled: enabled, noDaysSuppressed, SubmitText, Questions: Questions.map(({ type, text, properties }: { type: string; text: string; properties?: { options?: string[]; callbackText?: string } }) => ({ type, text, ...(properties && { properties: { options: properties.options, callbackText: properties.callbackText } }) })) },
  });
  expect(res.status()).toBe(200);
}

/** Stops the page's clock (installed before sign-in, so the sign-in ran in real time) a moment from now. */
async function pauseClock(page: import('@playwright/test').Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
}

/** The suppression check's answer: once it is in, the 10 s wait has begun. */
const suppressionChecked = (page: import('@playwright/test').Page) => page.waitForResponse((r) => r.url().endsWith('/api/feedback/supressionStatus'));

test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ request }) => setEnabled(request, true));
test.afterAll(async ({ request }) => setEnabled(request, false));

test('the widget opens by itself after 10 s, asks NPS, drivers and text, stores each answer and resets after the thank-you', async ({ page, request }) => {
  await page.clock.install();
  await page.setViewportSize({ width: 1280, height: 900 });
  const checked = suppressionChecked(page);
  await signInAs(page, 'portaluser@demo.cx');
  await checked;
  const dialog = page.getByRole('dialog', { name: 'Your feedback' });
  await expect(page.getByRole('button', { name: 'Feedback', exact: true })).toBeVisible();
  await pauseClock(page);
  await page.clock.fastForward(8_000);
  await expect(dialog).toBeHidden();
  await page.clock.fastForward(2_500);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Question 1 of 3')).toBeVisible();
  // Time flows again (axe waits on timers); the thank-you's 5 s are fast-forwarded below.
  await page.clock.resume();
  expect(await axeViolations(page, 'cx-feedback-widget')).toEqual([]);

  const saved: string[] = [];
  page.on('response', async (r) => r.url().endsWith('/api/feedback/save') && saved.push(String(await r.json())));
  await dialog.getByRole('button', { name: '3 out of 10' }).click();
  await expect(dialog.getByText('Question 2 of 3')).toBeVisible();
  // Next appears once a driver is ticked.
  await expect(dialog.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await dialog.getByLabel('Speed').check();
  await dialog.getByLabel('Ease of use').check();
  expect(await axeViolations(page, 'cx-feedback-widget')).toEqual([]);
  await dialog.getByRole('button', { name: 'Next' }).click();
  const verbatim = `The filters hide on small screens ${Date.now()}`;
  await dialog.getByLabel('What could we do better?').fill(verbatim);
  await dialog.getByLabel('I would like to be contacted about my feedback').check();
  expect(await axeViolations(page, 'cx-feedback-widget')).toEqual([]);
  await dialog.getByRole('button', { name: 'Send feedback' }).click();
  await expect(dialog.getByText('Thank you for your feedback!')).toBeVisible();
  await expect.poll(() => saved.length).toBe(3);
  expect(new Set(saved).size).toBe(1);

  // Stored as one completed answer, with the callback request, in the administrators' report.
  const admin = await tokenOf(request, 'portaladmin@demo.cx');
  const report = await request.post('/api/dataviewer/data/portal-feedback/Default', {
    headers: { authorization: `Bearer ${admin}` },
    data: { skip: 0, top: 5, smartFilters: [{ filterKey: 'Search', filterValue: verbatim }] },
  });
  const [row] = (await report.json()).data;
  expect(row).toMatchObject({ Status: 'Completed', NPS: 3, NPSGroup: 'Detractor', Drivers: 'Speed,Ease of use', Verbatim: verbatim, CallbackEmail: 'portaluser@demo.cx' });

  await page.clock.fastForward(5_100);
  await expect(dialog).toBeHidden();
  // Open again by hand: it starts from the first question.
  await page.getByRole('button', { name: 'Feedback', exact: true }).click();
  await expect(dialog.getByText('Question 1 of 3')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '0 out of 10', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Feedback', exact: true })).toBeFocused();
});

test('opting out keeps the widget closed after a reload', async ({ page }) => {
  await page.clock.install();
  await page.setViewportSize({ width: 1280, height: 900 });
  const checked = suppressionChecked(page);
  await signInAs(page, 'north.manager@demo.cx');
  await checked;
  await pauseClock(page);
  await page.clock.fastForward(11_000);
  const dialog = page.getByRole('dialog', { name: 'Your feedback' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: "Don't ask me again" }).click();
  await expect(dialog).toBeHidden();
  const rechecked = suppressionChecked(page);
  // The reloaded page's client plugins (the widget is one) wait for its first view, which its timers tell.
  await page.clock.resume();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Feedback', exact: true })).toBeVisible();
  expect(await (await rechecked).json()).toBe(1);
  await pauseClock(page);
  await page.clock.fastForward(20_000);
  await expect(dialog).toBeHidden();
});

test('on a page of its own (one script tag), the widget asks a signed-in visitor the same questions', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 'portaladmin@demo.cx');
  await page.goto('/demo/feedback.html');
  await page.getByRole('button', { name: 'Feedback', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Your feedback' });
  await expect(dialog.getByRole('button', { name: '0 out of 10', exact: true })).toBeFocused();
  await dialog.getByRole('button', { name: '10 out of 10' }).click();
  await expect(dialog.getByText('Question 2 of 3')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close feedback' }).click();
  await expect(dialog).toBeHidden();
});

test('below 1024 px wide the widget never shows', async ({ page }) => {
  await page.clock.install();
  await page.setViewportSize({ width: 1000, height: 800 });
  await signInAs(page, 'portaladmin@demo.cx');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await pauseClock(page);
  await page.clock.fastForward(20_000);
  await expect(page.getByRole('dialog', { name: 'Your feedback' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Feedback', exact: true })).toHaveCount(0);
});

test('scrolled to the end of a long list, the launcher covers none of it', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await signInAs(page, 'globaladmin@demo.cx');
  await page.goto('/content/insights/team-feedback');
  const previous = page.getByRole('button', { name: 'Previous page' });
  const launcher = page.getByRole('button', { name: 'Feedback', exact: true });
  await expect(previous).toBeVisible();
  // Opened and closed by hand: it does not open by itself in this tab again.
  await launcher.click();
  await page.getByRole('dialog', { name: 'Your feedback' }).getByRole('button', { name: 'Close feedback' }).click();
  await expect(launcher).toBeVisible();
  // A list longer than the window.
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('50');
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight - innerHeight)).toBeGreaterThan(300);
  await page.mouse.wheel(0, 100_000);
  await expect.poll(() => page.evaluate(() => Math.ceil(scrollY + innerHeight) >= document.documentElement.scrollHeight)).toBe(true);
  // The list's pager, at the bottom left like the launcher, ends above it.
  const [pager, floating] = [(await previous.boundingBox())!, (await launcher.boundingBox())!];
  expect(pager.y + pager.height).toBeLessThanOrEqual(floating.y);
});
