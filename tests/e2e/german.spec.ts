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

/**
 * English a German page must not show: the words of the portal's own controls, states and units
 * (never the data's names, comments or brand words, which stay as entered).
 */
const ENGLISH = [
  'Loading', 'Cancel', 'Save', 'Search', 'Filters', 'Close', 'Settings', 'Reviews', 'Review', 'vs', 'pts', 'records', 'No data', 'Sign out', 'Sign in',
  'Apply', 'Reset', 'Delete', 'Edit', 'Remove', 'Previous', 'Next', 'Show', 'Hide', 'More', 'Submit', 'Assign to', 'Assigned', 'Unassigned', 'Queue',
  'Comments', 'Total', 'Average rating', 'Average star rating', 'Responses', 'Users', 'Groups', 'Period', 'Today', 'Yesterday', 'Page', 'Back', 'Add',
  'Create', 'Open', 'Closed', 'Overdue', 'Subject', 'Reply', 'Replies', 'Rating', 'Score', 'Change', 'Password', 'Language', 'Help', 'Home', 'Drivers',
  'Overview', 'Alerts', 'Operations', 'Surveys', 'Question', 'Questions', 'Preview', 'Publish', 'Draft', 'Invite', 'Given', 'Opened', 'Sent', 'Error',
  'Unauthorised', 'Not Found', 'Signed out', 'Download', 'Upload', 'Select', 'None', 'All', 'Yes', 'No comment',
];
const ENGLISH_WORD = new RegExp(`(?<![\\p{L}\\p{N}-])(${ENGLISH.map((w) => w.replace(/ /g, '\\s+')).join('|')})(?![\\p{L}\\p{N}-])`, 'u');
/** A decimal written the English way (1.5): German writes 1,5 (dates 12.03.2024 and thousands 1.234 are German). */
const ENGLISH_DECIMAL = /(?<![\d.,])\d+\.(\d{1,2}|\d{4,})(?![\d.])/;

/** The data's own words stand as entered: a seeded case's history comment. */
const DATA = /^Assigned to .+\.$/;

/** Every text the page shows or names (shadow roots included): text, labels, placeholders, titles and options. */
function pageTexts(page: import('@playwright/test').Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const skip = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT']);
    const visit = (root: Node) => {
      for (const node of root.childNodes) {
        if (node.nodeType === Node.TEXT_NODE) {
          const parent = node.parentElement;
          const text = node.textContent?.trim();
          // Data as entered (a user's name, an e-mail's subject as sent) is marked translate="no" by the page.
          if (text && parent && !parent.closest('[translate="no"]') && (parent.tagName === 'OPTION' || parent.checkVisibility({ visibilityProperty: true }))) texts.push(text);
          continue;
        }
        if (!(node instanceof Element) || skip.has(node.tagName)) continue;
        for (const name of ['aria-label', 'placeholder', 'title', 'alt', 'aria-description']) {
          const value = node.getAttribute(name)?.trim();
          if (value) texts.push(value);
        }
        if (node.shadowRoot) visit(node.shadowRoot);
        visit(node);
      }
    };
    visit(document.body);
    return texts;
  });
}

/** The routes of host/routes.ts with an address for each (ids of seeded records), and who walks them (none: a visitor). */
const WALKS: Array<{ email?: string; paths: string[] }> = [
  {
    email: 'portaladmin@demo.cx',
    paths: [
      '/', '/home', '/help', '/dashboard/overview/', '/dashboard/drivers/', '/dashboard/social/', '/dashboard/portal-feedback/',
      '/content/insights/responses', '/content/insights/responses?type=AnalyticsViewer', '/content/insights/team-feedback',
      '/content/cases/cases/New', '/content/cases/reviews/New', '/processflow/cases/{case}/cases', '/processflow/reviews/{review}/reviews',
      '/alerts', '/user', '/user/u-portaluser', '/user/register', '/user/changePassword', '/user/updateSettings', '/user/echoLogin',
      '/user/applicationRegistrations', '/group', '/group/register', '/group/g-regional', '/editor/home', '/editor/build/',
      '/editor/update/storevisit', '/createSurvey', '/dataviz', '/dataviz/home', '/operations/panel', '/operations/home', '/no/such/page',
    ],
  },
  { email: 'globaladmin@demo.cx', paths: ['/operations/home'] },
  {
    paths: [
      '/login', '/signin', '/forgotpassword', '/resetPassword/not-a-token', '/userCreation/not-a-token', '/error', '/404', '/401', '/echo-503',
      '/sso/confirm', '/sso/error', '/survey/storevisit', '/help', '/logout',
    ],
  },
];

/** Signs in through the German sign-in form and makes German the account's language (the saved one wins over the browser's). */
async function signInGerman(page: import('@playwright/test').Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Benutzername').fill(email, { timeout: 15_000 });
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Anmelden' }).first().click();
  // The account's saved language may be English: it wins over the browser's until changed.
  const profile = page.getByRole('button', { name: /Profil von|Profile of/ });
  await expect(profile).toBeVisible({ timeout: 15_000 });
  // The landing route may still be arriving after the header shows, and a new route closes the panel: open it until it stays.
  const language = page.getByLabel(/Sprache|Language/);
  await expect(async () => {
    if (!(await language.isVisible())) await profile.click();
    await expect(language).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/UserPreferences/update'));
  await language.selectOption('de');
  await saved;
}

/** What on the current page is not German: its texts with a missing translation, an English word or an English decimal. */
async function notGerman(page: import('@playwright/test').Page, path: string): Promise<string[]> {
  await page.goto(path);
  // One load per route: settled when its calls have answered and nothing says it is still loading.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 }).catch(() => undefined);
  return (await pageTexts(page)).flatMap((text) => {
    if (DATA.test(text)) return [];
    const problem = text.includes('[Missing Translation]') ? '[Missing Translation]' : (ENGLISH_WORD.exec(text)?.[0] ?? ENGLISH_DECIMAL.exec(text)?.[0]);
    return problem ? [`${path}: "${problem}" in "${text.slice(0, 100)}"`] : [];
  });
}

test.describe('every route in German', () => {
  test.use({ locale: 'de-DE' });

  test('no route shows a missing translation, an English word of the portal or an English decimal', async ({ page, request, expectedErrors }) => {
    test.setTimeout(300_000);
    // The made-up invitation token of /userCreation is unknown to the server, as it should be.
    expectedErrors.push(/status of 404 \(Not Found\)/);
    const token = (await (await request.post('/api/identity/token', { data: { username: 'portaladmin@demo.cx', password: PASSWORD } })).json()).content.access_token;
    const first = async (moduleId: string) =>
      (await (await request.post(`/api/processflow/${moduleId}/queue/All/PF`, { headers: { authorization: `Bearer ${token}` }, data: { skip: 0, top: 1 } })).json()).data[0].SourceObjectId;
    const ids: Record<string, string> = { case: await first('cases'), review: await first('reviews') };
    const found: string[] = [];
    for (const walk of WALKS) {
      // Each walk starts signed out: the last one's session (and its language) left behind.
      if (page.url().startsWith('http')) await page.evaluate(() => (localStorage.clear(), sessionStorage.clear()));
      if (walk.email) await signInGerman(page, walk.email);
      try {
        for (const path of walk.paths) found.push(...(await notGerman(page, path.replace(/\{(\w+)\}/g, (_, id: string) => ids[id]))));
      } finally {
        if (walk.email) await backToEnglish(page);
      }
    }
    expect([...new Set(found)]).toEqual([]);
  });
});
