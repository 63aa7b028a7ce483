// Issue 44's path, as a new CX team takes it: an empty portal, its first administrator, three
// survey exports brought in through the browser, the starter dashboard, records, pivot and export,
// a colleague restricted by a claim, and a script that sends the same file twice.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { test, expect } from './fixtures';
import { EMPTY_PORTAL } from '../../playwright.config';
import { writeSurveyFiles, type SurveyFiles } from './survey-files';
import { signInAs } from './helpers';
import type { Page, APIRequestContext } from '@playwright/test';

const ADMIN = { name: 'Ada Admin', email: 'ada@cx-team.example', password: 'First-Admin-2026' };
let files: SurveyFiles;

test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.use({ baseURL: EMPTY_PORTAL });

test.beforeAll(() => {
  files = writeSurveyFiles(new Date());
});

/** Brings a file in through the wizard: upload, check the proposed definition, create and import; the report. */
async function importThroughWizard(page: Page, path: string, check: (page: Page) => Promise<void>, { watchProgress = false } = {}) {
  await page.goto('/admin/datasources');
  await page.getByRole('link', { name: 'Add your data' }).or(page.getByRole('button', { name: 'Add your data' })).first().click();
  await page.locator('input[type=file]').setInputFiles(path);
  await expect(page.getByRole('heading', { name: 'Check the preview' })).toBeVisible({ timeout: 60_000 });
  await check(page);
  // A large file's import shows its progress (a few hundred rows are written before the first poll).
  const progress = watchProgress ? page.getByRole('progressbar', { name: 'Rows written of rows read' }).waitFor({ state: 'attached', timeout: 120_000 }) : null;
  await page.getByRole('button', { name: 'Create and import' }).click();
  await progress;
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 240_000 });
}

async function adminToken(request: APIRequestContext) {
  const res = await request.post('/api/identity/token', { data: { username: ADMIN.email, password: ADMIN.password } });
  expect(res.status()).toBe(200);
  return (await res.json()).content.access_token as string;
}

test('an administrator sets up an empty portal and brings three survey exports in', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/setup$/);
  await page.getByLabel('Your name').fill(ADMIN.name);
  await page.getByLabel('E-mail address').fill(ADMIN.email);
  await page.getByLabel('New password', { exact: true }).fill(ADMIN.password);
  await page.getByLabel('Confirm new password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Create the administrator' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('link', { name: 'Add your data' })).toBeVisible();

  // Qualtrics: three header rows; the questions name the columns, the NPS question is proposed as NPS.
  await importThroughWizard(page, files.qualtrics, async (p) => {
    await expect(p.getByText(/Read as a Qualtrics export/)).toBeVisible();
    await expect(p.getByLabel('Role of How likely are you to recommend us to a friend?')).toHaveValue('score');
    await expect(p.getByLabel('Role of Why did you give this score?')).toHaveValue('verbatim');
  });
  await expect(page.getByText('240').first()).toBeVisible();

  // SurveyMonkey: question and answer option rows merged; the administrator renames the source.
  await importThroughWizard(page, files.surveyMonkey, async (p) => {
    await expect(p.getByText(/Read as a SurveyMonkey export/)).toBeVisible();
    await p.getByLabel('Name of the data source').fill('Store visits');
  });

  // The generic file: 50,000 rows with a BOM, day-first dates, quoted commas and line breaks, blank lines and bad rows.
  await importThroughWizard(page, files.generic, async (p) => {
    await expect(p.getByLabel('Role of Likelihood to recommend')).toHaveValue('score');
    await expect(p.getByLabel('Role of Region')).toHaveValue('dimension');
    await expect(p.getByLabel('Role of Email')).toHaveValue('customer');
    // Region restricts what a colleague with a Region claim sees.
    await p.getByLabel('Claim type that restricts Region').fill('Region');
  }, { watchProgress: true });
  const report = page.getByRole('table').filter({ hasText: 'Reason' });
  for (const refused of files.genericRefused) {
    await expect(report.getByRole('row').filter({ hasText: new RegExp(`^\\s*${refused.line}\\s*${refused.column}`) })).toHaveCount(1);
  }
  await expect(page.getByText(files.genericRows.toLocaleString('en')).first()).toBeVisible();

  // The starter dashboard, made from the roles, filtered by a region.
  await page.getByRole('link', { name: 'Open the starter dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\/responses-export\//);
  const bar = page.locator('cx-dashboard .bar');
  const shown = async () => Number((await bar.getByText(/records?$/).textContent())!.replace(/\D/g, ''));
  await expect(bar.getByText(/records?$/)).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('cx-dashboard').getByRole('heading', { name: 'NPS over time' })).toBeVisible();
  await expect(page.locator('cx-dashboard').getByRole('heading', { name: 'NPS by Region' })).toBeVisible();
  const all = await shown();
  await bar.getByText('Region', { exact: true }).click();
  await expect(bar.getByRole('group', { name: 'Region' }).getByRole('checkbox')).toHaveCount(4);
  await bar.getByRole('checkbox', { name: /^North/ }).check();
  await expect.poll(shown).toBeLessThan(all);
  await expect.poll(shown).toBeGreaterThan(0);
});

test('the records, the pivot and the Excel export answer for the new source, within a claim', async ({ page, request }) => {
  const token = await adminToken(request);
  // A colleague of the North region, invited by the administrator.
  const created = await request.post('/api/identity/createuser', {
    headers: { authorization: `Bearer ${token}` },
    data: { User: { email: 'nora.north@cx-team.example', firstName: 'Nora', lastName: 'North', role: 'PortalUser', claims: [{ Type: 'Region', Value: 'North' }] } },
  });
  expect(created.status()).toBe(201);

  // The administrator opens the records from the menu's data viewer and exports them.
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/content/insights/responses-export');
  const records = page.getByRole('table', { name: 'Records' });
  await expect(records.getByRole('row').nth(5)).toBeVisible({ timeout: 60_000 });
  const download = page.waitForEvent('download', { timeout: 120_000 });
  await page.getByRole('button', { name: 'Export to Excel' }).first().click();
  const file = await (await download).path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file!);
  const texts = book.worksheets.flatMap((s) => s.getSheetValues().flat().map(String));
  // The formula-like comment stays text, as it was written; in the file it is an inline string marked
  // with Excel's apostrophe (quotePrefix), never a formula, also once someone edits the cell.
  expect(texts).toContain('=HYPERLINK("http://evil.example","click")');
  const zip = await JSZip.loadAsync(readFileSync(file!));
  const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
  expect(sheet).not.toContain('<f>');
  const cell = /<c r="[A-Z]+\d+" t="inlineStr" s="(\d+)"><is><t xml:space="preserve">=HYPERLINK/.exec(sheet);
  const styles = await zip.file('xl/styles.xml')!.async('string');
  const xfs = [...styles.split('<cellXfs')[1].matchAll(/<xf [^>]*>/g)].map((m) => m[0]);
  expect(xfs[Number(cell![1])]).toContain('quotePrefix="1"');

  // Nora sets her password from the invitation and sees the North rows only.
  const mail = async () => (await (await request.get('/api/dev/mail?recipient=nora.north@cx-team.example')).json())[0]?.body as string | undefined;
  await expect.poll(mail).toMatch(/\/userCreation\//);
  await page.goto('/logout');
  await page.goto(/\/userCreation\/[\w-]+/.exec((await mail())!)![0]);
  await page.getByLabel('New password', { exact: true }).fill('Nora-North-2026');
  await page.getByLabel('Confirm new password').fill('Nora-North-2026');
  await page.getByRole('button', { name: 'Create password' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signInAs(page, 'nora.north@cx-team.example', 'Nora-North-2026');
  await page.goto('/content/insights/responses-export');
  const hers = page.getByRole('table', { name: 'Records' });
  await expect(hers.getByRole('row').nth(5)).toBeVisible({ timeout: 60_000 });
  await expect(hers.getByRole('cell', { name: 'North', exact: true }).first()).toBeVisible();
  for (const other of ['South', 'East', 'West']) await expect(hers.getByRole('cell', { name: other, exact: true })).toHaveCount(0);
  const nora = (await (await request.post('/api/identity/token', { data: { username: 'nora.north@cx-team.example', password: 'Nora-North-2026' } })).json()).content.access_token;
  const counted = await request.post('/api/dataviewer/analytics/data/responses-export/default', {
    headers: { authorization: `Bearer ${nora}` },
    data: { smartFilters: [], measureKeys: ['InternalRecordCount'], rowDimensions: ['region'], columnDimensions: [] },
  });
  expect((await counted.json()).grandTotal.InternalRecordCount).toBe(files.genericByRegion.North);

  // The pivot of the new source, in the browser.
  await page.goto('/content/insights/responses-export?type=AnalyticsViewer');
  await expect(page.locator('cx-data-viewer').locator('.analytics tfoot')).toBeVisible({ timeout: 60_000 });

  const pivot = await request.post('/api/dataviewer/analytics/data/responses-export/default', {
    headers: { authorization: `Bearer ${token}` },
    data: { smartFilters: [], measureKeys: ['InternalRecordCount'], rowDimensions: ['region'], columnDimensions: [] },
  });
  expect(pivot.status()).toBe(200);
  expect((await pivot.json()).grandTotal.InternalRecordCount).toBe(files.genericRows);
});

test('the same file sent twice through the API adds nothing the second time', async ({ request }) => {
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const issued = await request.post('/api/datasources/tokens', { headers: auth, data: { name: 'Nightly export', sourceIds: ['responses-export'] } });
  expect(issued.status()).toBe(201);
  const script = { authorization: `Bearer ${(await issued.json()).token}` };
  const before = (await (await request.get('/api/datasources/responses-export', { headers: auth })).json()).rows;
  const sent = await request.post('/api/datasources/responses-export/imports?mode=append&name=responses-export.csv', { headers: { ...script, 'content-type': 'text/csv' }, data: readFileSync(files.generic) });
  expect(sent.status()).toBe(202);
  const { importId } = await sent.json();
  let state: { state: string; rowsRead: number; rowsWritten: number } = { state: 'running', rowsRead: 0, rowsWritten: 0 };
  await expect.poll(async () => (state = await (await request.get(`/api/datasources/responses-export/imports/${importId}`, { headers: script })).json()).state, { timeout: 240_000 }).toBe('done');
  expect(state.rowsRead).toBeGreaterThanOrEqual(files.genericRows);
  const after = (await (await request.get('/api/datasources/responses-export', { headers: auth })).json()).rows;
  expect(after).toBe(before);
  // The script's token reads nothing else.
  expect((await request.post('/api/smartdata/filters/responses-export', { headers: script, data: { smartFilters: [] } })).status()).toBe(401);
});
