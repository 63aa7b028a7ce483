import { test, expect } from './fixtures';
import { signInAs } from './helpers';

// A US browser: its own order and 12-hour clock ('3/4/2026, 5:06:07 PM') must not reach a screen.
test.use({ locale: 'en-US', timezoneId: 'America/New_York' });

const LONG = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const SHORT = /^\d{2}\/\d{2}\/\d{4}$/;

test('the survey list writes when a survey changed as YYYY-MM-DDTHH:mm:ss in a US browser', async ({ page }) => {
  await signInAs(page, 'surveyeditor@demo.cx');
  await page.goto('/editor/home');
  const changed = page.locator('cx-survey-list').getByRole('table', { name: /surveys$/ }).locator('time').first();
  await expect(changed).toHaveText(LONG);
});

test('the dataviz home writes when a dashboard changed as DD/MM/YYYY in a US browser', async ({ page }) => {
  await signInAs(page, 'portaluser@demo.cx');
  await page.goto('/dataviz/home');
  await expect(page.locator('cx-dataviz-home time').first()).toHaveText(SHORT);
});
