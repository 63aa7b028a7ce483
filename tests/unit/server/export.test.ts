import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { harnessWithUsers, type Harness } from './harness';
import { CHUNK_BYTES, ExportStore, EXPORT_TTL_MS } from '../../../server/export/store';
import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cancelExport, PROGRESS_EVERY_MS, readProgress, withProgress } from '../../../server/export/progress';

let h: Harness;
let user: string;
let north: string;
beforeAll(async () => {
  ({ h, user, north } = await harnessWithUsers(2000));
});
afterAll(() => h.close());

const query = (extra = '') => `?dateTime=2026-11-20T12-00&author=someone&moduleId=responses&profile=default${extra}`;
const exportRecords = (body: unknown, token = user) => h.call('POST', `/api/dataviewer/exporttoexcel/${query()}`, { token, body });

/** Downloads an export as the browser would (no bearer header) and opens it as a workbook. */
async function download(exportId: string, name = 'records_default') {
  const res = await h.fetch(`/api/dataviewer/downloadexport/?exportId=${exportId}&dateTime=2026-11-20T12-00&name=${name}`);
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  return { wb, res };
}

const values = (ws: ExcelJS.Worksheet, row: number) => (ws.getRow(row).values as unknown[]).slice(1);

describe('records export', () => {
  it('writes the chosen columns in order, the filtered records in the sort order, and the filters', async () => {
    const [{ n }] = await h.db.query<{ n: number }>("SELECT count(*) AS n FROM responses WHERE channel = 'Online' AND region = 'North'");
    const res = await exportRecords({
      ExportCols: ['NPS', 'Store', 'ResponseDate', 'Verbatim'],
      SmartDataSelection: { smartFilters: [{ filterKey: 'Channel', filterValue: 'Online' }] },
      SortBy: { fieldKey: 'NPS', operatorAsString: 'DESC' },
    }, north);
    expect(res.status).toBe(200);
    expect(res.body.exportId).toMatch(/^[0-9a-f]{32}$/);
    const { wb, res: file } = await download(res.body.exportId);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="records_default_2026-11-20T12-00.xlsx"');
    const ws = wb.getWorksheet('Records')!;
    expect(values(ws, 1)).toEqual(['Likelihood to recommend', 'Store', 'Response date', 'Comment']);
    expect(ws.rowCount - 1).toBe(Number(n));
    const nps = Array.from({ length: ws.rowCount - 1 }, (_, i) => ws.getRow(i + 2).getCell(1).value as number);
    expect(nps).toEqual([...nps].sort((a, b) => b - a));
    expect(ws.getRow(2).getCell(3).value).toBeInstanceOf(Date);
    const about = wb.getWorksheet('Export')!;
    expect(values(about, 3)).toEqual(['By', 'north.manager@demo.cx']);
    expect(values(about, 4)).toEqual(['Rows', Number(n)]);
    expect(values(about, 5)).toEqual(['Filters', 'Channel: Online']);
  });

  it('writes a cleaned comment as the hidden text, never the words', async () => {
    const [{ id }] = await h.db.query<{ id: number }>("SELECT id FROM responses WHERE verbatim_flag IS NOT NULL ORDER BY id LIMIT 1");
    const res = await exportRecords({ ExportCols: ['Id', 'Verbatim'], SortBy: { fieldKey: 'Id', operatorAsString: 'ASC' } });
    const ws = (await download(res.body.exportId)).wb.getWorksheet('Records')!;
    expect(ws.rowCount - 1).toBe(2000);
    expect(ws.getRow(id + 1).values).toEqual([undefined, id, 'Hidden due to offensive language.']);
  });

  it('writes any text as itself, leaves an empty value empty, and drops only what a workbook cannot hold', async () => {
    const id = 900_001;
    const text = 'Tom & Jerry <b>"bold"</b> \'quoted\' 😀 ünïcödé\u0001\u0008 end';
    const at = new Date(Date.UTC(2026, 10, 20, 9, 30, 15));
    await h.db.query(
      `INSERT INTO responses (id, response_date, store, region, country, channel, nps, nps_group, stars, driver_price, driver_availability, driver_service, driver_information, verbatim, verbatim_raw, verbatim_flag, customer_name, customer_email, customer_segment, spend)
       SELECT $1, CAST($2 AS TIMESTAMP), store, region, country, channel, 7, 'Passive', 4, driver_price, driver_availability, driver_service, driver_information, NULL, NULL, NULL, $3, customer_email, customer_segment, $4 FROM responses WHERE id = 1`,
      [id, at, text, Infinity],
    );
    try {
      const res = await exportRecords({ ExportCols: ['Id', 'ResponseDate', 'Verbatim', 'CustomerName', 'Spend'], SmartDataSelection: { smartFilters: [{ filterKey: 'Id', filterValue: id, filterValueUpperBound: id }] } });
      expect(res.status).toBe(200);
      const ws = (await download(res.body.exportId)).wb.getWorksheet('Records')!;
      expect(ws.rowCount).toBe(2);
      const [rid, date, comment, name, spend] = values(ws, 2);
      // A number a workbook cannot hold as one (Infinity) is written as its text.
      expect([rid, comment, name, spend]).toEqual([id, undefined, 'Tom & Jerry <b>"bold"</b> \'quoted\' 😀 ünïcödé end', 'Infinity']);
      expect(Math.abs((date as Date).getTime() - at.getTime())).toBeLessThan(1000);
    } finally {
      await h.db.query('DELETE FROM responses WHERE id = $1', [id]);
    }
  });

  it('downloads once: the file is gone after the download', async () => {
    const res = await exportRecords({ ExportCols: ['Id'] });
    await download(res.body.exportId);
    const again = await h.fetch(`/api/dataviewer/downloadexport/?exportId=${res.body.exportId}`);
    expect(again.status).toBe(404);
    expect((await again.json()).message).toBe('This export is no longer available: an export can be downloaded once, within an hour of making it.');
  });

  it('answers 400 with a message for bad input, 403 for other roles', async () => {
    expect((await exportRecords({ ExportCols: [] })).body.message).toBe('ExportCols: Choose at least one column to export.');
    expect((await exportRecords({ ExportCols: ['password_hash'] })).body.message).toBe('Unknown column "password_hash".');
    expect((await exportRecords({ ExportCols: ['CustomerEmail'] })).status).toBe(400);
    expect((await h.call('POST', '/api/dataviewer/exporttoexcel/?profile=default', { token: user, body: { ExportCols: ['Id'] } })).status).toBe(400);
    expect((await h.call('POST', '/api/dataviewer/exporttoexcel/?moduleId=responses&profile=nope', { token: user, body: { ExportCols: ['Id'] } })).status).toBe(404);
    expect((await h.fetch('/api/dataviewer/downloadexport/?exportId=../../etc/passwd')).status).toBe(400);
    const editor = await h.signIn('surveyeditor@demo.cx');
    expect((await exportRecords({ ExportCols: ['Id'] }, editor)).status).toBe(403);
    expect((await h.call('POST', `/api/dataviewer/exporttoexcel/${query()}`, { body: { ExportCols: ['Id'] } })).status).toBe(401);
  });
});

describe('analytics export', () => {
  const pivot = { measureKeys: ['InternalRecordCount', 'AvgNPS'], rowDimensions: ['Region', 'Store'], columnDimensions: ['Channel'] };
  const exportPivot = (extra: string) => h.call('POST', `/api/dataviewer/analytics/exporttoexcel/${query(extra)}`, { token: user, body: pivot });

  it('writes the pivot as shown: column values over measures, every row level, totals', async () => {
    const data = (await h.call('POST', '/api/dataviewer/analytics/data/responses/default', { token: user, body: pivot })).body;
    const res = await exportPivot('');
    expect(res.body.name).toBe('analytics_default');
    const ws = (await download(res.body.exportId, res.body.name)).wb.getWorksheet('Analytics')!;
    const channels: string[] = data.columns;
    // Each column value spans its two measures (merged cells read as the value in both).
    expect(values(ws, 1).filter((_, i) => i % 2 === 1)).toEqual([...channels, 'Total']);
    expect(ws.getCell(1, 3).isMerged).toBe(true);
    expect(values(ws, 2)).toEqual(['Region / Store', ...[...channels, 'Total'].flatMap(() => ['Records', 'Average likelihood to recommend'])]);
    const regions = data.data.length;
    const stores = data.data.reduce((s: number, r: { Children: unknown[] }) => s + r.Children.length, 0);
    expect(ws.rowCount).toBe(2 + regions + stores + 1);
    const first = data.data[0];
    expect(values(ws, 3)[0]).toBe(first.DimensionValueKey);
    expect(values(ws, 3).at(-2)).toBe(data.rowTotals[first.DimensionValueKey].InternalRecordCount);
    expect(ws.getRow(4).outlineLevel).toBe(1);
    expect(values(ws, ws.rowCount)[0]).toBe('Total');
    expect(values(ws, ws.rowCount).at(-2)).toBe(2000);
  });

  it('leaves out the row totals and the totals row when they are hidden', async () => {
    const res = await exportPivot('&hideRowTotals=true&hideColumnTotals=true');
    const ws = (await download(res.body.exportId)).wb.getWorksheet('Analytics')!;
    expect(values(ws, 1)).not.toContain('Total');
    expect(values(ws, ws.rowCount)[0]).not.toBe('Total');
    expect((await exportPivot('&hideRowTotals=maybe')).status).toBe(400);
  });
});

describe('ExportStore', () => {
  const write = (file: string, bytes: Buffer) => writeFileSync(file, bytes);

  it('hands an export over once, byte for byte, across chunks, and removes its chunks', async () => {
    const store = new ExportStore(h.db);
    const a = store.reserve();
    const bytes = randomBytes(CHUNK_BYTES * 2 + 123);
    write(a.file, bytes);
    await store.commit(a.id, a.file, 'a', 'u');
    // Several processes share PostgreSQL: the bytes moved into it. One process holds DuckDB: they wait in the file.
    expect(readdirSync(store.dir)).toEqual(h.db.engine === 'duckdb' ? [`${a.id}.xlsx`] : []);
    const [first, second] = await Promise.all([store.take(a.id), store.take(a.id)]);
    const taken = first ?? second!;
    expect([first, second].filter(Boolean)).toHaveLength(1);
    const parts: Buffer[] = [];
    for await (const part of taken.chunks) parts.push(part);
    expect(parts).toHaveLength(3);
    expect(Buffer.concat(parts).equals(bytes)).toBe(true);
    expect(await h.db.query('SELECT seq FROM export_chunks WHERE id_hash IN (SELECT id_hash FROM export_chunks)')).toEqual([]);
    expect(readdirSync(store.dir)).toEqual([]);
    store.close();
  });

  it('on DuckDB, an export whose file went with its process (a restart) is not found, and its row goes', async () => {
    // PostgreSQL keeps the bytes in the database, where a restart leaves them.
    if (h.db.engine !== 'duckdb') return;
    const store = new ExportStore(h.db);
    const a = store.reserve();
    write(a.file, Buffer.from('x'));
    await store.commit(a.id, a.file, 'a', 'u');
    rmSync(a.file);
    expect(await store.take(a.id)).toBeUndefined();
    expect(await h.db.query('SELECT count(*) AS n FROM export_files')).toEqual([{ n: 0 }]);
    store.close();
  });

  it('removes exports after an hour', async () => {
    let now = Date.now();
    const store = new ExportStore(h.db, () => now);
    const a = store.reserve();
    write(a.file, Buffer.from('x'));
    await store.commit(a.id, a.file, 'a', 'u');
    now += EXPORT_TTL_MS + 1;
    await store.sweep();
    expect(await store.take(a.id)).toBeUndefined();
    expect(await h.db.query('SELECT count(*) AS n FROM export_files')).toEqual([{ n: 0 }]);
    store.close();
  });
});

describe('export progress and cancel', () => {
  const KEY = 'b1c3a2e4-0000-4000-8000-00000000abcd';
  /** A clock that moves a second at each reading: every chunk is past the progress interval. */
  const owner = (key?: string, step = 1000) => {
    let at = Date.now();
    return { db: h.db, now: () => new Date((at += step)), userId: 'u-portaluser', key };
  };
  /** Three chunks of rows, the next made only when asked for (as the database's reads are). */
  async function* three() {
    for (let i = 0; i < 3; i++) yield [{ id: i * 2 }, { id: i * 2 + 1 }];
  }

  it('counts the rows written into the progress its user reads, and forgets it at the end', async () => {
    const chunks = withProgress(owner(KEY), three(), 6);
    expect((await chunks.next()).value).toHaveLength(2);
    expect(await readProgress(h.db, KEY, 'u-portaluser')).toEqual({ written: 2, total: 6 });
    // Another user cannot read it, nor cancel it; the same key of theirs is an export of their own.
    expect(await readProgress(h.db, KEY, 'u-portaladmin')).toBeUndefined();
    expect(await cancelExport(h.db, KEY, 'u-portaladmin')).toBe(false);
    const theirs = withProgress({ ...owner(KEY), userId: 'u-portaladmin' }, three(), 6);
    expect((await theirs.next()).value).toHaveLength(2);
    await theirs.return(undefined);
    expect(await readProgress(h.db, KEY, 'u-portaladmin')).toBeUndefined();
    await chunks.next();
    expect(await readProgress(h.db, KEY, 'u-portaluser')).toEqual({ written: 4, total: 6 });
    await chunks.next();
    expect((await chunks.next()).done).toBe(true);
    expect(await readProgress(h.db, KEY, 'u-portaluser')).toBeUndefined();
  });

  it('counts chunks that come within the interval at the next count, not one write each', async () => {
    const chunks = withProgress(owner(KEY, PROGRESS_EVERY_MS / 2), three(), 6);
    await chunks.next();
    expect(await readProgress(h.db, KEY, 'u-portaluser')).toEqual({ written: 2, total: 6 });
    await chunks.next();
    expect(await readProgress(h.db, KEY, 'u-portaluser')).toEqual({ written: 2, total: 6 });
    await chunks.next();
    expect(await readProgress(h.db, KEY, 'u-portaluser')).toEqual({ written: 6, total: 6 });
    await chunks.return(undefined);
  });

  it('stops at the next count with a 409 once its user cancels, and forgets it', async () => {
    const chunks = withProgress(owner(KEY), three(), 6);
    await chunks.next();
    expect(await cancelExport(h.db, KEY, 'u-portaluser')).toBe(true);
    await expect(chunks.next()).rejects.toMatchObject({ status: 409, message: 'The export was cancelled.' });
    expect(await readProgress(h.db, KEY, 'u-portaluser')).toBeUndefined();
  });

  it('over HTTP: an export with a progress key completes and leaves no progress behind; bad keys are 400', async () => {
    const res = await h.call('POST', `/api/dataviewer/exporttoexcel/${query(`&progressKey=${KEY}`)}`, { token: user, body: { ExportCols: ['Id', 'NPS'] } });
    expect(res.status).toBe(200);
    const { wb } = await download(res.body.exportId);
    expect(wb.getWorksheet('Records')!.rowCount - 1).toBe(2000);
    expect((await h.call('GET', `/api/dataviewer/exportprogress/${KEY}`, { token: user })).body).toEqual({ writing: false, written: 0, total: 0 });
    expect((await h.call('DELETE', `/api/dataviewer/exportprogress/${KEY}`, { token: user })).body).toEqual({ cancelled: false });
    const bad = await h.call('GET', '/api/dataviewer/exportprogress/short', { token: user });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('progressKey must be 16 to 64 letters, digits or dashes.');
    expect((await h.call('POST', `/api/dataviewer/exporttoexcel/${query('&progressKey=<script>')}`, { token: user, body: { ExportCols: ['Id'] } })).status).toBe(400);
  });
});
