// Issue 49's imported source without scores: customer tweets brought in through the wizard are
// read by the model the portal learned from the seeded responses' NPS, and the source's page says so.
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './fixtures';
import { PASSWORD, signInAs } from './helpers';

test.describe.configure({ timeout: 300_000 });

/** Written for this test (tests/text/customer-tweets.csv): tweets to a retailer, no score beside them. */
const TWEETS = fileURLToPath(new URL('../text/customer-tweets.csv', import.meta.url));
const NEGATIVE = ['TW-1001', 'TW-1003', 'TW-1005', 'TW-1009', 'TW-1013', 'TW-1017'];
const POSITIVE = ['TW-1002', 'TW-1004', 'TW-1006', 'TW-1010', 'TW-1014', 'TW-1024'];

interface TextAnalysis {
  state: string;
  models: Array<{ lang: string; from: string; sourceId: string; sourceName: string }>;
}

async function adminToken(request: APIRequestContext) {
  const res = await request.post('/api/identity/token', { data: { username: 'portaladmin@demo.cx', password: PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { content: { access_token: string } }).content.access_token;
}

async function textAnalysis(request: APIRequestContext, token: string, id: string): Promise<TextAnalysis> {
  const res = await request.get(`/api/datasources/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { textAnalysis: TextAnalysis }).textAnalysis;
}

test('an imported source without scores gets its sentiment from the model learned from the seeded scores', async ({ page, request }) => {
  // The seeded sources' first passes have ended: the responses' model is learned (at the start of
  // their pass) and the sources after them are read; an import now is read by that model at once.
  const token = await adminToken(request);
  const seededDone = async () => (await Promise.all(['responses', 'reviews'].map((id) => textAnalysis(request, token, id)))).every((a) => a.state === 'done');
  await expect.poll(seededDone, { timeout: 240_000, intervals: [1_000, 2_000, 5_000] }).toBe(true);
  expect((await textAnalysis(request, token, 'responses')).models).toContainEqual(expect.objectContaining({ lang: 'en', from: 'own', sourceId: 'responses' }));

  await signInAs(page, 'portaladmin@demo.cx');
  await page.goto('/admin/datasources');
  await page.getByRole('link', { name: 'Add your data' }).or(page.getByRole('button', { name: 'Add your data' })).first().click();
  await page.locator('input[type=file]').setInputFiles(TWEETS);
  await expect(page.getByRole('heading', { name: 'Check the preview' })).toBeVisible({ timeout: 60_000 });
  await page.getByLabel('Name of the data source').fill('Customer tweets');
  await expect(page.getByLabel('Role of Tweet', { exact: true })).toHaveValue('verbatim');
  await page.getByRole('button', { name: 'Create and import' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 120_000 });
  await page.getByRole('link', { name: 'Go to the data source' }).click();
  await expect(page).toHaveURL(/\/admin\/datasources\/[a-z0-9-]+$/);
  const id = new URL(page.url()).pathname.split('/').pop()!;

  // Its page: the comments read, by the responses' model (it has no scores of its own).
  await expect(page.getByText('Every comment has been analysed.')).toBeVisible({ timeout: 120_000 });
  const [model] = (await textAnalysis(request, token, id)).models;
  expect(model).toMatchObject({ lang: 'en', from: 'portal', sourceId: 'responses' });
  const line = page.getByText(`Sentiment (English): read by the model learned from “${model.sourceName}” (agrees with `);
  await expect(line).toBeVisible();
  if (process.env.E2E_SHOTS) {
    await line.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/shot-model.png` });
  }

  // Its records: the Sentiment column, negative for the complaints and positive for the praise.
  await page.goto(`/content/insights/${id}`);
  // The tweets are from weeks ago: past the viewer's default of the last seven days.
  await page.getByRole('combobox', { name: 'Date' }).selectOption('ClearDate');
  const records = page.getByRole('table', { name: 'Records' });
  await expect(records.getByRole('columnheader', { name: 'Sentiment', exact: true })).toBeVisible({ timeout: 60_000 });
  const sentimentOf = (tweet: string) => records.getByRole('row').filter({ has: page.getByRole('cell', { name: tweet, exact: true }) });
  for (const tweet of NEGATIVE) await expect(sentimentOf(tweet).getByRole('cell', { name: 'negative', exact: true })).toBeVisible();
  for (const tweet of POSITIVE) await expect(sentimentOf(tweet).getByRole('cell', { name: 'positive', exact: true })).toBeVisible();
});
