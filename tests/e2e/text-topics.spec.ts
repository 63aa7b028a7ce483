// Issue 49's administrator: a source's topics on its page. The portal proposes topics from the
// source's own comments; one is accepted under a new name, a topic is renamed, and once the pass
// has read the history again the counts are there.
import { test, expect } from './fixtures';
import { signInAs } from './helpers';

test.describe.configure({ timeout: 240_000 });

test('an administrator accepts a proposed topic, renames another, and the counts follow', async ({ page }) => {
  await signInAs(page, 'portaladmin@demo.cx');
  await page.goto('/admin/datasources/reviews');
  await expect(page.getByRole('heading', { name: 'Topics', exact: true })).toBeVisible();
  // The first pass over the seeded reviews ends with the starter topics counted.
  await expect(page.getByText('Every comment has been analysed.')).toBeVisible({ timeout: 180_000 });
  await page.reload();
  const taxonomy = page.getByRole('list', { name: 'Taxonomy' });
  await expect(taxonomy.getByRole('listitem').first()).toBeVisible();

  // Rename the first topic.
  const firstEdit = taxonomy.getByRole('button', { name: /^Edit “/ }).first();
  const oldName = (await firstEdit.getAttribute('aria-label'))!.slice('Edit “'.length, -1);
  await firstEdit.click();
  await page.getByLabel('Name', { exact: true }).fill(`${oldName} (renamed)`);
  await page.getByRole('button', { name: 'Close' }).click();

  // Accept the first suggestion under a name of our own.
  await page.getByRole('button', { name: 'Suggest topics' }).click();
  const candidate = page.getByLabel('Name of the topic').first();
  await expect(candidate).toBeVisible({ timeout: 60_000 });
  await candidate.fill('Suggested by the portal');
  await page.getByRole('button', { name: 'Accept “Suggested by the portal”' }).click();
  await expect(page.getByRole('status').filter({ hasText: '“Suggested by the portal” has been added to the topics.' })).toBeAttached();

  await page.getByRole('button', { name: 'Save the topics' }).click();
  await expect(page.getByText(/The topics have been saved\. Their counts follow/)).toBeVisible();
  const accepted = page.locator('li', { has: page.getByRole('button', { name: 'Edit “Suggested by the portal”' }) }).first();
  await expect(accepted.locator('.topic-figures').first()).toHaveText(/^[1-9][\d,]* comments? · net sentiment/, { timeout: 60_000 });
  await expect(taxonomy.getByText(`${oldName} (renamed)`, { exact: true })).toBeVisible();
  await expect(page.getByText('Every comment has been analysed.')).toBeVisible();
});
