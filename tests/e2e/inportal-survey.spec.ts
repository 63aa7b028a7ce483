import { test, expect } from '@playwright/test';
import { axeViolations, signInAs } from './helpers';
import { MAIL_READER } from '../../playwright.config';

/** The 360-feedback page against the real server; invitations go over SMTP to the local mail server. */
test('give now, nominate with the validation toasts, invite two people by e-mail and see them in the history', async ({ page, context, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 'portaluser@demo.cx');
  await page.getByRole('link', { name: '360° feedback' }).click();
  await expect(page).toHaveURL(/\/content\/insights\/team-feedback$/);
  const people = page.getByRole('table', { name: 'People' });
  await expect(people.getByRole('row')).toHaveCount(51);

  // Search narrows the directory; Give Now opens the survey link in a new tab.
  await page.getByLabel('Search people').fill('Amelia');
  await expect(people.getByRole('row')).not.toHaveCount(51);
  const rows = people.getByRole('row').filter({ hasText: 'Amelia' });
  const [first, second, third] = [rows.nth(0), rows.nth(1), rows.nth(2)];
  const [firstName, secondName, thirdName] = await Promise.all([first, second, third].map(async (r) => (await r.getByRole('cell').first().textContent())!));
  const [popup] = await Promise.all([context.waitForEvent('page'), first.getByRole('button', { name: /^Give Now/ }).click()]);
  await expect.poll(() => popup.url()).toMatch(/\/survey\/leadership-360\/[0-9a-f-]{36}$/);
  await popup.close();

  // Add to the list: the link reads Added, and nobody is on the list twice.
  await first.getByRole('button', { name: /^Add to the list/ }).click();
  await expect(first.getByRole('button', { name: 'Added' })).toBeDisabled();
  await second.getByRole('button', { name: /^Add to the list/ }).click();
  await third.getByRole('button', { name: /^Add to the list/ }).click();
  await expect(page.getByText('3 people on your list')).toBeVisible();

  await page.getByRole('button', { name: 'Invite colleagues' }).click();
  await expect(page.getByRole('heading', { name: 'Nominate' })).toBeVisible();
  await page.getByRole('button', { name: `Remove ${thirdName} from the list` }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please select Relationship for all Nominees')).toBeVisible();
  expect(await axeViolations(page, 'html')).toEqual([]);
  await page.getByLabel(`Relationship of ${firstName}`).selectOption('Peer');
  await page.getByLabel(`Relationship of ${secondName}`).selectOption('Manager');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please select at least 2 Peers')).toBeVisible();
  await page.getByLabel(`Relationship of ${secondName}`).selectOption('Peer');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Send the invitations' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Send the invitations' }).getByRole('row')).toHaveCount(3);
  expect(await axeViolations(page, 'html')).toEqual([]);
  await page.getByRole('button', { name: 'Send invitations' }).click();
  await expect(page.getByText('2 invitations sent.')).toBeVisible();

  // The history shows both invitations, and the list is empty again.
  const history = page.getByRole('table', { name: 'History' });
  await expect(history.getByRole('row').filter({ hasText: 'Peer' })).toHaveCount(2);
  await expect(history.getByRole('row').filter({ hasText: firstName })).toHaveCount(2);
  await expect(history.getByRole('row').filter({ hasText: firstName }).filter({ hasText: 'Peer' })).toContainText('Invited');
  await expect(history.getByRole('row').filter({ hasText: firstName }).filter({ hasText: 'Opened' })).toContainText('Leadership 360');
  await expect(page.getByText('0 people on your list')).toBeVisible();
  expect(await axeViolations(page, 'html')).toEqual([]);

  // Both messages reached the SMTP server, each with its personal link.
  const token = (await (await request.post('/api/identity/token', { data: { username: 'portaluser@demo.cx', password: 'Demo-2345!' } })).json()).content.access_token;
  const invited = (await (await request.post('/api/inportalsurvey/history/data/team-feedback', { headers: { authorization: `Bearer ${token}` }, data: { skip: 0, top: 10 } })).json()).data.filter((r: { Kind: string }) => r.Kind === 'Invite');
  expect(invited).toHaveLength(2);
  for (const { Email, InviteeName } of invited) {
    await expect.poll(async () => (await (await request.get(`${MAIL_READER}/messages?to=${encodeURIComponent(Email)}`)).json()).length, { timeout: 15_000 }).toBe(1);
    const [mail] = await (await request.get(`${MAIL_READER}/messages?to=${encodeURIComponent(Email)}`)).json();
    expect(mail.subject).toBe('Petra User asks for your feedback: Leadership 360');
    expect(mail.text).toContain(`Hello ${InviteeName},`);
    expect(mail.text).toMatch(/\/survey\/leadership-360\/[0-9a-f-]{36}/);
  }
});

test('on a phone a directory row whose name wraps keeps its actions in the row: every cell ends on the row’s line', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 900 });
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/content/insights/team-feedback');
  const people = page.getByRole('table', { name: 'People' });
  await expect(people.getByRole('row')).toHaveCount(51);
  const rows = await people.locator('tbody tr').evaluateAll((trs) =>
    trs.slice(0, 10).map((tr) => ({ height: tr.getBoundingClientRect().height, row: tr.getBoundingClientRect().bottom, cells: [...tr.children].map((td) => td.getBoundingClientRect().bottom) })),
  );
  // Names wrap at this width: some rows are two lines high.
  expect(rows.some((r) => r.height > 40)).toBe(true);
  for (const { row, cells } of rows) for (const bottom of cells) expect(bottom, JSON.stringify(rows[0])).toBeCloseTo(row, 0);
});
