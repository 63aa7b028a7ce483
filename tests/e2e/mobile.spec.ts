import { test, expect } from './fixtures';
import { signInAs } from './helpers';

test('on a phone-width screen a hideOnMobile item opens /echo-503 and is not in the menu', async ({ page }) => {
  await page.setViewportSize({ width: 400, height: 800 });
  await signInAs(page, 'surveyeditor@demo.cx');
  // The survey editor is flagged hideOnMobile: the role's landing page becomes the not-on-mobile page.
  await expect(page).toHaveURL('/echo-503');
  await expect(page.getByRole('heading', { name: 'Not available on mobile' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Survey editor' })).toHaveCount(0);
});

test('client plugins are added to their parent once it appears', async ({ page }) => {
  await page.route('**/api/content/clientplugins', (route) =>
    route.fulfill({ json: [{ elementName: 'cx-star-rating', enabled: true, hideOnMobile: false, parentSelector: '#late-slot', retryInterval: 200 }] }),
  );
  await page.goto('/login');
  await page.evaluate(() => setTimeout(() => {
    const slot = document.createElement('div');
    slot.id = 'late-slot';
    document.body.append(slot);
  }, 600));
  await expect(page.locator('#late-slot > cx-star-rating')).toHaveCount(1);
  await expect(page.locator('#late-slot cx-star-rating [role="slider"]')).toBeVisible();
});
