// Imports into a user-defined data source (issue 44): the whole file read, each cell by the source's
// stored reading, bad rows refused with their line, column and reason, append idempotent, replace,
// cancel, and nothing half-written. Runs on DuckDB and (project server-pg) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { harness, type Harness } from './harness';
import { csv, scratch, sourceImports } from './datasources-upload';
import { INTERRUPTED, recoverImports } from '../../../server/datasources/imports/recover';

let h: Harness;
let admin: string;

beforeAll(async () => {
  h = await harness(50, { datasourceLimits: { importBatchRows: 50 } });
  admin = await h.signIn('portaladmin@demo.cx');
}, 60_000);
afterAll(() => h.close());

const HEADER = ['Response ID', 'Visited', 'How likely are you to recommend us?', 'Stars', 'Region', 'Comment'];
const comment = (i: number) => `Visit ${i}: the staff were helpful, but the queue at the checkout was far too long`;
/** A clean export the source is defined from: day-first dates a spreadsheet wrote. */
const CLEAN = csv([HEADER, ...Array.from({ length: 30 }, (_, i) => [`s${i}`, `${String(13 + (i % 15)).padStart(2, '0')}-02-2015 11.35`, i % 11, 1 + (i % 5), ['North', 'South'][i % 2], comment(i)])]);

/**
 * The messy export: a BOM, CRLF line ends, a quoted comma and a quoted line break, blank lines, a bad
 * number, a score out of range, a date that is none, a formula-like comment and a profane one.
 * Lines: 1 header, 2 r1, 3-4 r2, 5 blank, 6 r3, 7 r4, 8 r5, 9 blank cells, 10 r6, 11 r7, 12 r8.
 */
const MESSY = [
  '\uFEFFResponse ID,Visited,How likely are you to recommend us?,Stars,Region,Comment',
  'r1,24-02-2015 11.35,9,5,North,"Great, really"',
  'r2,03-03-2015 09.05,3,2,South,"Bad\r\nservice, slow"',
  '',
  'r3,13-03-2015 10.00,abc,4,North,ok',
  'r4,14-03-2015 10.00,11,4,East,fine',
  'r5,15-03-2015 10.00,7,3,West,=HYPERLINK("http://x.example")',
  ',,,,,',
  'r6,32-03-2015 10.00,7,3,West,no such day',
  'r7,16-03-2015 10.00,10,5,North,"He said ""hi"", then left"',
  'r8,17-03-2015 10.00,8,4,North,the damn service',
  '',
].join('\r\n');

const { upload, sourceFrom, imported, ended } = sourceImports(() => ({ h, token: admin }));

const rowsOf = (id: string) => h.db.query<Record<string, unknown>>(`SELECT * FROM ds_${id.replace(/-/g, '_')} ORDER BY row_key`);
const keysOf = async (id: string) => (await rowsOf(id)).map((r) => r.row_key);

describe('an import of a messy CSV', () => {
  let id: string;
  let result: Record<string, unknown> & { refused: Array<{ line: number; column: string; reason: string }> };
  beforeAll(async () => {
    id = await sourceFrom('Store visits', CLEAN, (d) => {
      const last = d.columns.find((c) => c.name === 'Comment')!;
      last.role = 'verbatim';
    });
    result = await imported(id, MESSY);
  });

  it('writes the good rows and refuses the bad ones with their line, column and reason', () => {
    expect(result).toMatchObject({ state: 'done', mode: 'append', fileName: 'export.csv', rowsRead: 8, rowsWritten: 5, rowsRefused: 3, dashboardId: id });
    expect(result.refused).toEqual([
      { line: 6, column: 'How likely are you to recommend us?', reason: '"abc" is not a number.' },
      { line: 7, column: 'How likely are you to recommend us?', reason: "11 is outside the score's range (0-10)." },
      { line: 10, column: 'Visited', reason: '"32-03-2015 10.00" is not a date written as DD-MM-YYYY HH.mm.' },
    ]);
  });

  it('stores each value as read: day-first dates, quoted commas and line breaks, formula-like text as text', async () => {
    const rows = await rowsOf(id);
    expect(rows.map((r) => r.row_key)).toEqual(['r1', 'r2', 'r5', 'r7', 'r8']);
    const [r1, r2, r5, r7, r8] = rows;
    expect(r1).toMatchObject({ c2: new Date('2015-02-24T11:35:00Z'), c3: 9, c4: 5, c5: 'North', c6: 'Great, really', c6_raw: null, c6_flag: null });
    expect(r2.c6).toBe('Bad\r\nservice, slow');
    expect(r5.c6).toBe('=HYPERLINK("http://x.example")');
    expect(r7.c6).toBe('He said "hi", then left');
    expect(r8).toMatchObject({ c6: 'the **** service', c6_raw: 'the damn service', c6_flag: 'redacted_profanity' });
  });

  it('is an ordinary module afterwards: the data viewer pages its records', async () => {
    const page = await h.call('POST', `/api/dataviewer/data/${id}/default`, { token: admin, body: { skip: 0, top: 10 } });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.recordCount).toBe(5);
    const source = await h.call('GET', `/api/datasources/${id}`, { token: admin });
    expect(source.body).toMatchObject({ state: 'ready', rows: 5 });
  });

  it('adds nothing when the same file is sent again', async () => {
    const again = await imported(id, MESSY);
    expect(again).toMatchObject({ state: 'done', rowsRead: 8, rowsWritten: 0, rowsRefused: 3 });
    expect(again.message).toMatch(/5 rows were in the data source already/);
    expect(await keysOf(id)).toEqual(['r1', 'r2', 'r5', 'r7', 'r8']);
    const list = await h.call('GET', `/api/datasources/${id}/imports`, { token: admin });
    expect(list.body.map((i: { rowsWritten: number }) => i.rowsWritten)).toEqual([0, 5]);
  });

  it('reports the refused rows as CSV, a formula-like value neutralised', async () => {
    const bad = `Response ID,Visited,How likely are you to recommend us?,Stars,Region,Comment\r\nx1,16-03-2015 10.00,=1+2,4,North,ok\r\n`;
    const result = await imported(id, bad);
    const res = await h.fetch(`/api/datasources/${id}/imports/${result.importId}/refused.csv`, { headers: { authorization: `Bearer ${admin}` } });
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(Buffer.from(await res.arrayBuffer()).toString('utf8')).toBe(`\uFEFFline,column,reason,value\r\n2,How likely are you to recommend us?,"""=1+2"" is not a number.",'=1+2\r\n`);
  });
});

describe('append, replace and keys', () => {
  it('keys rows without an id by a hash of their cells: the same file adds nothing, a later duplicate row is refused', async () => {
    const id = await sourceFrom('Visits without ids', CLEAN, (d) => (d.idColumn = null));
    const file = csv([HEADER, ['a', '13-02-2015 11.35', 9, 5, 'North', 'x'], ['b', '14-02-2015 11.35', 8, 4, 'South', 'y'], ['a', '13-02-2015 11.35', 9, 5, 'North', 'x']]);
    const first = await imported(id, file);
    expect(first).toMatchObject({ rowsRead: 3, rowsWritten: 2, rowsRefused: 1, refused: [{ line: 4, column: '', reason: 'An earlier row of the file is the same row.' }] });
    expect((await imported(id, file)).rowsWritten).toBe(0);
    expect((await rowsOf(id)).length).toBe(2);
  });

  it('refuses the later of two rows with one id, and replace makes the file the data', async () => {
    const id = await sourceFrom('Visits replaced', CLEAN);
    const first = await imported(id, csv([HEADER, ['a', '13-02-2015 11.35', 9, 5, 'North', 'x'], ['a', '14-02-2015 11.35', 8, 4, 'South', 'y']]));
    expect(first.refused).toEqual([{ line: 3, column: 'Response ID', reason: 'An earlier row of the file has the same id.' }]);
    await imported(id, csv([HEADER, ['b', '13-02-2015 11.35', 9, 5, 'North', 'x'], ['c', '14-02-2015 11.35', 8, 4, 'South', 'y']]));
    expect(await keysOf(id)).toEqual(['a', 'b', 'c']);
    const replaced = await imported(id, csv([HEADER, ['c', '13-02-2015 11.35', 1, 1, 'North', 'z'], ['d', '14-02-2015 11.35', 2, 2, 'South', 'w']]), 'replace');
    expect(replaced).toMatchObject({ state: 'done', mode: 'replace', rowsWritten: 2 });
    expect(await keysOf(id)).toEqual(['c', 'd']);
    expect((await rowsOf(id))[0].c3).toBe(1);
  });

  it('refuses a row whose key an earlier batch staged (batches of 50 here), by id and by hash', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [`k${i}`, '13-02-2015 11.35', i % 11, 1 + (i % 5), 'North', `comment ${i}`]);
    const file = csv([HEADER, ...rows.slice(0, 100), rows[5], ...rows.slice(100)]);
    const byId = await sourceFrom('Visits in batches', CLEAN);
    expect(await imported(byId, file)).toMatchObject({ rowsRead: 121, rowsWritten: 120, refused: [{ line: 102, column: 'Response ID', reason: 'An earlier row of the file has the same id.' }] });
    const byHash = await sourceFrom('Visits in batches by hash', CLEAN, (d) => (d.idColumn = null));
    expect(await imported(byHash, file)).toMatchObject({ rowsRead: 121, rowsWritten: 120, refused: [{ line: 102, column: '', reason: 'An earlier row of the file is the same row.' }] });
    expect((await rowsOf(byHash)).length).toBe(120);
  });

  it('stores an unreadable value empty when the source says so (a score out of range is still refused)', async () => {
    const id = await sourceFrom('Visits lenient', CLEAN, (d) => (d.badValues = 'empty'));
    const result = await imported(id, csv([HEADER, ['a', 'soon', 'n/a', 5, 'North', 'x'], ['b', '14-02-2015 11.35', 12, 4, 'South', 'y']]));
    expect(result).toMatchObject({ rowsWritten: 1, rowsRefused: 1 });
    expect((await rowsOf(id))[0]).toMatchObject({ row_key: 'a', c2: null, c3: null });
  });

  it('matches columns by their header, not their place; reads Windows-1252 and semicolons; leaves extra columns out', async () => {
    const id = await sourceFrom('Visits reordered', CLEAN);
    const text = csv([['Region', 'Comment', 'Extra', 'Stars', 'How likely are you to recommend us?', 'Visited', 'Response ID'], ['Nord-Ost', 'Très bien, merci', 'q', '4', '10', '13-02-2015 11.35', 'z1']], ';');
    const result = await imported(id, Buffer.from(text, 'latin1'));
    expect(result).toMatchObject({ state: 'done', rowsWritten: 1, message: 'The file\'s columns "Extra" are not in the data source: they were left out.' });
    expect((await rowsOf(id))[0]).toMatchObject({ row_key: 'z1', c3: 10, c5: 'Nord-Ost', c6: 'Très bien, merci' });
  });

  it('refuses a file that lacks some of the source\'s columns before anything starts', async () => {
    const id = await sourceFrom('Visits strict', CLEAN);
    const res = await upload(`/api/datasources/${id}/imports`, 'Response ID,Region\nr1,North\n');
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('The file lacks 4 columns of this data source: "Visited", "How likely are you to recommend us?", "Stars", "Comment". Send a file with them, or make a new data source from it.');
    expect((await h.call('GET', `/api/datasources/${id}/imports`, { token: admin })).body).toEqual([]);
    expect((await h.call('GET', `/api/datasources/${id}`, { token: admin })).body.state).toBe('empty');
  });
});

describe('other formats', () => {
  it('reads the whole of an XLSX workbook (its date cells as dates) and of a JSON Lines file into a source made from a CSV', async () => {
    const id = await sourceFrom('Visits from everywhere', CLEAN);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Export');
    sheet.addRow(HEADER);
    for (let i = 0; i < 1500; i++) sheet.addRow([`x${i}`, new Date(Date.UTC(2015, 1, 24, 11, 35)), i % 11, 1 + (i % 5), 'North', 'ok']);
    sheet.addRow(['x-bad', '24-02-2015 11.35', 12, 1, 'North', 'ok']);
    const files = await scratch();
    await workbook.xlsx.writeFile(files.path('book.xlsx'));
    const book = await readFile(files.path('book.xlsx'));
    await files.done();
    const fromBook = await imported(id, book, 'append', 'book.xlsx');
    expect(fromBook).toMatchObject({ state: 'done', rowsRead: 1501, rowsWritten: 1500, refused: [{ line: 1502, column: 'How likely are you to recommend us?' }] });
    expect((await rowsOf(id))[0]).toMatchObject({ row_key: 'x0', c2: new Date('2015-02-24T11:35:00Z'), c3: 0 });

    const lines = [{ 'Response ID': 'j1', Visited: '25-02-2015 08.00', 'How likely are you to recommend us?': 7, Stars: 3, Region: 'South', Comment: '@mention' }];
    const fromLines = await imported(id, lines.map((l) => JSON.stringify(l)).join('\n') + '\n', 'append', 'feed.jsonl');
    expect(fromLines).toMatchObject({ state: 'done', rowsWritten: 1 });
    expect((await rowsOf(id)).find((r) => r.row_key === 'j1')).toMatchObject({ c2: new Date('2015-02-25T08:00:00Z'), c3: 7, c5: 'South', c6: '@mention' });
  });
});

describe('a failed or cancelled import', () => {
  it('writes nothing when the file breaks off halfway', async () => {
    const id = await sourceFrom('Visits broken', CLEAN);
    await imported(id, csv([HEADER, ['keep', '13-02-2015 11.35', 9, 5, 'North', 'x']]));
    const rows = Array.from({ length: 300 }, (_, i) => `b${i},13-02-2015 11.35,5,3,North,fine`);
    const result = await imported(id, [HEADER.join(','), ...rows, 'b-last,13-02-2015 11.35,5,3,North,"never closed'].join('\n'), 'replace');
    expect(result).toMatchObject({ state: 'failed', rowsWritten: 0 });
    expect(result.message).toMatch(/^The file could not be read as delimited text: /);
    expect(await keysOf(id)).toEqual(['keep']);
    expect((await h.call('GET', `/api/datasources/${id}`, { token: admin })).body).toMatchObject({ state: 'failed', rows: 1 });
    // A later import still runs.
    expect((await imported(id, csv([HEADER, ['next', '13-02-2015 11.35', 9, 5, 'North', 'x']]))).state).toBe('done');
  });

  it('leaves the source as it was when cancelled', async () => {
    const id = await sourceFrom('Visits cancelled', CLEAN);
    await imported(id, csv([HEADER, ['keep', '13-02-2015 11.35', 9, 5, 'North', 'x']]));
    // Many batches of 50 rows: the cancel lands between two of them.
    const big = csv([HEADER, ...Array.from({ length: 20_000 }, (_, i) => [`n${i}`, '13-02-2015 11.35', i % 11, 1 + (i % 5), 'North', 'x'])]);
    const res = await upload(`/api/datasources/${id}/imports?mode=replace`, big);
    const { importId } = await res.json();
    const cancel = await h.call('DELETE', `/api/datasources/${id}/imports/${importId}`, { token: admin });
    expect(cancel).toMatchObject({ status: 200, body: { state: 'cancelled' } });
    const result = await ended(id, importId);
    expect(result).toMatchObject({ state: 'cancelled', rowsWritten: 0, message: 'The import was cancelled: nothing was written.' });
    await vi.waitFor(async () => expect((await h.call('GET', `/api/datasources/${id}`, { token: admin })).body.state).toBe('ready'));
    expect(await keysOf(id)).toEqual(['keep']);
    expect((await h.call('DELETE', `/api/datasources/${id}/imports/${importId}`, { token: admin })).status).toBe(409);
    // No staging table is left behind.
    await vi.waitFor(async () => expect(await h.db.query("SELECT table_name FROM information_schema.tables WHERE table_name LIKE 'ds_stage_%'")).toEqual([]));
  });
});

describe('an import the server stopped in the middle of', () => {
  it('is marked failed at the next start, its source freed and its staging table gone', async () => {
    const id = await sourceFrom('interrupted.csv', CLEAN);
    // What a crash leaves: the import running, the source taken, a staging table half full.
    const importId = 'crashed0import';
    await h.db.query(
      `INSERT INTO datasource_imports (import_id, source_id, mode, state, file_name, rows_read, rows_written, rows_refused, refused, cancel_requested, started_by, started_at)
       VALUES ($1, $2, 'append', 'running', 'big.csv', 10, 10, 0, '[]', FALSE, 'u-portaladmin', CAST($3 AS TIMESTAMP))`,
      [importId, id, new Date()],
    );
    await h.db.query("UPDATE datasources SET state = 'importing' WHERE source_id = $1", [id]);
    await h.db.query(`CREATE TABLE ds_stage_${importId} (row_key VARCHAR)`);
    expect((await upload(`/api/datasources/${id}/imports?mode=append`, CLEAN)).status).toBe(409);

    expect(await recoverImports(h.db)).toBe(1);
    const after = await h.call('GET', `/api/datasources/${id}/imports/${importId}`, { token: admin });
    expect(after.body).toMatchObject({ state: 'failed', message: INTERRUPTED });
    expect((await h.call('GET', `/api/datasources/${id}`, { token: admin })).body.state).toBe('empty');
    await expect(h.db.query(`SELECT count(*) AS n FROM ds_stage_${importId}`)).rejects.toThrow();
    expect((await imported(id, CLEAN)).state).toBe('done');
  });
});
