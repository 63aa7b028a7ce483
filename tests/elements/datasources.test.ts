import { afterEach, describe, expect, it } from 'vitest';
import { fixture, html } from '@open-wc/testing-helpers';
import '../../elements/cx-datasources';
import '../../elements/cx-datasource-import';
import { setFetch } from '../../src/api/client';
import { json, realFetch, server } from './fake-server';
import type { DataSource, ImportStatus, Preview } from '../../src/api/datasources';
import { captureNavigation, settled, shadow, spyConsoleError } from './helpers';

/**
 * A wide table's group takes focus once its resize observer has seen it overflow (a frame after it
 * is drawn): axe waits for that, as a keyboard user's Tab does.
 */
const regionsSettled = (el: Element) =>
  expect
    .poll(() => [...(el.shadowRoot ?? el).querySelectorAll<HTMLElement>('.cx-table-region')].every((r) => r.scrollWidth <= r.clientWidth || r.tabIndex === 0))
    .toBe(true);

afterEach(realFetch);

const SOURCES: DataSource[] = [
  { id: 'responses', name: 'Survey responses', builtin: true, state: 'ready', rows: 12500, lastImportAt: '2026-03-01T09:30:00Z', roles: [], dateKey: 'ResponseDate', columns: [] },
  { id: 'store-survey', name: 'Store survey', builtin: false, state: 'empty', rows: 0, lastImportAt: null, roles: [], dateKey: null, columns: [] },
];

const PREVIEW: Preview = {
  definition: {
    name: 'store-survey',
    format: 'csv',
    delimiter: ',',
    decimalSeparator: '.',
    headerRows: 1,
    source: null,
    idColumn: 'ResponseId',
    dateKey: 'Submitted',
    columns: [
      { key: 'ResponseId', name: 'Response id', typeName: 'String', role: 'attribute' },
      { key: 'Submitted', name: 'Submitted', typeName: 'DateTime', role: 'attribute', date: { format: 'DD-MM-YYYY', ambiguous: true, candidates: ['DD-MM-YYYY', 'MM-DD-YYYY'] } },
      { key: 'Recommend', name: 'How likely to recommend', typeName: 'Number', role: 'score', score: { kind: 'NPS' }, whole: true },
      { key: 'Store', name: 'Store', typeName: 'String', role: 'attribute' },
      { key: 'Email', name: 'E-mail', typeName: 'String', role: 'customer', hidden: true },
    ],
  },
  rows: [
    { ResponseId: 'r1', Submitted: '2015-03-02T00:00:00', Recommend: 9, Store: 'York', Email: 'a@example.com' },
    { ResponseId: 'r2', Submitted: '2015-03-04T00:00:00', Recommend: 3, Store: 'Leeds', Email: 'b@example.com' },
  ],
  sampledRows: 2,
  notes: ['The dates read day-first and month-first alike: choose how they are written.'],
};

const CSV = 'ResponseId,Submitted,Recommend,Store,Email\nr1,02-03-2015,9,York,a@example.com\nr2,04-03-2015,3,Leeds,b@example.com\n';
const file = () => new File([CSV], 'store survey.csv', { type: 'text/csv' });

const q = <T extends Element>(el: Element, selector: string) => shadow(el).querySelector<T>(selector);
const button = (el: Element, name: string) => [...shadow(el).querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
const select = (el: Element, label: string) => q<HTMLSelectElement>(el, `select[aria-label="${label}"]`);

/** Gives the wizard a file through its picker, as a user choosing one would. */
function pick(el: Element, chosen: File) {
  const input = q<HTMLInputElement>(el, 'input[type="file"]')!;
  const transfer = new DataTransfer();
  transfer.items.add(chosen);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Picks an option of a select (with `value`), or ticks a radio button or checkbox, as a user would. */
function choose(control: HTMLSelectElement | HTMLInputElement, value?: string) {
  if (control instanceof HTMLInputElement) return control.click();
  control.value = value!;
  control.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('<cx-datasources> list', () => {
  it('should list every source with its rows, last import, state and built-in mark, accessibly', async () => {
    server((method, path) => (method === 'GET' && path === '/api/datasources' ? json(SOURCES) : undefined));
    const el = await fixture(html`<cx-datasources api-base="http://portal.test"></cx-datasources>`);
    await expect.poll(() => shadow(el).querySelectorAll('tbody tr').length).toBe(2);
    const rows = [...shadow(el).querySelectorAll('tbody tr')].map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(rows[0][0]).toBe('Survey responsesBuilt-in');
    expect(rows[0][1]).toBe('12,500');
    expect(rows[1]).toEqual(['Store survey', '0', 'Never', 'Empty']);
    expect(q<HTMLAnchorElement>(el, 'tbody a')!.getAttribute('href')).toBe('http://portal.test/admin/datasources/responses');
    const nav = captureNavigation();
    button(el, 'Add your data')!.click();
    nav.stop();
    expect(nav.asked).toEqual(['/admin/datasources/new']);
    await regionsSettled(el);
    await expect(el).to.be.accessible();
  });

  it('should speak German with lang="de"', async () => {
    server(() => json(SOURCES));
    const el = await fixture(html`<cx-datasources lang="de" api-base="http://portal.test"></cx-datasources>`);
    await expect.poll(() => shadow(el).querySelectorAll('tbody tr').length).toBe(2);
    expect(q(el, 'h1')!.textContent).toBe('Datenquellen');
    expect(button(el, 'Eigene Daten hinzufügen')).toBeTruthy();
    expect(shadow(el).textContent).toContain('Mitgeliefert');
  });

  it('should say when there is no source yet, and when the list cannot be loaded', async () => {
    server(() => json([]));
    const empty = await fixture(html`<cx-datasources api-base="http://portal.test"></cx-datasources>`);
    await expect.poll(() => shadow(empty).textContent).toContain('No data sources yet.');
    spyConsoleError();
    setFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const failed = await fixture(html`<cx-datasources api-base="http://portal.test"></cx-datasources>`);
    await expect.poll(() => q(failed, '[role="alert"]')?.textContent).toBe('The data sources could not be loaded.');
    await regionsSettled(failed);
    await expect(failed).to.be.accessible();
  });
});

/** A server for the wizard: the preview, the new source, its import (running `runningPolls` times, then `end`). */
function wizardServer(end: Partial<ImportStatus>, runningPolls = 2) {
  let polls = 0;
  const status = (state: ImportStatus['state'], more: Partial<ImportStatus> = {}): ImportStatus => ({
    importId: 'imp-1', sourceId: 'store-survey', state, mode: 'replace', fileName: 'store survey.csv', rowsRead: 0, rowsWritten: 0, rowsRefused: 0,
    refused: [], startedAt: '2026-03-01T10:00:00Z', finishedAt: null, ...more,
  });
  return server((method, path) => {
    if (path === '/api/datasources/preview') return json(PREVIEW);
    if (method === 'POST' && path === '/api/datasources') return json({ ...SOURCES[1], dependents: { dashboards: [], favourites: 0, alerts: 0 } }, 201);
    if (method === 'POST' && path === '/api/datasources/store-survey/imports') return json({ importId: 'imp-1' }, 202);
    if (method === 'GET' && path === '/api/datasources/store-survey/imports/imp-1') {
      polls += 1;
      return json(polls <= runningPolls ? status('running', { rowsRead: 1000 * polls, rowsWritten: 800 * polls }) : status('done', end));
    }
    if (method === 'DELETE' && path === '/api/datasources/store-survey/imports/imp-1') return json({ state: 'cancelled' });
    if (method === 'POST' && path === '/api/datasources/store-survey/dashboard') return json({ dashboardId: 'store-survey', url: '/dashboard/store-survey/' }, 201);
    if (path === '/api/datasources/store-survey/imports/imp-1/refused.csv') return new Response('line,column,reason,value\n7,Recommend,Not a number,ten\n', { headers: { 'content-type': 'text/csv' } });
    return undefined;
  });
}

describe('<cx-datasource-import>', () => {
  it('should show the preview: notes, first rows, proposed roles and the choice of an ambiguous date format', async () => {
    wizardServer({});
    const el = await fixture(html`<cx-datasource-import api-base="http://portal.test"></cx-datasource-import>`);
    pick(el, file());
    await expect.poll(() => q(el, 'table.columns')).toBeTruthy();
    expect(shadow(el).textContent).toContain('The dates read day-first and month-first alike');
    expect([...shadow(el).querySelectorAll('table.rows thead th')].map((th) => th.textContent)).toEqual(['Response id', 'Submitted', 'How likely to recommend', 'Store', 'E-mail']);
    expect(shadow(el).querySelectorAll('table.rows tbody tr')).toHaveLength(2);
    expect(select(el, 'Role of How likely to recommend')!.value).toBe('score');
    expect(select(el, 'Score kind of How likely to recommend')!.value).toBe('NPS');
    expect(select(el, 'Role of E-mail')!.value).toBe('customer');
    const dates = [...shadow(el).querySelectorAll<HTMLInputElement>('fieldset.date-choice input[type="radio"]')];
    expect(dates.map((r) => [r.value, r.checked])).toEqual([['DD-MM-YYYY', true], ['MM-DD-YYYY', false]]);
    expect(q(el, 'fieldset.date-choice legend')!.textContent).toBe('Date format of Submitted');
    expect(q<HTMLSelectElement>(el, 'select:not([aria-label])')!.value).toBe('ResponseId');
    expect(q<HTMLInputElement>(el, 'input[name="name"]')!.value).toBe('store-survey');
    await regionsSettled(el);
    await expect(el).to.be.accessible();
  });

  it('should send the user’s role, date format and name in the POST body, then the same file to the import', async () => {
    const calls = wizardServer({ rowsRead: 2, rowsWritten: 2 }, 0);
    const el = await fixture(html`<cx-datasource-import api-base="http://portal.test"></cx-datasource-import>`);
    // A drop works as the picker does.
    const transfer = new DataTransfer();
    transfer.items.add(file());
    q(el, '.drop-zone')!.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    await expect.poll(() => select(el, 'Role of Store')).toBeTruthy();
    choose(select(el, 'Role of Store')!, 'dimension');
    choose(shadow(el).querySelector<HTMLInputElement>('input[value="MM-DD-YYYY"]')!);
    await settled(el);
    button(el, 'Create and import')!.click();
    await expect.poll(() => calls.find((c) => c.path.endsWith('/imports'))).toBeTruthy();
    const created = JSON.parse(calls.find((c) => c.method === 'POST' && c.path === '/api/datasources')!.body);
    expect(created.columns.find((c: { key: string }) => c.key === 'Store').role).toBe('dimension');
    expect(created.columns.find((c: { key: string }) => c.key === 'Submitted').date.format).toBe('MM-DD-YYYY');
    expect(created).toMatchObject({ name: 'store-survey', idColumn: 'ResponseId', dateKey: 'Submitted' });
    const started = calls.find((c) => c.path.endsWith('/imports'))!;
    expect(Object.fromEntries(started.query)).toEqual({ mode: 'replace', name: 'store survey.csv' });
    expect(started.body).toBe(CSV);
    expect(calls.find((c) => c.path === '/api/datasources/preview')!.body).toBe(CSV);
  });

  it('should show the progress, then the report with the refused rows, their download and the starter dashboard', async () => {
    wizardServer({ rowsRead: 3000, rowsWritten: 2999, rowsRefused: 1, refused: [{ line: 7, column: 'Recommend', reason: 'Not a number' }], dashboardId: 'store-survey-starter' }, 2);
    const el = await fixture(html`<cx-datasource-import api-base="http://portal.test"></cx-datasource-import>`);
    pick(el, file());
    await expect.poll(() => button(el, 'Create and import')).toBeTruthy();
    button(el, 'Create and import')!.click();
    await expect.poll(() => q(el, 'progress[aria-label="Rows written of rows read"]')).toBeTruthy();
    await expect.poll(() => shadow(el).textContent).toMatch(/1,000 rows read, 800 written|2,000 rows read, 1,600 written/);
    expect(button(el, 'Cancel the import')).toBeTruthy();
    await expect.poll(() => q(el, '#report-title')?.textContent, { timeout: 5_000 }).toBe('Import finished');
    const figures = [...shadow(el).querySelectorAll('dl.figures dd')].map((d) => d.textContent);
    expect(figures).toEqual(['2,999', '3,000', '1']);
    expect([...shadow(el).querySelectorAll('.report tbody td')].map((c) => c.textContent)).toEqual(['7', 'Recommend', 'Not a number']);
    const dashboard = [...shadow(el).querySelectorAll('a')].find((a) => a.textContent === 'Open the starter dashboard')!;
    expect(dashboard.getAttribute('href')).toBe('http://portal.test/dashboard/store-survey-starter/');
    await expect.poll(() => [...shadow(el).querySelectorAll('a[download]')].map((a) => a.getAttribute('download'))).toEqual(['refused.csv']);
    await regionsSettled(el);
    await expect(el).to.be.accessible();
  });

  it('should offer to make the starter dashboard when the import made none', async () => {
    const calls = wizardServer({ rowsRead: 2, rowsWritten: 2, dashboardId: null }, 0);
    const el = await fixture(html`<cx-datasource-import api-base="http://portal.test"></cx-datasource-import>`);
    pick(el, file());
    await expect.poll(() => button(el, 'Create and import')).toBeTruthy();
    button(el, 'Create and import')!.click();
    await expect.poll(() => button(el, 'Make the starter dashboard')).toBeTruthy();
    button(el, 'Make the starter dashboard')!.click();
    await expect.poll(() => [...shadow(el).querySelectorAll('a')].find((a) => a.textContent === 'Open the starter dashboard')?.getAttribute('href')).toBe('http://portal.test/dashboard/store-survey/');
    expect(calls.filter((c) => c.path.endsWith('/dashboard')).map((c) => c.method)).toEqual(['POST']);
  });

  it('should cancel a running import with DELETE', async () => {
    const calls = wizardServer({}, 1000);
    const el = await fixture(html`<cx-datasource-import api-base="http://portal.test"></cx-datasource-import>`);
    pick(el, file());
    await expect.poll(() => button(el, 'Create and import')).toBeTruthy();
    button(el, 'Create and import')!.click();
    await expect.poll(() => button(el, 'Cancel the import')).toBeTruthy();
    button(el, 'Cancel the import')!.click();
    await expect.poll(() => calls.some((c) => c.method === 'DELETE' && c.path === '/api/datasources/store-survey/imports/imp-1')).toBe(true);
  });

  it("should show the server's message and keep the user's edits when a call is refused, and when going back", async () => {
    server((method, path) => {
      if (path === '/api/datasources/preview') return json(PREVIEW);
      if (method === 'POST' && path === '/api/datasources') return json({ message: 'Column "Store" is a date: give its format (date.format).' }, 400);
      return undefined;
    });
    const el = await fixture(html`<cx-datasource-import api-base="http://portal.test"></cx-datasource-import>`);
    pick(el, file());
    await expect.poll(() => select(el, 'Role of Store')).toBeTruthy();
    choose(select(el, 'Role of Store')!, 'verbatim');
    button(el, 'Create and import')!.click();
    await expect.poll(() => q(el, '[role="alert"]')?.textContent).toBe('Column "Store" is a date: give its format (date.format).');
    expect(select(el, 'Role of Store')!.value).toBe('verbatim');
    // Back to the file, then on again: the edit is still there.
    button(el, 'Back')!.click();
    await settled(el);
    button(el, 'Continue with store survey.csv')!.click();
    await settled(el);
    expect(select(el, 'Role of Store')!.value).toBe('verbatim');
    // Another file with the same columns, chosen after going back: its preview keeps the edit too.
    button(el, 'Back')!.click();
    await settled(el);
    pick(el, file());
    await expect.poll(() => select(el, 'Role of Store')?.value).toBe('verbatim');
  });

  it('should show a 413 from the preview as the server words it, with the file picker still there', async () => {
    const limit = 'The file is larger than the limit of 100 MB (DATASOURCE_MAX_BYTES).';
    server((_, path) => (path === '/api/datasources/preview' ? json({ message: limit }, 413) : undefined));
    const el = await fixture(html`<cx-datasource-import api-base="http://portal.test"></cx-datasource-import>`);
    pick(el, file());
    await expect.poll(() => q(el, '[role="alert"]')?.textContent).toBe(limit);
    expect(button(el, 'Choose a file…')).toBeTruthy();
    await regionsSettled(el);
    await expect(el).to.be.accessible();
  });
});

const SOURCE = {
  ...SOURCES[1],
  state: 'ready',
  rows: 2,
  roles: ['PortalAdmin'],
  columns: [
    { key: 'Store', name: 'Store', typeName: 'String', role: 'dimension', hidden: false },
    { key: 'Recommend', name: 'How likely to recommend', typeName: 'Number', role: 'score', score: { kind: 'NPS' }, hidden: false },
  ],
  dependents: { dashboards: [{ id: 'store-starter', name: 'Store survey starter' }], favourites: 2, alerts: 1 },
};

describe('<cx-datasources source-id>', () => {
  const sourceServer = () =>
    server((method, path) => {
      if (method === 'GET' && path === '/api/datasources/store-survey') return json(SOURCE);
      if (method === 'PATCH' && path === '/api/datasources/store-survey') return json(SOURCE);
      if (method === 'DELETE' && path === '/api/datasources/store-survey') return json({ deleted: 'store-survey' });
      if (path === '/api/datasources/store-survey/imports') return json([]);
      if (path === '/api/identity/roles') return json([{ name: 'PortalAdmin' }, { name: 'PortalUser' }]);
      return undefined;
    });

  it("should show the source's columns with editable roles, accessibly, and send the changes with PATCH", async () => {
    const calls = sourceServer();
    const el = await fixture(html`<cx-datasources source-id="store-survey" api-base="http://portal.test"></cx-datasources>`);
    await expect.poll(() => select(el, 'Role of Store')?.value).toBe('dimension');
    await expect.poll(() => shadow(el).querySelectorAll('fieldset input[type="checkbox"]').length).toBe(2);
    await regionsSettled(el);
    await expect(el).to.be.accessible();
    choose(select(el, 'Role of How likely to recommend')!, 'driver');
    await settled(el);
    choose(select(el, 'Score kind of How likely to recommend')!, 'Rating');
    await settled(el);
    button(el, 'Save')!.click();
    await expect.poll(() => calls.find((c) => c.method === 'PATCH')).toBeTruthy();
    expect(JSON.parse(calls.find((c) => c.method === 'PATCH')!.body)).toEqual({ columns: [{ key: 'Recommend', role: 'driver', score: { kind: 'Rating' } }] });
    await expect.poll(() => q(el, '[role="status"]')?.textContent).toBe('The data source has been saved.');
  });

  it('should name what depends on the source before deleting it, then delete and go back to the list', async () => {
    const calls = sourceServer();
    const el = await fixture(html`<cx-datasources source-id="store-survey" api-base="http://portal.test"></cx-datasources>`);
    await expect.poll(() => button(el, 'Delete the data source')).toBeTruthy();
    button(el, 'Delete the data source')!.click();
    await expect.poll(() => q<HTMLDialogElement>(el, 'dialog')?.open).toBe(true);
    const dialog = q<HTMLDialogElement>(el, 'dialog')!;
    expect(dialog.querySelector('h2')!.textContent).toBe('Delete “Store survey”?');
    expect([...dialog.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Dashboard “Store survey starter”', '2 favourites', '1 alert']);
    await regionsSettled(el);
    await expect(el).to.be.accessible();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const nav = captureNavigation();
    button(el, 'Delete')!.click();
    await expect.poll(() => nav.asked).toEqual(['/admin/datasources']);
    nav.stop();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/datasources/store-survey']);
  });
});
