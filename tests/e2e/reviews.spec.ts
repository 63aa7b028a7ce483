import { test, expect } from './fixtures';
import { PASSWORD, signInAs } from './helpers';
import { rangeFor, toFilterBounds } from '../../src/lib/date-ranges';

test('a PortalUser pages the review feed, replies to a negative review from its card with the quick template, and sees it replied', async ({ page }) => {
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/dashboard/social/');
  const dash = page.locator('cx-dashboard');
  const feed = dash.locator('[data-template="ReviewFeed"]');
  await expect(feed.locator('.review-card').first()).toBeVisible();
  // The dashboard's default period (the last 7 days): a reply there moves the reply rate by points.

  // Load more appends a page; a tab change starts again at the first page.
  const shown = async () => feed.locator('.review-card').count();
  const first = await shown();
  await feed.getByRole('button', { name: 'Load more reviews' }).click();
  await expect.poll(shown).toBeGreaterThan(first);
  await feed.getByRole('tab', { name: 'Awaiting reply' }).click();
  await expect(feed.getByRole('tab', { name: 'Awaiting reply' })).toHaveAttribute('aria-selected', 'true');
  await feed.getByRole('tab', { name: 'Negative' }).click();
  await expect(feed.getByRole('tab', { name: 'Negative' })).toHaveAttribute('aria-selected', 'true');
  await expect(feed.locator('.review-feed')).toHaveAttribute('aria-busy', 'false');
  await expect.poll(shown).toBeLessThanOrEqual(10);
  const replies = dash.locator('[data-template="ReviewReplies"] dd strong').first();
  const rateBefore = await replies.textContent();

  const card = feed.locator('.review-card').filter({ has: page.getByRole('link', { name: 'Reply' }) }).first();
  const id = await card.getAttribute('data-review');
  await card.getByRole('link', { name: 'Reply' }).click();
  await expect(page).toHaveURL(new RegExp(`/processflow/reviews/${id}/cases\\?action=Reply&quickTemplate=Sorry\\+this\\+happened$`));

  const detail = page.locator('cx-record-detail');
  const form = detail.locator('form.action-form');
  await expect(form.getByLabel('Comment')).toHaveValue(/^We are sorry this happened/);
  // Without the social sign-in the reply is refused; with it, it is published.
  await form.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(detail.getByRole('alert').first()).toContainText('sign in to the review provider first');
  await detail.getByRole('button', { name: 'Sign in to reply' }).click();
  await expect(detail.getByText('Signed in to the review provider')).toBeVisible();
  await form.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(detail.getByRole('status').filter({ hasText: 'Reply' }).first()).toBeVisible();
  await expect(detail.locator('.case-header .state')).toHaveText('Resolved');
  await expect(detail.locator('.timeline li').first()).toContainText('We are sorry this happened');

  await page.goto('/dashboard/social/');
  const after = page.locator('cx-dashboard [data-template="ReviewFeed"]').locator(`[data-review="${id}"]`);
  await expect(after.getByRole('link', { name: 'View Details' })).toBeVisible();
  await expect(after.locator('.review-reply')).toContainText('We are sorry this happened');
  const rateAfter = page.locator('cx-dashboard [data-template="ReviewReplies"] dd strong').first();
  await expect(rateAfter).not.toHaveText(rateBefore ?? '');
});

test('the restricted user sees only their region’s reviews', async ({ page, request }) => {
  const token = (await (await request.post('/api/identity/token', { data: { username: 'north.manager@demo.cx', password: PASSWORD } })).json()).content.access_token;
  // A dashboard always shows a period ("All dates" means its last 7 days): the last 30 days, asked of the API and chosen in the bar.
  const month = { filterKey: 'ReviewDate', filterDataType: 'DateTime', ...toFilterBounds(rangeFor('Last30Days', new Date())!) };
  const answer = await (await request.post('/api/dashboard/visuals/reviews/review-feed', { headers: { authorization: `Bearer ${token}` }, data: { smartFilters: [month], feed: { page: 0, feedTab: 'None', sortOrder: 'NewestToOldest' } } })).json();
  const count: number = answer.primary.review.count;
  expect(count).toBeGreaterThan(0);
  await signInAs(page, 'north.manager@demo.cx');
  await page.goto('/dashboard/social/');
  const feed = page.locator('cx-dashboard [data-template="ReviewFeed"]');
  await expect(feed.locator('.review-card').first()).toBeVisible();
  await page.locator('cx-dashboard .bar').getByRole('combobox').selectOption('Last30Days');
  await expect(feed.getByRole('status').filter({ hasText: 'reviews shown' })).toContainText(`of ${count} reviews shown`);
  const stores = await feed.locator('.review-card .review-meta').allTextContents();
  const north = ['Leeds', 'Manchester', 'Newcastle', 'York', 'Sheffield', 'Liverpool', 'Hull', 'Bradford'];
  expect(stores.length).toBeGreaterThan(0);
  for (const s of stores) expect(north.some((city) => s.includes(city)), s).toBe(true);
});

test('each star count’s bar is as long as its count, a count of 0 a hairline, beside the filter bar in one dashboard', async ({ page }) => {
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/dashboard/social/');
  const rows = page.locator('cx-dashboard [data-template="ReviewRatings"] .breakdown li');
  await expect(rows).toHaveCount(5);
  const drawn = await rows.evaluateAll((lis) =>
    lis.map((li) => ({ count: Number(li.querySelector('.count')!.textContent), width: li.querySelector<HTMLElement>('.count')!.previousElementSibling!.getBoundingClientRect().width })),
  );
  const max = Math.max(1, ...drawn.map((d) => d.count));
  // Bars are at most 200 px (spec part 3 section 9), in proportion to the largest count; 0 keeps a 1 px line.
  for (const { count, width } of drawn) expect(width, JSON.stringify(drawn)).toBeCloseTo(Math.max(1, Math.round((count / max) * 200)), 0);
});
