import { test, expect } from './fixtures';
import { backToEnglish, signInAs } from './helpers';

test('an invitation sets the first password, and a forgotten password is reset by e-mail', async ({ page, request, expectedErrors }) => {
  expectedErrors.push(/status of (400|404)/);
  // An administrator creates the user; the invitation arrives by e-mail.
  const token = (await (await request.post('/api/identity/token', { data: { username: 'globaladmin@demo.cx', password: 'Demo-2345!' } })).json()).content.access_token;
  const created = await request.post('/api/identity/createuser', {
    headers: { authorization: `Bearer ${token}` },
    data: { User: { email: 'rita.reset@demo.cx', firstName: 'Rita', lastName: 'Reset', role: 'SurveyEditor', claims: [] } },
  });
  expect(created.status()).toBe(201);
  const mail = async () => (await (await request.get('/api/dev/mail?recipient=rita.reset@demo.cx')).json())[0].body as string;
  await page.goto(/\/userCreation\/[\w-]+/.exec(await mail())![0]);
  await expect(page.getByText('Hello Rita,')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('First-Pass-11');
  await page.getByLabel('Confirm new password').fill('First-Pass-11');
  await page.getByRole('button', { name: 'Create password' }).click();
  await expect(page).toHaveURL('/login?passwordCreated=1');
  await expect(page.getByRole('status')).toHaveText('Your password has been created. You can sign in now.');

  await page.getByRole('link', { name: 'Forgotten your password?' }).click();
  await expect(page).toHaveURL('/forgotpassword');
  await page.getByLabel('User name').fill('rita.reset@demo.cx');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toContainText('we have sent it a link');

  // The reset e-mail goes out after the answer (so known and unknown names answer alike): wait for it.
  await expect.poll(mail).toMatch(/\/resetPassword\//);
  const link = /\/resetPassword\/[\w-]+/.exec(await mail())![0];
  await page.goto(link);
  await expect(page.getByText('Hello Rita,')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Second-Pass-22');
  await page.getByLabel('Confirm new password').fill('Second-Pass-2');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert').first()).toHaveText('Passwords do not match. Please enter again.');
  await page.getByLabel('Confirm new password').fill('Second-Pass-22');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL('/login?passwordUpdated=1');
  await expect(page.getByRole('status')).toHaveText('Your password has been updated successfully');
  await signInAs(page, 'rita.reset@demo.cx', 'Second-Pass-22');
  await expect(page).toHaveURL('/editor/home');

  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText('This link is not valid or has expired.');
});

test('user save rules: roles above one’s own, user_EmptyClaims, same-or-higher read-only', async ({ page, expectedErrors }) => {
  expectedErrors.push(/status of 400/);
  await signInAs(page, 'portaladmin@demo.cx');
  await page.goto('/user/register');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('E-mail (the user name)').fill('ada@demo.cx');
  // Roles at or above the admin's own cannot be chosen (the server refuses them too: tests/security).
  for (const role of ['GlobalAdmin', 'PortalAdmin', 'System']) await expect(page.getByRole('option', { name: role })).toBeDisabled();
  await page.getByLabel('Role').selectOption('PortalUser');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText('Choose at least one value for every data restriction.')).toBeVisible();

  await page.getByRole('checkbox', { name: 'South' }).check();
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page).toHaveURL('/user');
  await page.getByLabel('Search users').fill('ada@');
  await expect(page.getByRole('link', { name: 'Ada Lovelace' })).toBeVisible();

  await page.goto('/user/u-globaladmin');
  await expect(page.getByText('This user has the same or a higher role than you')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
});

test('the user list pages by 50 and sorts by column', async ({ page }) => {
  await signInAs(page, 'globaladmin@demo.cx');
  await page.goto('/user');
  await expect(page.getByRole('row')).toHaveCount(51);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  // The table fits the window: from the search field, Tab goes straight to its first column.
  await page.getByLabel('Search users').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Name', exact: true })).toBeFocused();
  // Short dates are DD/MM/YYYY (spec part 1 section 9), not the browser's locale.
  const created = await page.locator('tbody tr td:last-child').allTextContents();
  expect(created.every((d) => /^\d{2}\/\d{2}\/\d{4}$/.test(d.trim()))).toBe(true);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await page.getByRole('button', { name: 'User name' }).click();
  await expect(page.getByRole('columnheader', { name: 'User name' })).toHaveAttribute('aria-sort', 'ascending');
});

test('the menu moves what does not fit behind More', async ({ page }) => {
  await page.setViewportSize({ width: 820, height: 700 });
  await signInAs(page, 'globaladmin@demo.cx');
  const more = page.getByRole('button', { name: 'More' });
  await expect(more).toBeVisible();
  await more.click();
  await expect(page.getByRole('menu').getByRole('menuitem').first()).toBeVisible();
  // The administrators' menu (case rules and webhooks in it) fits a full-HD screen.
  await page.setViewportSize({ width: 1920, height: 700 });
  await expect(more).toBeHidden();
  await expect(page.getByRole('link', { name: 'Groups' })).toBeVisible();
});

test('changing the language applies at once', async ({ page }) => {
  await signInAs(page, 'globaladmin@demo.cx');
  await page.getByRole('button', { name: /Profile of/ }).click();
  await page.getByLabel('Language').selectOption('de');
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Hauptmenü' })).toBeVisible();
  // The choice is saved for the user: put English back for the other tests.
  await backToEnglish(page);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});

test('the language chosen in settings is saved and comes back after a reload', async ({ page }) => {
  await signInAs(page, 'north.manager@demo.cx');
  await page.goto('/user/updateSettings');
  await page.getByLabel('Language').selectOption('de');
  await expect(page.getByRole('status')).toHaveText('Ihre Sprache wurde gespeichert.');
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Hauptmenü' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Einstellungen' })).toBeVisible();
  await page.getByLabel('Sprache').selectOption('en');
  await expect(page.getByRole('status')).toHaveText('Your language was saved.');
});

test('the profile panel opens on its heading, with Sign out in sight in an 800 px window (issue 43)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, 'portaluser@demo.cx');
  await page.getByRole('button', { name: /Profile of/ }).click();
  const panel = page.getByRole('dialog', { name: 'Your profile' });
  // Focus on the heading: no text field takes the keys typed next.
  await expect(panel.getByRole('heading', { name: 'Petra User' })).toBeFocused();
  await expect(panel.getByRole('button', { name: 'Sign out' })).toBeInViewport({ ratio: 1 });
});

test('the profile panel lists the client plugins', async ({ page }) => {
  await signInAs(page, 'portaluser@demo.cx');
  await page.getByRole('button', { name: /Profile of/ }).click();
  const panel = page.getByRole('dialog', { name: 'Your profile' });
  await expect(panel.getByRole('heading', { name: 'Client plugins' })).toBeVisible();
  await expect(panel.getByRole('listitem').filter({ hasText: 'cx-feedback-widget' })).toHaveText('cx-feedback-widget on');
});

test('an unrestricted user shows “All values” and saves unchanged', async ({ page }) => {
  await signInAs(page, 'portaladmin@demo.cx');
  await page.goto('/user/u-portaluser');
  await expect(page.getByRole('checkbox', { name: 'All values (no restriction)' })).toBeChecked();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('The user was saved.');
});

test('the profile panel links the personal pages, where no menu item is marked as the current one', async ({ page }) => {
  await signInAs(page, 'portaladmin@demo.cx');
  for (const [link, heading] of [['Settings', 'Settings'], ['Other Devices', 'Other Devices'], ['Mobile sign-in code', 'Sign in to the mobile assistant']]) {
    await page.getByRole('button', { name: /Profile of/ }).click();
    await page.getByRole('dialog', { name: 'Your profile' }).getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(heading);
    await expect(page.getByRole('navigation', { name: 'Main menu' }).locator('[aria-current="page"]')).toHaveCount(0);
  }
});
