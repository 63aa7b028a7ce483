// Exports as an attacker drives them: a request that once ended the server process, and a cancelled
// export that could still be downloaded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db';
import { startPortal, type Portal } from './portal';
import { uncaughtDuring } from '../tools/uncaught';

let portal: Portal;
let north: string;
beforeAll(async () => {
  portal = await startPortal();
  north = (await portal.signIn('north.manager@demo.cx')).access;
});
afterAll(() => portal.close());

const RECORDS = '/api/dataviewer/exporttoexcel/?moduleId=responses&profile=default';
const exportAs = (token: string, body: unknown, extra = '') => portal.call('POST', `${RECORDS}${extra}`, { token, body });

describe('an export with an unknown sort field', () => {
  it('is a 400 with a clear message, before any file is opened, and the server keeps answering', async () => {
    const uncaught = await uncaughtDuring(async () => {
      const res = await exportAs(north, { ExportCols: ['Region', 'NPS'], SortBy: { fieldKey: 'NoSuchField', operatorAsString: 'ASC' } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Unknown sort field "NoSuchField".');
      // The same user's next export is written and downloaded whole: the process, its files and its database are fine.
      const next = await exportAs(north, { ExportCols: ['Region', 'NPS'], SortBy: { fieldKey: 'nps', operatorAsString: 'DESC' } });
      expect(next.status).toBe(200);
      const file = await portal.call('GET', `/api/dataviewer/downloadexport/?exportId=${next.body.exportId}`);
      expect(file.status).toBe(200);
      expect(file.bytes.subarray(0, 2).toString()).toBe('PK');
    });
    expect(uncaught).toEqual([]);
    expect((await portal.call('GET', '/api/health')).body.status).toBe('ok');
  });

  it('a sort field the profile does not show is refused as unknown', async () => {
    // The comments profile shows six columns; Region is not one of them.
    const res = await portal.call('POST', '/api/dataviewer/exporttoexcel/?moduleId=responses&profile=comments', {
      token: north,
      body: { ExportCols: ['NPS'], SortBy: { fieldKey: 'Region', operatorAsString: 'ASC' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unknown sort field "Region".');
  });
});

/**
 * Holds an export once it has counted its first rows into its progress (it is then in writing)
 * until `release`: the test's cancel then lands while the workbook is being written.
 */
function holdAtFirstCount(db: Db) {
  const query = db.query.bind(db);
  let reached!: () => void;
  let release!: () => void;
  const counted = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  db.query = (async (sql: string, params?: never[]) => {
    const rows = await query(sql, params);
    if (sql.startsWith('UPDATE export_progress SET written')) {
      reached();
      await released;
    }
    return rows;
  }) as Db['query'];
  return { counted, release, restore: () => (db.query = query) };
}

describe('a cancelled export', () => {
  it('answers 409 and leaves nothing to download once its user cancelled it in writing', async () => {
    const key = 'a1b2c3d4-e5f6-4711-8899-aabbccddeeff';
    const [{ n: before }] = await portal.db.query<{ n: number }>('SELECT count(*) AS n FROM export_files');
    const hold = holdAtFirstCount(portal.db);
    try {
      const exporting = exportAs(north, { ExportCols: ['Region', 'NPS'] }, `&progressKey=${key}`);
      await hold.counted;
      const progress = await portal.call('GET', `/api/dataviewer/exportprogress/${key}`, { token: north });
      expect(progress.body.writing).toBe(true);
      const cancel = await portal.call('DELETE', `/api/dataviewer/exportprogress/${key}`, { token: north });
      expect(cancel.body).toEqual({ cancelled: true });
      hold.release();
      const res = await exporting;
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: 'The export was cancelled.' });
    } finally {
      hold.release();
      hold.restore();
    }
    const [{ n: after }] = await portal.db.query<{ n: number }>('SELECT count(*) AS n FROM export_files');
    expect(Number(after)).toBe(Number(before));
    expect((await portal.call('GET', `/api/dataviewer/exportprogress/${key}`, { token: north })).body).toEqual({ writing: false, written: 0, total: 0 });
  });
});
