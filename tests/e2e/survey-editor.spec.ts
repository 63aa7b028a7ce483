import { test, expect } from './fixtures';
import { axeViolations, signInAs } from './helpers';

const editor = (page: import('@playwright/test').Page) => page.locator('cx-survey-editor');

test('a survey editor builds a three-question survey with a logic rule, publishes it, a phone answers it and the data viewer shows the answer', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 'surveyeditor@demo.cx');
  await expect(page).toHaveURL(/\/editor\/home$/);
  const list = page.getByRole('table', { name: /surveys$/ });
  await expect(list.getByRole('row', { name: /Store visit/ })).toContainText('Published');
  expect(await axeViolations(page, 'cx-survey-list')).toEqual([]);

  // Create: the title first (an empty one is refused in place).
  await page.getByRole('link', { name: 'New survey' }).click();
  await page.getByRole('button', { name: 'Create survey' }).click();
  await expect(page.getByRole('alert')).toHaveText('A survey needs a title.');
  const title = `Checkout ${Date.now().toString(36)}`;
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Create survey' }).click();
  await expect(page).toHaveURL(/\/editor\/update\/[a-z2-9]{8}$/);

  // The starter's NPS and stars, plus a free-text question shown only to detractors.
  await page.getByRole('button', { name: '+ Free text' }).click();
  const third = editor(page).getByRole('listitem', { name: /^Question 3/ });
  await third.getByLabel('Question text').fill('What went wrong?');
  await third.getByLabel('Show this question').selectOption({ label: 'Question 1: How likely are you to recommend us to a' });
  await expect(third.getByLabel('When the answer is')).toHaveValue('atMost');
  await expect(third.getByLabel('Value')).toHaveValue('6');
  // Two stores: the respondent says which one their answers are about.
  const addStore = editor(page).getByRole('combobox', { name: 'Add a store' });
  await addStore.selectOption({ index: 1 });
  await addStore.selectOption({ index: 1 });
  const stores = (await editor(page).locator('.chosen-stores li').allTextContents()).map((s) => s.replace(/\s*×$/, ''));
  expect(stores).toHaveLength(2);

  // Keyboard reorder: Alt+Arrow Up moves the star question above the NPS question, the button moves it back.
  const stars = editor(page).getByRole('listitem', { name: /^Question 2/ });
  await stars.getByLabel('Question text').focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(editor(page).getByRole('listitem', { name: /^Question/ }).first().getByLabel('Question text')).toHaveValue('How would you rate your visit?');
  await expect(editor(page).getByText('Moved from position 2 to 1.')).toBeAttached();
  await editor(page).getByRole('button', { name: 'Move Question 1 down' }).click();
  await expect(editor(page).getByRole('listitem', { name: /^Question/ }).first().getByLabel('Question text')).toHaveValue(/recommend us/);
  // And by dragging a question's handle onto another question.
  await editor(page).locator('.question-card').nth(1).locator('.handle').dragTo(editor(page).locator('.question-card').nth(0));
  await expect(editor(page).getByRole('listitem', { name: /^Question/ }).first().getByLabel('Question text')).toHaveValue('How would you rate your visit?');
  await editor(page).locator('.question-card').nth(1).locator('.handle').dragTo(editor(page).locator('.question-card').nth(0));
  await expect(editor(page).getByRole('listitem', { name: /^Question/ }).first().getByLabel('Question text')).toHaveValue(/recommend us/);

  // Undo takes back the last change only.
  await third.getByLabel('Question text').fill('What went wrong? Typo');
  await editor(page).getByRole('button', { name: 'Undo last change' }).click();
  await expect(third.getByLabel('Question text')).toHaveValue('What went wrong?');
  await expect(editor(page).getByText('All changes saved')).toBeVisible();

  // German texts: the preview follows the editing language.
  await editor(page).getByRole('button', { name: 'Deutsch' }).click();
  await third.getByLabel('Question text').fill('Was lief schief?');
  await expect(editor(page).locator('.preview')).toContainText('Wie wahrscheinlich ist es');
  await editor(page).getByRole('button', { name: 'English' }).click();
  await expect(editor(page).getByText('All changes saved')).toBeVisible();
  expect(await axeViolations(page, 'cx-survey-editor')).toEqual([]);

  await editor(page).getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(editor(page).getByRole('status').filter({ hasText: 'The survey is published' })).toBeVisible();
  const link = await editor(page).locator('.public-link a').getAttribute('href');
  expect(link).toMatch(/\/survey\/[a-z2-9]{8}$/);

  // Anonymous, on a phone: the logic shows the follow-up to a detractor only.
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const respondent = await phone.newPage();
  await respondent.goto(link!);
  await expect(respondent.getByRole('heading', { name: title })).toBeVisible();
  await expect(respondent.getByRole('navigation')).toHaveCount(0);
  await respondent.getByRole('button', { name: 'Send answers' }).click();
  await expect(respondent.getByText('This question needs an answer.')).toHaveCount(3);
  await respondent.getByRole('group', { name: /Which store are your answers about/ }).getByLabel(stores[1]).check();
  await respondent.getByLabel('9', { exact: true }).check();
  await expect(respondent.getByLabel(/What went wrong/)).toHaveCount(0);
  await respondent.getByLabel('3', { exact: true }).check();
  await respondent.getByLabel('2 stars').check();
  const comment = `Long queue at the till ${Date.now().toString(36)}`;
  await respondent.getByLabel(/What went wrong/).fill(comment);
  expect(await axeViolations(respondent, 'cx-survey')).toEqual([]);
  await respondent.getByRole('button', { name: 'Send answers' }).click();
  await expect(respondent.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await phone.close();

  // The editor counts it; an analyst finds it in the data viewer by its words (the seed's rows of
  // today run to 20:00, so before then the answer is not the newest).
  await page.goto('/editor/home');
  await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('1');
  // Another's survey opens read-only: no publishing, nothing saved.
  await page.goto('/editor/update/leadership-360');
  await expect(editor(page).getByRole('note')).toHaveText('You can look at this survey, but only its owner or a PortalAdmin can change it.');
  await expect(editor(page).getByRole('button', { name: /Publish|Close survey/ })).toHaveCount(0);
  await expect(editor(page).getByLabel('Title')).toBeDisabled();
  const analyst = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const viewer = await analyst.newPage();
  await signInAs(viewer, 'portaladmin@demo.cx');
  await viewer.goto('/content/insights/responses');
  await viewer.locator('cx-data-viewer .bar').getByPlaceholder('Search comments').fill(comment.split(' ').pop()!);
  await expect(viewer.locator('cx-data-viewer .records').getByText(comment)).toBeVisible();
  await analyst.close();
});

test('an unknown survey address says so, and a 360° feedback link opens its survey', async ({ page, expectedErrors }) => {
  expectedErrors.push(/status of 404/);
  await page.goto('/survey/nosuchcode');
  await expect(page.getByRole('heading', { name: 'Survey not found' })).toBeVisible();
  await page.goto('/survey/leadership-360/6d1f0a4e-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Leadership 360' })).toBeVisible();
  await expect(page.getByText('How clearly does this colleague set goals?')).toBeVisible();
});

test('on a page of its own (one script tag) a published survey is answered without a sign-in, page by page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/demo/survey.html');
  const survey = page.locator('cx-survey');
  await expect(survey.getByRole('heading', { name: 'Store visit' })).toBeVisible();
  await expect(survey.getByText('Which store')).toHaveCount(0);
  await survey.getByLabel('4', { exact: true }).check();
  await survey.getByLabel('3 stars').check();
  // A passive's follow-up: what could be better.
  await survey.getByLabel('Service').check();
  await survey.getByRole('button', { name: 'Next' }).click();
  await expect(survey.getByText('Page 2 of 2')).toBeVisible();
  await survey.getByLabel(/Anything else/).fill('Friendly staff, slow tills.');
  await survey.getByRole('button', { name: 'Send answers' }).click();
  await expect(survey.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  expect(await axeViolations(page, 'cx-survey')).toEqual([]);
});
