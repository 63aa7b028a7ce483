import { createHmac } from 'node:crypto';
import type { APIRequestContext, Browser } from '@playwright/test';
import { test, expect } from './fixtures';
import { axeViolations, PASSWORD, signInAs } from './helpers';
import { MAIL_READER, WEBHOOK_CONTROL, WEBHOOK_RECEIVER } from '../../playwright.config';

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  status: number;
}

const token = async (request: APIRequestContext, email: string) =>
  (await (await request.post('/api/identity/token', { data: { username: email, password: PASSWORD } })).json()).content.access_token as string;
const bearer = (t: string) => ({ authorization: `Bearer ${t}` });

/** A survey of the North manager's, published: it reports answers (with the customer's address) to the responses data, or a recovery survey of one score and a comment. */
async function publishSurvey(request: APIRequestContext, t: string, title: string, questions: object[], settings: object) {
  const created = await (await request.post('/api/surveys', { headers: bearer(t), data: { title } })).json();
  const saved = await request.put(`/api/surveys/${created.shortcode}`, { headers: bearer(t), data: { version: created.version, settings: { ...created.settings, ...settings }, definition: { ...created.definition, questions } } });
  expect(saved.status()).toBe(200);
  expect((await request.post(`/api/surveys/${created.shortcode}/publish`, { headers: bearer(t), data: { version: (await saved.json()).version } })).status()).toBe(200);
  return created.shortcode as string;
}

async function signedIn(browser: Browser, email: string) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, email);
  return { context, page };
}

const mailsTo = async (request: APIRequestContext, to: string) => (await (await request.get(`${MAIL_READER}/messages?to=${encodeURIComponent(to)}`)).json()) as Array<{ subject: string; text: string }>;
const received = async (request: APIRequestContext) => (await (await request.get(`${WEBHOOK_CONTROL}/received`)).json()) as Received[];

test('closing the loop: a rule opens cases from public answers, the clock escalates, closing asks a root cause and sends the recovery survey, webhooks are signed and retried', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const word = `refund${tag}`;
  await page.setViewportSize({ width: 1400, height: 900 });

  // The administrator registers a webhook to a local HTTPS receiver; its signing secret is shown once.
  await signInAs(page, 'portaladmin@demo.cx');
  await page.goto('/admin/webhooks');
  const hooks = page.locator('cx-webhooks');
  await hooks.getByRole('button', { name: 'Add a webhook' }).click();
  await hooks.getByLabel('Name').fill(`Case desk ${tag}`);
  await hooks.getByLabel('Address (https://…)').fill(`${WEBHOOK_RECEIVER}/hooks/${tag}`);
  for (const event of ['Case opened', 'Case overdue', 'Case closed']) await hooks.getByLabel(event).check();
  await hooks.getByRole('button', { name: 'Add webhook' }).click();
  const secret = await hooks.getByRole('textbox', { name: 'Signing secret' }).inputValue();
  expect(secret.length).toBeGreaterThan(20);
  expect(await axeViolations(page, 'cx-webhooks')).toEqual([]);
  await hooks.getByRole('button', { name: 'I have copied it' }).click();
  // The receiver refuses the first delivery: it is retried.
  await request.post(`${WEBHOOK_CONTROL}/fail?count=1&path=${encodeURIComponent(`/hooks/${tag}`)}`);

  // The administrator writes the rule: detractors in the North mentioning the word, to Petra, High; the preview tries it on the last 30 days.
  await page.goto('/admin/caserules');
  const rules = page.locator('cx-case-rules');
  await rules.getByLabel('Data source').selectOption('responses');
  await rules.getByLabel('Name', { exact: true }).fill(`North refunds ${tag}`);
  await rules.getByRole('button', { name: 'Add a condition' }).click();
  await rules.getByLabel('Field of condition 1').selectOption({ label: 'Likelihood to recommend' });
  await rules.getByLabel('At most of condition 1').fill('6');
  await rules.getByRole('button', { name: 'Add a condition' }).click();
  await rules.getByLabel('Field of condition 2').selectOption({ label: 'Region' });
  await rules.getByRole('group', { name: 'Values of condition 2' }).getByLabel('North').check();
  await rules.getByRole('button', { name: 'Test against the last 30 days' }).click();
  const preview = rules.getByRole('status').filter({ hasText: /^This rule would have opened [\d,]+ cases? in the last 30 days\.$/ });
  await expect(preview).toBeVisible();
  const detractors = Number((await preview.textContent())!.match(/[\d,]+/)![0].replace(/,/g, ''));
  expect(detractors).toBeGreaterThan(0);
  await rules.getByRole('button', { name: 'Add a condition' }).click();
  await rules.getByLabel('Field of condition 3').selectOption({ label: 'Comment' });
  await rules.getByLabel('Words of condition 3').fill(word);
  await rules.getByRole('button', { name: 'Test against the last 30 days' }).click();
  await expect(rules.getByRole('status').filter({ hasText: 'This rule would have opened 0 cases in the last 30 days.' })).toBeVisible();
  await rules.getByLabel('Queue').selectOption('Customer care');
  await rules.getByLabel('Priority').selectOption('High');
  await rules.getByLabel('Owner').selectOption({ label: 'Petra User' });
  expect(await axeViolations(page, 'cx-case-rules')).toEqual([]);
  await rules.getByRole('button', { name: 'Save rule' }).click();
  await expect(rules.getByRole('rowheader', { name: `North refunds ${tag}` })).toBeVisible();

  // A recovery survey (one score and a comment) is the survey responses' for closing; the public survey of a North store asks for an address.
  const north = await token(request, 'north.manager@demo.cx');
  // A store and a channel the data has already: the two answers add rows, never a new channel to other tests' charts.
  const { stores, channels } = await (await request.get('/api/surveys/places', { headers: bearer(north) })).json();
  const recovery = await publishSurvey(request, north, `After your case ${tag}`, [
    { id: 'again', kind: 'nps', required: true, text: { en: 'After our follow-up, how likely are you to recommend us?' } },
    { id: 'why', kind: 'text', required: false, text: { en: 'What made the difference?' } },
  ], { reportToResponses: false });
  const admin = await token(request, 'portaladmin@demo.cx');
  const settings = (await (await request.get('/api/casesettings', { headers: bearer(admin) })).json()).sources.find((s: { sourceId: string }) => s.sourceId === 'responses');
  expect((await request.put('/api/casesettings/sources/responses', { headers: bearer(admin), data: { rootCauses: settings.rootCauses, recoverySurvey: recovery, suppressionDays: 30 } })).status()).toBe(200);
  const visit = await publishSurvey(request, north, `Your visit ${tag}`, [
    { id: 'nps', kind: 'nps', required: true, text: { en: 'How likely are you to recommend us?' } },
    { id: 'stars', kind: 'stars', required: true, text: { en: 'How would you rate your visit?' } },
    { id: 'what', kind: 'text', required: false, text: { en: 'What happened?' } },
    { id: 'mail', kind: 'email', required: false, text: { en: 'Your e-mail address, if we may contact you' } },
  ], { reportToResponses: true, stores: [stores[0]], channel: channels.find((c: string) => c !== 'Survey') });

  // Two customers answer in public: the detractor who mentions the word gets a case, the promoter none.
  const customer = `kim.${tag}@example.com`;
  for (const [nps, comment, email] of [[2, `I want a ${word} for the broken kettle`, customer], [9, `Lovely staff, no ${word} needed`, `lee.${tag}@example.com`]] as const) {
    const context = await browser.newContext();
    const respondent = await context.newPage();
    await respondent.goto(`/survey/${visit}`);
    await respondent.getByLabel(String(nps), { exact: true }).check();
    await respondent.getByLabel('2 stars').check();
    await respondent.getByLabel('What happened?').fill(comment);
    await respondent.getByLabel('Your e-mail address, if we may contact you').fill(email);
    await respondent.getByRole('button', { name: 'Send answers' }).click();
    await expect(respondent.getByRole('heading', { name: 'Thank you' })).toBeVisible();
    await context.close();
  }

  // Petra finds the one case in My cases, in Customer care, High, with its clock.
  const petra = await signedIn(browser, 'portaluser@demo.cx');
  const user = await token(request, 'portaluser@demo.cx');
  const mine = await (await request.post('/api/processflow/cases/queue/Mine/PF', { headers: bearer(user), data: { skip: 0, top: 100, smartFilters: [{ filterKey: 'Search', filterValue: word }] } })).json();
  expect(mine.data).toHaveLength(1);
  const opened = mine.data[0];
  expect(opened).toMatchObject({ Queue: 'Customer care', Priority: 'High', RuleName: `North refunds ${tag}`, AllocatedToUserName: 'Petra User', State: 'Assigned', Region: 'North' });
  await petra.page.goto('/content/cases/cases/Mine');
  const queue = petra.page.locator('cx-queue');
  await expect(queue.getByRole('link', { name: /^My cases \(/ })).toHaveAttribute('aria-current', 'page');
  // My cases come most urgent first: the new one is found by its words.
  await queue.getByPlaceholder('Search comments').fill(word);
  await expect(queue.getByText(`I want a ${word} for the broken kettle`)).toBeVisible();
  expect(await axeViolations(petra.page, 'cx-queue')).toEqual([]);

  // The clock passes the first-response deadline (operations read it as of a minute after): escalated to Paul, the PortalAdmin Petra's role reports to.
  const system = await token(request, 'system@demo.cx');
  const after = new Date(new Date(`${opened.FirstResponseDueAt}Z`).getTime() + 60_000).toISOString();
  expect((await request.post('/api/operations/runcaseclocks', { headers: bearer(system), data: { at: after } })).status()).toBe(200);
  const subject = `Case ${opened.SourceObjectId} is overdue: escalated to you`;
  await expect.poll(async () => (await mailsTo(request, 'portaladmin@demo.cx')).filter((m) => m.subject === subject).length, { timeout: 20_000 }).toBe(1);
  const [escalation] = (await mailsTo(request, 'portaladmin@demo.cx')).filter((m) => m.subject === subject);
  expect(escalation.text).toContain(`Case ${opened.SourceObjectId} missed its first response deadline`);
  expect(escalation.text).toContain(`/processflow/cases/${opened.SourceObjectId}/cases`);
  await page.goto('/home');
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: `Case ${opened.SourceObjectId} missed its first response deadline` })).toBeVisible();

  // Petra closes it: without a root cause she is told so; then the recovery survey goes to the customer.
  await petra.page.goto(`/processflow/cases/${opened.SourceObjectId}/cases`);
  const detail = petra.page.locator('cx-record-detail');
  await expect(detail.getByText('Customer care')).toBeVisible();
  await expect(detail.locator('.timeline li').filter({ hasText: 'Escalate' })).toContainText('System');
  const form = detail.locator('form.action-form');
  await detail.getByRole('button', { name: 'Change status', exact: true }).click();
  await form.getByRole('radio', { name: 'Start work' }).check();
  await form.getByLabel('Comment').fill('Calling the customer');
  await form.getByRole('button', { name: 'Change status' }).click();
  await expect(detail.locator('.case-header .state')).toHaveText('In progress');
  await detail.getByRole('button', { name: 'Change status', exact: true }).click();
  await form.getByRole('radio', { name: 'Resolve' }).check();
  await form.getByLabel('Comment').fill('Refund sent');
  await form.getByRole('button', { name: 'Change status' }).click();
  await expect(form.getByText('Choose a root cause.')).toBeVisible();
  await form.getByLabel('Root cause').selectOption('Billing or refund');
  await form.getByRole('radio', { name: 'Yes' }).check();
  await expect(form.getByLabel('Send the recovery survey')).toBeChecked();
  expect(await axeViolations(petra.page, 'cx-record-detail')).toEqual([]);
  await form.getByRole('button', { name: 'Change status' }).click();
  await expect(detail.locator('.case-header .state')).toHaveText('Resolved');

  // The customer gets the recovery survey; the answer lands on the case.
  await expect.poll(async () => (await mailsTo(request, customer)).length, { timeout: 20_000 }).toBe(1);
  const link = (await mailsTo(request, customer))[0].text.match(/https?:\/\/\S+\/survey\/\S+/)![0];
  const context = await browser.newContext();
  const respondent = await context.newPage();
  await respondent.goto(new URL(link).pathname);
  await respondent.getByLabel('9', { exact: true }).check();
  await respondent.getByLabel('What made the difference?').fill('Quick refund, thank you');
  await respondent.getByRole('button', { name: 'Send answers' }).click();
  await expect(respondent.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await context.close();
  await petra.page.reload();
  // The case shows the customer's new score and comment, and its history the answer.
  const answered = detail.getByRole('definition');
  await expect(answered.filter({ hasText: 'Quick refund, thank you' })).toBeVisible();
  await expect(answered.filter({ hasText: /^9$/ })).toBeVisible();
  await expect(detail.locator('.timeline li').filter({ hasText: 'Recovery survey answered' })).toContainText('Customer');
  await petra.context.close();

  // The receiver got signed deliveries: opened (refused once, then retried with the same id), overdue, closed.
  // This test's webhook, about this test's case (other open cases may escalate in the same run).
  const mineOnly = (r: Received) => r.path === `/hooks/${tag}` && JSON.parse(r.body).data.sourceObjectId === opened.SourceObjectId;
  await expect.poll(async () => (await received(request)).filter(mineOnly).filter((r) => r.status === 200).map((r) => r.headers['x-cx-event']).sort(), { timeout: 30_000 })
    .toEqual(['case.closed', 'case.opened', 'case.overdue']);
  const deliveries = (await received(request)).filter(mineOnly);
  const first = deliveries.filter((r) => r.headers['x-cx-event'] === 'case.opened');
  expect(first.map((r) => r.status)).toEqual([500, 200]);
  expect(first[0].headers['x-cx-delivery']).toBe(first[1].headers['x-cx-delivery']);
  for (const r of deliveries) {
    const expected = createHmac('sha256', secret).update(`${r.headers['x-cx-timestamp']}.${r.body}`).digest('hex');
    expect(r.headers['x-cx-signature']).toBe(`sha256=${expected}`);
  }
  expect(JSON.parse(first[1].body)).toMatchObject({ type: 'case.opened', data: { sourceObjectId: opened.SourceObjectId, rule: `North refunds ${tag}`, queue: 'Customer care' } });
});
