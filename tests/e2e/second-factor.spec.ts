import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { test, expect } from './fixtures';
import { PASSWORD, signInAs } from './helpers';

/** The code the authenticator app would show for `secret`, `steps` 30-second steps from now. */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });

/**
 * The demo administrators are shared with every other spec: each test puts back what it changed
 * (no second factor, the requirement off), whatever step it failed at.
 */
const touched = new Map<string, string | undefined>();
async function restore(request: APIRequestContext, email: string, recoveryCode: string | undefined) {
  const token = async (otp?: string) => (await (await request.post('/api/identity/token', { data: { username: email, password: PASSWORD, ...(otp ? { otp } : {}) } })).json()).content;
  const call = (method: 'post' | 'put', path: string, access: string, data: object) => request[method](path, { data, headers: { authorization: `Bearer ${access}` } });
  let content = await token(recoveryCode);
  if (content?.secondFactorSetup) {
    // Stuck in an enrol-only session: set one up, to sign in fully and lift the requirement.
    const setup = await (await call('post', '/api/account/second-factor/setup', content.access_token, {})).json();
    await call('post', '/api/account/second-factor/confirm', content.access_token, { code: codeOf(setup.secret) });
    content = await token(codeOf(setup.secret, 1));
  }
  if (!content) return;
  await call('put', '/api/account/second-factor/required', content.access_token, { required: false });
  await call('post', '/api/account/second-factor/disable', content.access_token, { password: PASSWORD });
}
test.afterEach(async ({ request }) => {
  for (const [email, code] of touched) await restore(request, email, code);
  touched.clear();
});

async function typeCredentials(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('User name').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).first().click();
}

test('an administrator sets up two-step sign-in, then cannot sign in without the code, and signs in with it', async ({ page, expectedErrors }) => {
  // The sign-in that is asked for its code answers 400, which the browser logs.
  expectedErrors.push(/status of 400/);
  await signInAs(page, 'portaladmin@demo.cx');
  touched.set('portaladmin@demo.cx', undefined);
  await page.goto('/user/updateSettings');
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  // The key for typing into the app by hand: what the test's "app" uses.
  const secret = (await page.locator('cx-user-settings .secret').textContent())!.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await page.getByLabel('Code from your authenticator app').fill(codeOf(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Two-step sign-in is on.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  touched.set('portaladmin@demo.cx', (await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').first().textContent())!.trim());
  await page.getByRole('button', { name: 'I have saved the codes' }).click();
  await expect(page.getByText('10 recovery codes are left')).toBeVisible();

  await page.getByRole('button', { name: /Profile of/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');

  // The password alone is not enough: the page asks for the code and keeps the password typed.
  await typeCredentials(page, 'portaladmin@demo.cx');
  const code = page.getByLabel('Code from your authenticator app');
  await expect(code).toBeFocused();
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  await expect(page.getByRole('alert')).toHaveText('Enter the code from your authenticator app.');
  await expect(page).toHaveURL('/login');

  // A wrong code is refused.
  const current = codeOf(secret, 1);
  await code.fill(current === '000000' ? '000001' : '000000');
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  await expect(page.getByRole('alert')).toHaveText('The code is incorrect.');

  // The next step's code (the one that confirmed the set-up is spent): signed in.
  await code.fill(current);
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('button', { name: /Profile of/ })).toBeVisible();
});

test('when the portal requires it, an administrator without one is taken to set it up and can do nothing else until then', async ({ page, expectedErrors }) => {
  // The sign-in asked for its code answers 400; the shell's calls that the enrol-only session may not make answer 403.
  expectedErrors.push(/status of 400/, /status of 403/);
  await signInAs(page, 'globaladmin@demo.cx');
  await page.goto('/user/updateSettings');
  const required = page.getByLabel('Require two-step sign-in for administrators');
  touched.set('globaladmin@demo.cx', undefined);
  await required.check();
  await expect(required).toBeChecked();
  await page.getByRole('button', { name: /Profile of/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();

  await typeCredentials(page, 'globaladmin@demo.cx');
  await expect(page).toHaveURL('/user/updateSettings');
  await expect(page.getByText('The portal requires two-step sign-in for administrators.')).toBeVisible();
  // Any other page leads back here.
  await page.goto('/user');
  await expect(page).toHaveURL('/user/updateSettings');

  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  const secret = (await page.locator('cx-user-settings .secret').textContent())!.replace(/\s/g, '');
  await page.getByLabel('Code from your authenticator app').fill(codeOf(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  touched.set('globaladmin@demo.cx', (await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').first().textContent())!.trim());
  await page.getByRole('button', { name: 'Sign in again' }).click();
  await expect(page).toHaveURL('/login');

  await typeCredentials(page, 'globaladmin@demo.cx');
  await page.getByLabel('Code from your authenticator app').fill(codeOf(secret, 1));
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  await expect(page).toHaveURL('/home');
  await page.goto('/user');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
});

test('the demo administrators are left as they were: no code asked', async ({ request }) => {
  for (const username of ['globaladmin@demo.cx', 'portaladmin@demo.cx']) {
    const answer = await request.post('/api/identity/token', { data: { username, password: PASSWORD } });
    expect(answer.status(), username).toBe(200);
    expect((await answer.json()).content.secondFactorSetup, username).toBeUndefined();
  }
});
