import { test, expect } from './fixtures';
import { signInAs } from './helpers';

test('groups: create with a member, see it listed, rename, delete', async ({ page }) => {
  await signInAs(page, 'portaladmin@demo.cx');
  await page.goto('/group');
  await expect(page.getByRole('link', { name: 'Head office' })).toBeVisible();
  await page.getByRole('button', { name: 'Add group' }).click();
  await expect(page).toHaveURL('/group/register');
  await page.getByLabel('Name').fill('Store leads');
  await page.getByLabel('Description').fill('Managers of the big stores');
  await page.getByLabel('Add a member').selectOption({ label: 'Nora North (north.manager@demo.cx)' });
  await page.getByRole('button', { name: 'Add to the group' }).click();
  await expect(page.getByRole('button', { name: 'Remove Nora North' })).toBeVisible();
  await page.getByRole('button', { name: 'Create group' }).click();
  await expect(page).toHaveURL('/group');
  const row = page.getByRole('row', { name: /Store leads/ });
  await expect(row).toContainText('Managers of the big stores');
  await expect(row.getByRole('cell').last()).toHaveText('1');

  await row.getByRole('link').click();
  await page.getByLabel('Name').fill('Big store leads');
  await page.getByRole('button', { name: 'Remove Nora North' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('The group was saved.');
  await page.getByRole('button', { name: 'Delete group' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL('/group');
  await expect(page.getByRole('link', { name: 'Big store leads' })).toHaveCount(0);
});
