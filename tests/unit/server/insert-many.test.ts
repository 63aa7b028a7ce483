import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDb } from './harness';
import type { Db, Param } from '../../../server/db';

// insertMany is how seeds and imports load rows in bulk: DuckDB's appender, PostgreSQL's COPY (CSV).
// Whatever a value holds must arrive as it was, on both engines.
let db: Db;
beforeAll(async () => {
  db = await freshDb();
  await db.query("CREATE TABLE keyed (id INTEGER PRIMARY KEY, label VARCHAR, seen_at TIMESTAMP, amount DOUBLE PRECISION, flag BOOLEAN, note VARCHAR, source VARCHAR DEFAULT 'seed')");
  await db.query('CREATE TABLE unkeyed (id INTEGER NOT NULL, label VARCHAR)');
});
afterAll(() => db.close());

const TEXTS = [
  'plain', 'a, b, c', 'she said "hi"', '"', '""', 'two\nlines', 'windows\r\nline', 'back\\slash \\N \\.', '\\', '',
  'Grüße aus Köln, 東京 😀', ' padded ', 'NULL', ',', 'tab\there', '\\.\n',
];

const read = (table: string) => db.query(`SELECT * FROM ${table} ORDER BY id`);

describe('insertMany', () => {
  // A few rows and many: DuckDB appends a few, and loads many from a CSV file.
  it.each([1, 100])('stores every string as it was, %i times over: commas, quotes, newlines, backslashes, unicode, and the empty string apart from NULL', async (times) => {
    const texts = Array.from({ length: times }, () => [...TEXTS, null]).flat();
    await db.insertMany('keyed', ['id', 'label'], texts.map((t, i) => [i + 1, t]));
    const stored = await read('keyed');
    expect(stored.map((r) => r.label)).toEqual(texts);
    await db.query('DELETE FROM keyed');
  });

  it.each([1, 1000])('stores timestamps (a Date or a string), numbers and booleans, %i times over, and gives the columns it was not given their defaults', async (times) => {
    const at = new Date('2026-11-20T18:05:09.123Z');
    const given: Param[][] = [[at, 12.5, true], ['2026-01-02 03:04:05.678', -3, false], [null, null, null]];
    const rows = Array.from({ length: times }, () => given).flat();
    await db.insertMany('keyed', ['id', 'seen_at', 'amount', 'flag'], rows.map((r, i) => [i + 1, ...r]));
    const stored = await read('keyed');
    const expected = [[at.toISOString(), 12.5, true, null, 'seed'], ['2026-01-02T03:04:05.678Z', -3, false, null, 'seed'], [null, null, null, null, 'seed']];
    expect(stored.map((r) => [(r.seen_at as Date | null)?.toISOString() ?? null, r.amount, r.flag, r.note, r.source])).toEqual(Array.from({ length: times }, () => expected).flat());
    await db.query('DELETE FROM keyed');
  });

  it('loads all of a call or nothing, into a table with keys or without', async () => {
    await db.insertMany('keyed', ['id', 'label'], [[1, 'kept']]);
    await expect(db.insertMany('keyed', ['id', 'label'], [[2, 'new'], [1, 'a second 1']])).rejects.toThrow();
    expect((await read('keyed')).map((r) => r.label)).toEqual(['kept']);

    const many = Array.from({ length: 5000 }, (_, i): Param[] => [i + 1, `row ${i + 1}`]);
    await expect(db.insertMany('unkeyed', ['id', 'label'], [...many, [null, 'no id']])).rejects.toThrow();
    expect(await read('unkeyed')).toEqual([]);
    await db.insertMany('unkeyed', ['id', 'label'], many);
    const stored = await read('unkeyed');
    expect(stored.length).toBe(5000);
    expect(stored.at(-1)).toEqual({ id: 5000, label: 'row 5000' });
  });

  it('refuses a column the table does not have', async () => {
    await expect(db.insertMany('keyed', ['id', 'colour'], [[9, 'red']])).rejects.toThrow(/colour/);
  });
});
