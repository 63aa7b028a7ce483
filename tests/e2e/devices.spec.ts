import { test, expect } from './fixtures';
import { signInAs } from './helpers';

test('Other Devices: register with a code and a scope label, re-scope, remove', async ({ page, request, expectedErrors }) => {
  expectedErrors.push(/status of 400/);
  await signInAs(page, 'north.manager@demo.cx');
  await page.goto('/user/applicationRegistrations');
  await expect(page.getByRole('heading', { name: 'Other Devices' })).toBeVisible();
  await expect(page.getByText('No devices are registered.')).toBeVisible();

  await page.getByRole('button', { name: 'Register device' }).click();
  await expect(page.getByRole('alert')).toHaveText('Choose a scope label');

  await page.getByLabel('Code shown on the device').fill('00000000');
  await page.getByLabel('Scope label').selectOption('Tablet');
  await page.getByRole('button', { name: 'Register device' }).click();
  await expect(page.getByRole('alert')).toHaveText('The code is not valid or has expired.');

  // The device shows the code the portal issued for this user (here from a second session of theirs).
  const signedIn = await (await request.post('/api/identity/token', { data: { username: 'north.manager@demo.cx', password: 'Demo-2345!' } })).json();
  const issued = await request.post('/api/identity/totp/next', { headers: { authorization: `Bearer ${signedIn.content.access_token}` } });
  const code = (await issued.json()).code as string;
  await page.getByLabel('Code shown on the device').fill(code);
  await page.getByRole('button', { name: 'Register device' }).click();
  await expect(page.getByRole('status')).toHaveText('The device was registered as Tablet.');

  // Long dates are YYYY-MM-DDTHH:mm:ss (spec part 1 section 9).
  await expect(page.getByLabel(/^Registered \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/)).toBeVisible();
  await page.getByLabel(/^Registered /).selectOption('Store kiosk');
  await expect(page.getByRole('status')).toHaveText('The scope label was changed.');
  await page.getByRole('button', { name: 'Remove Store kiosk' }).click();
  await page.getByRole('button', { name: 'Remove for good' }).click();
  await expect(page.getByText('No devices are registered.')).toBeVisible();
});

test('Other Devices is closed to accounts without canManageAppRegistrations', async ({ page }) => {
  await signInAs(page, 'system@demo.cx');
  await page.goto('/user/applicationRegistrations');
  await expect(page.getByText('Your account cannot manage other devices. Ask an administrator.')).toBeVisible();
});
