import { test, expect } from './fixtures';
import { signInAs } from './helpers';

test('Other Devices: register with a code and a scope label, re-scope, remove', async ({ page, expectedErrors }) => {
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

  // The device shows the code the portal issued for this user.
  const code = await page.evaluate(async () => {
    const token = JSON.parse(sessionStorage.getItem('cx.session')!).token;
    const res = await fetch('/api/identity/totp/next', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    return (await res.json()).code as string;
  });
  await page.getByLabel('Code shown on the device').fill(code);
  await page.getByRole('button', { name: 'Register device' }).click();
  await expect(page.getByRole('status')).toHaveText('The device was registered as Tablet.');

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
