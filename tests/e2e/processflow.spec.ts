import { test, expect } from './fixtures';
import { axeViolations, PASSWORD, signInAs } from './helpers';
import type { Page } from '@playwright/test';

const tabCount = async (page: Page, name: string) => Number(/\((\d+)\)/.exec((await page.locator('cx-queue .queue-tabs').getByRole('link', { name: new RegExp(`^${name} \\(`) }).textContent())!)![1]);

test('a PortalUser works a detractor case from New: assignment with a mention, tags, an e-mail, and on to Resolved', async ({ page, request }) => {
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/content/cases/cases/New');
  const queue = page.locator('cx-queue');
  await expect(queue.locator('.case-card').first()).toBeVisible();
  const newBefore = await tabCount(page, 'New');
  const resolvedBefore = await tabCount(page, 'Closed');
  const card = queue.locator('.case-card').first();
  const id = await card.getAttribute('data-case');
  await card.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/processflow/cases/${id}/cases$`));

  const detail = page.locator('cx-record-detail');
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(new RegExp(`^Case ${id} · `));
  await expect(detail.locator('.case-header .state')).toHaveText('New');
  const form = detail.locator('form.action-form');

  // Assign to Paul (his option names his group, to tell namesakes apart) with a mention chosen
  // from the list that opens after three letters.
  await detail.getByRole('button', { name: 'Assign', exact: true }).click();
  await form.getByRole('button', { name: 'Assign' }).click();
  await expect(form.getByRole('alert')).toHaveText('Add a comment and choose a colleague to assign the case to.');
  await form.getByLabel('Assign to').selectOption({ label: 'Paul Admin – Head office' });
  await form.getByLabel('Comment').pressSequentially('Over to you @Pau');
  await form.getByRole('list', { name: 'Colleagues to mention' }).getByRole('button', { name: /^Paul Admin/ }).click();
  await expect(form.getByLabel('Comment')).toHaveValue('Over to you @Paul Admin ');
  await form.getByRole('button', { name: 'Assign' }).click();
  await expect(detail.getByRole('status').filter({ hasText: 'Assign: done.' })).toBeVisible();
  await expect(detail.locator('.case-header .state')).toHaveText('Assigned');
  await expect(detail.locator('.timeline li').first()).toContainText('Assign · Petra User');
  await expect(detail.locator('.timeline li').first()).toContainText('Over to you @Paul Admin');

  // Tags: lower-cased; refused characters and duplicates are said, then go after 5 s.
  const tags = detail.locator('.tag-editor');
  // The button sits beside the field, level with it.
  const [field, add] = [(await tags.getByLabel('New tag').boundingBox())!, (await tags.getByRole('button', { name: 'Add tag' }).boundingBox())!];
  expect(add.x).toBeGreaterThan(field.x + field.width);
  expect(Math.abs(add.y + add.height - (field.y + field.height))).toBeLessThan(4);
  await tags.getByLabel('New tag').fill('Refund');
  await tags.getByRole('button', { name: 'Add tag' }).click();
  await expect(tags.locator('.tags')).toContainText('refund');
  await tags.getByLabel('New tag').fill('a|b');
  await tags.getByRole('button', { name: 'Add tag' }).click();
  await expect(tags.getByRole('alert')).toHaveText('The following characters are not allowed: | ,');
  await tags.getByLabel('New tag').fill('REFUND');
  await tags.getByRole('button', { name: 'Add tag' }).click();
  await expect(tags.getByRole('alert')).toHaveText('Tag already exists');

  // An e-mail to the customer with a template.
  const subject = `Your visit, case ${id}`;
  await detail.getByRole('button', { name: 'Contact customer', exact: true }).click();
  await expect(form.getByLabel('Comment')).toHaveAttribute('placeholder', 'We provided a response template to make your work easier. Please select a template below.');
  await form.getByLabel('Subject').fill(subject);
  await form.getByRole('button', { name: 'Template 1' }).click();
  // The e-mail is shown as it will go (issue 45) before it is sent.
  await form.getByRole('button', { name: 'Preview the e-mail' }).click();
  const preview = detail.locator('.email-preview');
  await expect(preview.locator('.email-to')).toHaveText(/^To: .+ <.+@example\.com>$/);
  await expect(preview.locator('.email-subject')).toHaveText(`Subject: ${subject}`);
  await expect(preview.locator('.email-text')).toContainText('Thank you for your feedback.');
  await preview.getByRole('button', { name: 'Send' }).click();
  await expect(detail.getByRole('status').filter({ hasText: 'Send e-mail: done.' })).toBeVisible();
  const mail = await (await request.get(`/api/dev/mail?subject=${encodeURIComponent(subject)}`)).json();
  expect(mail).toHaveLength(1);
  expect(mail[0].body).toMatch(/^Thank you for your feedback\./);
  expect(mail[0].recipient).toMatch(/@example\.com$/);

  // Start work, then resolve.
  await detail.getByRole('button', { name: 'Change status', exact: true }).click();
  await form.getByRole('radio', { name: 'Start work' }).check();
  await form.getByLabel('Comment').fill('Calling the customer now.');
  await form.getByRole('button', { name: 'Change status' }).click();
  await expect(detail.locator('.case-header .state')).toHaveText('In progress');
  await detail.getByRole('button', { name: 'Change status', exact: true }).click();
  await form.getByRole('radio', { name: 'Resolve' }).check();
  // Closing asks how it ended (issue 45): a root cause from the source's list, and whether it was resolved.
  await form.getByLabel('Root cause').selectOption({ index: 1 });
  await form.getByRole('radio', { name: 'Yes' }).check();
  await form.getByLabel('Comment').fill('Apologised; voucher sent.');
  await form.getByRole('button', { name: 'Change status' }).click();
  await expect(detail.locator('.case-header .state')).toHaveText('Resolved');
  await expect(detail.locator('.timeline li')).toHaveText([/^Resolve · Petra User/, /^Start work/, /^Send e-mail/, /^Tag/, /^Assign/]);

  // The queues count it where it is now; back on the list, the case is not in New any more.
  await detail.getByRole('link', { name: 'Back to the queue' }).click();
  await expect(queue.locator('.case-card').first()).toBeVisible();
  await expect.poll(() => tabCount(page, 'New')).toBe(newBefore - 1);
  expect(await tabCount(page, 'Closed')).toBe(resolvedBefore + 1);
  await expect(queue.locator(`[data-case="${id}"]`)).toHaveCount(0);
});

test('the restricted user sees only their region’s cases; another region’s case does not exist for them', async ({ page, request, expectedErrors }) => {
  // The refused case is a 404 the browser logs.
  expectedErrors.push(/status of 404/);
  const token = async (username: string) => (await (await request.post('/api/identity/token', { data: { username, password: PASSWORD } })).json()).content.access_token;
  const north = await token('north.manager@demo.cx');
  const counts = await (await request.get('/api/processflow/cases/queuecounts', { headers: { authorization: `Bearer ${north}` } })).json();
  const all = counts.find((c: { name: string }) => c.name === 'All').count;
  const rows = (await (await request.post('/api/processflow/cases/queue/All/PF', { headers: { authorization: `Bearer ${north}` }, data: { skip: 0, top: 200 } })).json()).data;
  expect(new Set(rows.map((r: { Region: string }) => r.Region))).toEqual(new Set(['North']));
  const south = (await (await request.post('/api/processflow/cases/queue/All/PF', { headers: { authorization: `Bearer ${await token('portaluser@demo.cx')}` }, data: { skip: 0, top: 1, smartFilters: [{ filterKey: 'Region', filterValue: 'South' }] } })).json()).data[0];

  await signInAs(page, 'north.manager@demo.cx');
  await page.goto('/content/cases/cases/All');
  await expect.poll(() => tabCount(page, 'All')).toBe(all);
  // The filter bar counts cases, not responses: North's count is the queue's.
  const queue = page.locator('cx-queue');
  await queue.locator('summary', { hasText: 'Region' }).click();
  await expect(queue.getByRole('group', { name: 'Region' }).locator('label')).toHaveText([`North (${new Intl.NumberFormat('en').format(all)})`]);
  await page.goto(`/processflow/cases/${south.SourceObjectId}/cases`);
  await expect(page.locator('cx-record-detail').getByRole('alert')).toHaveText('The case could not be loaded. No such case.');
});

test('an unknown queue goes to the not-found page, and a queue with no case for the filters says so', async ({ page }) => {
  await signInAs(page, 'portaladmin@demo.cx');
  await page.goto('/content/cases/cases/Nope');
  await expect(page).toHaveURL('/404');
  // With a filter that no case meets, the default variation.
  await page.goto('/content/cases/cases/Working');
  const queue = page.locator('cx-queue');
  await queue.getByPlaceholder('Search comments').fill('zzzz-no-such-words');
  await expect(queue.getByRole('heading', { name: 'No cases for these filters' })).toBeVisible();
});

test('a queue that allows it exports its cases as a real workbook', async ({ page }) => {
  await signInAs(page, 'north.manager@demo.cx');
  await page.goto('/content/cases/cases/Closed');
  const queue = page.locator('cx-queue');
  await expect(queue.locator('.case-grid tbody tr').first()).toBeVisible();
  const cases = Number((await queue.getByText(/cases?$/).first().textContent())!.replace(/\D/g, ''));
  const download = page.waitForEvent('download');
  await queue.getByRole('button', { name: 'Export to Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^cases_Closed_\d{4}-\d\d-\d\dT\d\d-\d\d\.xlsx$/);
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await file.path())!);
  expect(wb.getWorksheet('Records')!.rowCount - 1).toBe(cases);
});

test('two people acting on one case at once leave one consistent history; the second is told to reload', async ({ browser }) => {
  const open = async (email: string) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAs(page, email);
    return { context, page };
  };
  const [petra, paul] = await Promise.all([open('portaluser@demo.cx'), open('portaladmin@demo.cx')]);
  try {
    await petra.page.goto('/content/cases/cases/New');
    const card = petra.page.locator('cx-queue .case-card').first();
    const id = await card.getAttribute('data-case');
    await Promise.all([petra.page.goto(`/processflow/cases/${id}/cases`), paul.page.goto(`/processflow/cases/${id}/cases`)]);
    const act = async (page: Page, comment: string) => {
      const detail = page.locator('cx-record-detail');
      await detail.getByRole('button', { name: 'Change status', exact: true }).click();
      await detail.locator('form.action-form').getByRole('radio', { name: 'Start work' }).check();
      await detail.locator('form.action-form').getByLabel('Comment').fill(comment);
      return detail.locator('form.action-form').getByRole('button', { name: 'Change status' });
    };
    const [first, second] = await Promise.all([act(petra.page, 'Petra starts'), act(paul.page, 'Paul starts')]);
    await first.click();
    await expect(petra.page.locator('cx-record-detail .case-header .state')).toHaveText('In progress');
    // Paul still sees the case as it was: his action is refused with who changed it.
    await second.click();
    await expect(paul.page.locator('cx-record-detail').getByRole('alert')).toHaveText(/^This case was changed by Petra User at .+; reload it\.$/);
    await paul.page.reload();
    const timeline = paul.page.locator('cx-record-detail .timeline li');
    await expect(timeline.first()).toContainText('Start work · Petra User');
    await expect(timeline.filter({ hasText: 'Paul starts' })).toHaveCount(0);
    await expect(timeline.filter({ hasText: 'Start work' })).toHaveCount(1);
  } finally {
    await Promise.all([petra.context.close(), paul.context.close()]);
  }
});

test('a worker assigns two new cases to themselves at once and finds them under My cases (issue 45)', async ({ page, request }) => {
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/content/cases/cases/New');
  const queue = page.locator('cx-queue');
  const cards = queue.locator('.case-card');
  await expect(cards.nth(1)).toBeVisible();
  const ids = await Promise.all([0, 1].map((i) => cards.nth(i).getAttribute('data-case')));
  for (const id of ids) await queue.getByRole('checkbox', { name: `Select case ${id}` }).check();
  await expect(queue.getByText('2 selected')).toBeVisible();
  await queue.getByRole('button', { name: 'Assign selected' }).click();
  const form = queue.locator('form.bulk-form');
  await form.getByLabel('Assign to').selectOption({ label: 'Petra User – Regional managers' });
  await form.getByLabel('Comment').fill('Taking these two.');
  await form.getByRole('button', { name: 'Assign 2 cases' }).click();
  await expect(queue.locator('.bulk-summary')).toHaveText('2 cases changed.');
  // The list is asked again: the two are no longer new.
  for (const id of ids) await expect(queue.locator(`[data-case="${id}"]`)).toHaveCount(0);
  expect(await axeViolations(page, 'cx-queue')).toEqual([]);

  await queue.getByRole('link', { name: /^My cases \(/ }).click();
  await expect(page).toHaveURL('/content/cases/cases/Mine');
  await expect(queue.getByRole('link', { name: /^My cases \(/ })).toHaveAttribute('aria-current', 'page');
  const token = (await (await request.post('/api/identity/token', { data: { username: 'portaluser@demo.cx', password: PASSWORD } })).json()).content.access_token;
  const mine = (await (await request.post('/api/processflow/cases/queue/Mine/PF', { headers: { authorization: `Bearer ${token}` }, data: { skip: 0, top: 500 } })).json()).data;
  expect(mine.map((r: { SourceObjectId: number }) => String(r.SourceObjectId))).toEqual(expect.arrayContaining(ids));
  await queue.getByRole('button', { name: 'Overdue' }).click();
  await expect(queue.getByRole('button', { name: 'Overdue' })).toHaveAttribute('aria-pressed', 'true');
  await expect(queue.locator('.case-card, .no-cases').first()).toBeVisible();
});
