import { test, expect } from './fixtures';
import { signInAs } from './helpers';

test('the QR code counts down every second and is replaced with 20 seconds left', async ({ page }) => {
  await page.clock.install({ time: new Date() });
  let codesAsked = 0;
  page.on('request', (r) => void (r.url().endsWith('/api/identity/totp/next') && codesAsked++));
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/user/echoLogin');
  await expect(page.getByRole('img', { name: 'QR code for the mobile assistant' })).toBeVisible();
  const countdown = page.getByRole('timer');
  await expect(countdown).toHaveText(/Expires in 1[12]\d seconds/);
  // From here the page's time moves only when the test moves it.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 100));
  const seconds = async () => Number(/(\d+)/.exec((await countdown.textContent()) ?? '')![1]);
  // One tick at the paused time first: the text then says that time, not one read up to a second before it.
  await page.clock.runFor(1000);
  const first = await seconds();
  await page.clock.runFor(3000);
  await expect.poll(seconds).toBe(first - 3);
  // The page's own re-renders (settings, context) keep the code it shows.
  expect(codesAsked).toBe(1);

  const code = await page.getByLabel('One-time code').textContent();
  await page.clock.runFor((first - 3 - 20) * 1000);
  await expect(page.getByLabel('One-time code')).not.toHaveText(code!);
});

test('a mobile browser is sent to /echo-503', async ({ page }) => {
  await signInAs(page, 'portaluser@demo.cx');
  await page.setViewportSize({ width: 400, height: 800 });
  await page.goto('/user/echoLogin');
  await expect(page).toHaveURL('/echo-503');
  await expect(page.getByRole('heading', { name: 'Not available on mobile' })).toBeVisible();
});

test('without isEcho2Enabled and a QR base URL there is no QR code', async ({ page }) => {
  await page.route('**/api/settings', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), isEcho2Enabled: false } });
  });
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/user/echoLogin');
  await expect(page.getByText('Sign-in by QR code is not enabled for this portal.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for the mobile assistant' })).toHaveCount(0);
});
