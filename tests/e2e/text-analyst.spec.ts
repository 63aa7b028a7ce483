// Issue 49's analyst: the Overview dashboard filtered to the negative comments about a topic shows
// the topic-impact tile, and the records under the same filters show the words that made them.
import type { APIRequestContext, Locator } from '@playwright/test';
import { test, expect } from './fixtures';
import { dashboardReady, PASSWORD, signInAs } from './helpers';

test.describe.configure({ timeout: 240_000 });

/** The state of the text analysis of the seeded responses, as an administrator reads it. */
async function analysisState(request: APIRequestContext, token: string): Promise<string | undefined> {
  const res = await request.get('/api/datasources/responses', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { textAnalysis?: { state?: string } }).textAnalysis?.state;
}

/** Chooses Sentiment = negative and the topic most counted under it in a filter bar; the topic's name. */
async function negativeAboutATopic(bar: Locator, topic?: string): Promise<string> {
  // Wider than the dashboard's default week: enough negative comments about each topic to rank them.
  await bar.getByRole('combobox').selectOption('Last90Days');
  await bar.getByText('Sentiment', { exact: true }).click();
  await bar.getByRole('group', { name: 'Sentiment' }).getByRole('checkbox', { name: /^negative \(/ }).check();
  await bar.getByText('Topic', { exact: true }).click();
  const topics = bar.getByRole('group', { name: 'Topic' }).getByRole('checkbox');
  // The topics counted under Sentiment = negative: the first named one (not the comments about none).
  const named = topics.and(bar.getByRole('checkbox', { name: topic ? new RegExp(`^${topic.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`) : /^(?!\[Blank\])/ })).first();
  await expect(named).toBeVisible();
  const name = topic ?? ((await named.locator('xpath=..').textContent()) ?? '').replace(/\s*\([\d,]+\)\s*$/, '').trim();
  await named.check();
  await expect(bar.getByRole('status')).toHaveText('3 filters');
  return name;
}

test('an analyst filters Overview to negative comments about a topic, sees the topic impact and the highlighted words in the records', async ({ page, request }) => {
  // The first pass over the seeded responses has ended (sentiment and topics of every comment).
  const signIn = await request.post('/api/identity/token', { data: { username: 'portaladmin@demo.cx', password: PASSWORD } });
  const admin = ((await signIn.json()) as { content: { access_token: string } }).content.access_token;
  await expect.poll(() => analysisState(request, admin), { timeout: 200_000, intervals: [1_000, 2_000, 5_000] }).toBe('done');

  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/dashboard/overview/');
  await dashboardReady(page);
  const dash = page.locator('cx-dashboard');
  const topic = await negativeAboutATopic(dash.locator('.bar'));
  await dashboardReady(page);
  // The tile ranks the topics of these comments by how far they move the NPS, each bar named.
  const impact = dash.locator('[data-visual="topic-impact"]');
  await expect(impact.getByRole('group', { name: 'Topics ranked by how far they move the NPS' })).toBeVisible();
  await expect(impact.getByText('NPS of the comments mentioning a topic against those that do not, in points.')).toBeVisible();

  // The records under the same filters: the words that made the comments, with their reasons.
  await page.goto('/content/insights/responses');
  await negativeAboutATopic(page.locator('cx-data-viewer .bar'), topic);
  const grid = page.locator('cx-data-viewer .records');
  const marks = grid.locator('[role="row"] mark.cx-hl');
  await expect(marks.first()).toBeVisible();
  const negative = marks.filter({ has: page.locator('.cx-hl-reason', { hasText: /^ negative (word|phrase) “.+”/ }) }).first();
  await expect(negative).toBeVisible();
  const aboutTopic = marks.filter({ has: page.locator('.cx-hl-reason', { hasText: `(${topic})` }) }).first();
  await expect(aboutTopic).toBeVisible();
  // The reason shows to the keyboard as to the mouse. The grid may still redraw with the last filter's
  // rows (a redraw replaces the focused mark), so focusing and measuring are retried together.
  await expect(async () => {
    await aboutTopic.focus();
    expect((await aboutTopic.locator('.cx-hl-reason').boundingBox())?.width ?? 0).toBeGreaterThan(20);
  }).toPass({ timeout: 10_000 });
});
