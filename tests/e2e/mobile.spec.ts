import { test, expect } from './fixtures';
import { axeViolations, signInAs } from './helpers';

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

test.describe('a phone at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 }, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148' });

  test('one menu opens at a time, Escape closes it, the data page offers only what works here, and nothing is wider than the screen', async ({ page }) => {
    await signInAs(page, 'portaluser@demo.cx');
    await page.goto('/dashboard/overview/');
    // The menu's More (a tile's "+2 more" is another button).
    const more = page.getByRole('button', { name: 'More', exact: true });
    const profile = page.getByRole('button', { name: /Profile of/ });
    await more.click();
    await expect(page.getByRole('menu')).toBeVisible();
    await profile.click();
    await expect(page.getByRole('dialog', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('menu')).toHaveCount(0);
    await more.click();
    await expect(page.getByRole('dialog', { name: 'Profile' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(more).toBeFocused();

    // Wide tables scroll inside their tile: the page itself never scrolls sideways.
    await expect(page.locator('cx-dashboard .dashboard')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The modes that would go to the not-on-mobile page are not offered.
    await page.goto('/content/insights/responses');
    const views = page.locator('cx-data-viewer').getByRole('navigation', { name: 'Views' }).getByRole('link');
    await expect(views).toHaveText(['Records']);
  });

  test('wide tables scroll inside their own region, by keyboard too, and no page is wider than the screen', async ({ page }) => {
    await signInAs(page, 'portaladmin@demo.cx');
    const pages: Array<[string, string]> = [
      ['/user', 'cx-user-list'],
      ['/content/cases/cases/All', 'cx-queue'],
      ['/content/insights/team-feedback', 'cx-inportal-survey'],
      ['/group', 'cx-group-list'],
    ];
    for (const [path, tag] of pages) {
      await page.goto(path);
      await expect(page.locator(`${tag} table`).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
    }
    // The queue's table of seven columns is wider than the phone: its region scrolls from the keyboard.
    await page.goto('/content/cases/cases/All');
    const region = page.locator('cx-queue').getByRole('group', { name: 'Cases in the All queue' });
    await expect(region).toBeVisible();
    expect(await region.evaluate((r) => r.scrollWidth > r.clientWidth)).toBe(true);
    await region.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((r) => r.scrollLeft)).toBeGreaterThan(0);
    expect(await axeViolations(page, 'cx-queue')).toEqual([]);
  });

  test('a case whose title wraps keeps its state badge one line high', async ({ page }) => {
    await signInAs(page, 'portaladmin@demo.cx');
    await page.goto('/content/cases/cases/New');
    await expect(page.locator('cx-queue .case-card').first()).toBeVisible();
    // The first card whose title takes two lines or more, and its badge.
    const heights = await page.locator('cx-queue .case-card header').evaluateAll((headers) =>
      headers.map((h) => [h.querySelector('h2')!.getBoundingClientRect().height, h.querySelector('.state')!.getBoundingClientRect().height]),
    );
    const wrapped = heights.filter(([t]) => t > 30);
    expect(wrapped.length).toBeGreaterThan(0);
    for (const [, badge] of wrapped) expect(badge).toBeLessThan(24);
  });
});

test.describe('a phone’s own browser (its page as wide as its content)', () => {
  test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });

  test('the menu is measured without widening the page: More holds the phone’s items only, and nothing is past the screen', async ({ page }) => {
    await signInAs(page, 'portaluser@demo.cx');
    // A slow phone's first view: the menu arrives and is measured while the page is still laying itself out.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto('/dashboard/overview/');
    await expect(page.locator('cx-dashboard .dashboard')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const nav = page.locator('cx-top-nav');
    await nav.getByRole('button', { name: 'More' }).click();
    // The survey editor's menu is hidden on phones (hideOnMobile): a page widened by the measuring read as a desktop's.
    await expect(nav.getByRole('menu').getByRole('menuitem')).not.toHaveCount(0);
    await expect(nav.getByRole('menu').getByRole('menuitem', { name: 'Survey editor' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    const onScreen = await page.evaluate(() => ({
      width: innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
      itemsPastTheScreen: [...document.querySelector('cx-top-nav')!.shadowRoot!.querySelectorAll('.menu > ul > li')].filter((li) => li.getBoundingClientRect().right > innerWidth).length,
    }));
    expect(onScreen).toEqual({ width: 412, scrollWidth: 412, itemsPastTheScreen: 0 });
  });
});
