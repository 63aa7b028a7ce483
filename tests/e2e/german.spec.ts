import { test, expect } from './fixtures';
import { axeViolations, backToEnglish, PASSWORD, signInAs } from './helpers';

test('in German the menu, tiles, layouts, legends, filters and the pivot speak German', async ({ page }) => {
  // The user's own account: the saved language does not reach other tests.
  await signInAs(page, 'globaladmin@demo.cx');
  await page.getByRole('button', { name: /Profile of/ }).click();
  await page.getByLabel('Language').selectOption('de');
  const menu = page.locator('cx-top-nav').getByRole('navigation');
  await expect(menu.getByRole('link', { name: 'Übersicht' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Antworten' })).toBeVisible();
  // The German names are longer: the menu is measured again for them, and every item and More stay inside it.
  const insideMenu = () =>
    page.locator('cx-top-nav').evaluate((el) => {
      const root = el.shadowRoot!;
      const right = root.querySelector('nav.menu')!.getBoundingClientRect().right;
      return [...root.querySelectorAll('nav.menu > ul > li')].every((li) => li.getBoundingClientRect().right <= right + 0.5);
    });
  await expect.poll(insideMenu).toBe(true);
  await expect(menu.getByRole('button', { name: 'Mehr' })).toBeVisible();

  await page.goto('/dashboard/overview/');
  const dash = page.locator('cx-dashboard');
  await expect(dash.locator('.dashboard')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  await expect(dash.locator('[data-visual="stars"] h2')).toHaveText('Durchschnittliche Sternebewertung');
  await expect(dash.getByRole('combobox', { name: 'Layout' }).locator('option')).toHaveText(['Standard', 'Kommentare zuerst']);
  await expect(dash.locator('.bar summary', { hasText: 'Kanal' })).toBeVisible();
  await expect(dash.locator('[data-visual="nps-mix-by-channel"] .legend')).toContainText('Promotor');
  await expect(dash.locator('.breadcrumb')).toContainText('Einblicke');

  await page.goto('/content/insights/responses?type=AnalyticsViewer');
  await expect(page.locator('cx-data-viewer').getByText('Gesamtausgaben').first()).toBeAttached();
  await backToEnglish(page);
});

test('the server answers in the request’s language, English by default', async ({ request }) => {
  // A name no account has: the same answer as a wrong password, and no real account's failures counted.
  const wrong = { data: { username: 'nobody.german@demo.cx', password: 'not-the-password' } };
  expect((await (await request.post('/api/identity/token', { ...wrong, headers: { 'accept-language': 'de-DE,de;q=0.9' } })).json()).message).toBe('Benutzername oder Passwort ist falsch.');
  expect((await (await request.post('/api/identity/token', wrong)).json()).message).toBe('The user name or password is incorrect.');
  const missing = await request.get('/api/does/not/exist', { headers: { 'accept-language': 'de' } });
  expect(missing.status()).toBe(404);
  expect((await missing.json()).message).toBe('Keine API-Route für GET /api/does/not/exist');
  const token = (await (await request.post('/api/identity/token', { data: { username: 'portaluser@demo.cx', password: PASSWORD } })).json()).content.access_token;
  const noDashboard = await request.post('/api/dataviz/visuals/nope/Default', { headers: { authorization: `Bearer ${token}`, 'accept-language': 'de' }, data: { smartFilters: [] } });
  expect((await noDashboard.json()).message).toBe('Kein Dashboard „nope“.');
});

/** Signs in, switches the account to German, runs `visit`, and switches back for the next test. */
async function inGerman(page: import('@playwright/test').Page, email: string, visit: () => Promise<void>) {
  await signInAs(page, email);
  await page.getByRole('button', { name: /Profile of/ }).click();
  await page.getByLabel('Language').selectOption('de');
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
  try {
    await visit();
  } finally {
    await backToEnglish(page);
  }
}

test('alerts, operations and the notification pop-up speak German and pass axe', async ({ page }) => {
  await inGerman(page, 'globaladmin@demo.cx', async () => {
    await page.goto('/alerts');
    await expect(page.locator('cx-alerts').getByRole('heading', { name: 'Neuer Alarm' })).toBeVisible();
    await expect(page.locator('cx-alerts').getByLabel('Kennzahl')).toBeVisible();
    expect(await axeViolations(page, 'html')).toEqual([]);
    await page.goto('/operations/home');
    await expect(page.locator('cx-operations').getByRole('button', { name: 'Alarme jetzt ausführen' })).toBeVisible();
    await expect(page.locator('cx-operations').getByRole('heading', { name: 'Protokoll' })).toBeVisible();
    expect(await axeViolations(page, 'html')).toEqual([]);
    await page.getByRole('button', { name: /^Benachrichtigungen, \d+ ungelesen$/ }).click();
    await expect(page.getByRole('region', { name: 'Benachrichtigungen' })).toBeVisible();
    expect(await axeViolations(page, 'cx-top-nav')).toEqual([]);
    await page.keyboard.press('Escape');
  });
});

test('the survey editor, its list, a public survey and the data visualisation home speak German and pass axe', async ({ page }) => {
  await inGerman(page, 'portaladmin@demo.cx', async () => {
    await page.goto('/editor/home');
    await expect(page.locator('cx-survey-list').getByRole('heading', { name: 'Umfragen' })).toBeVisible();
    await expect(page.locator('cx-survey-list').getByRole('link', { name: 'Filialbesuch' })).toBeVisible();
    expect(await axeViolations(page, 'html')).toEqual([]);
    // The saved language answers after the survey: the editing language still follows it.
    const surveyIn = page.waitForResponse('**/api/surveys/storevisit');
    await page.route('**/api/UserPreferences/get', async (route) => {
      await surveyIn;
      await route.continue();
    });
    await page.goto('/editor/update/storevisit');
    const editor = page.locator('cx-survey-editor');
    await expect(editor.getByRole('heading', { name: 'Live-Vorschau' })).toBeVisible();
    await expect(editor.locator('.preview')).toContainText('Wie wahrscheinlich ist es');
    await expect(editor.getByRole('heading', { level: 1 })).toHaveText('Filialbesuch');
    expect(await axeViolations(page, 'html')).toEqual([]);
    await page.goto('/dataviz');
    await expect(page.locator('cx-dataviz-home').getByRole('heading', { name: 'Datenvisualisierung' })).toBeVisible();
    expect(await axeViolations(page, 'html')).toEqual([]);
    await page.goto('/survey/storevisit');
    await expect(page.getByRole('heading', { name: 'Filialbesuch' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Weiter' })).toBeVisible();
    expect(await axeViolations(page, 'html')).toEqual([]);
    await page.goto('/home');
  });
});
