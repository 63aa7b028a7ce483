import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db';
import { seekPage, type SortKey } from '../../../server/smartdata/position-index';
import { Where } from '../../../server/smartdata/where';
import { freshDb } from './harness';

// Pages read through the sampled keys are the pages OFFSET reads, at every depth, in both orders,
// with ties on the first key and timestamps finer than JavaScript's milliseconds.
let db: Db;
const ROWS = 5000;
beforeAll(async () => {
  db = await freshDb();
  await db.query('CREATE TABLE seek_t (id INTEGER NOT NULL, seen_at TIMESTAMP, grp VARCHAR NOT NULL)');
  const rows = Array.from({ length: ROWS }, (_, i) => [i + 1, `2026-01-01 10:${String(Math.floor(i / 200) % 60).padStart(2, '0')}:00.${String((i * 7919) % 1000).padStart(3, '0')}${(i % 997) % 10}42`, i % 3 ? 'a' : 'b']);
  await db.insertMany('seek_t', ['id', 'seen_at', 'grp'], rows);
});
afterAll(() => db.close());

const filtered = () => {
  const w = new Where();
  w.add(`grp = ${w.bind('a')}`);
  return w;
};
const ids = (rows: Array<Record<string, unknown>> | undefined) => rows?.map((r) => Number(r.id));

async function offsetPage(w: Where, desc: boolean, skip: number, top: number) {
  const dir = desc ? 'DESC' : 'ASC';
  return ids(await db.query(`SELECT id FROM seek_t ${w.sql} ORDER BY seen_at ${dir}, id ${dir} LIMIT ${top} OFFSET ${skip}`, w.params));
}

describe('position index', () => {
  for (const desc of [true, false]) {
    it(`pages ${desc ? 'newest' : 'oldest'} first as OFFSET does, at any depth`, async () => {
      const keys: SortKey[] = [{ expr: 'seen_at', desc }, { expr: 'id', desc }];
      const w = filtered();
      const [{ n }] = await db.query<{ n: number }>(`SELECT count(*) AS n FROM seek_t ${w.sql}`, w.params);
      const fingerprint = `v1|${n}`;
      // A deep page waits for the samples; shallow ones then use them too.
      for (const skip of [2500, 0, 1, 1023, 1024, 1030, 2047, 3000, Number(n) - 5, Number(n)]) {
        const page = await seekPage(db, { select: 'id', from: 'seek_t', where: w, keys, skip, top: 100, fingerprint });
        expect(ids(page), `skip ${skip}`).toEqual(await offsetPage(w, desc, skip, 100));
      }
      const big = await seekPage(db, { select: 'id', from: 'seek_t', where: w, keys, skip: 1500, top: 2500, fingerprint });
      expect(ids(big)).toEqual(await offsetPage(w, desc, 1500, 2500));
    });
  }

  it('rebuilds its samples when the data changes, and leaves sets with a NULL key to OFFSET', async () => {
    const keys: SortKey[] = [{ expr: 'seen_at', desc: true }, { expr: 'id', desc: true }];
    const all = new Where();
    expect(await seekPage(db, { select: 'id', from: 'seek_t', where: all, keys, skip: 2000, top: 10, fingerprint: 'before' })).toHaveLength(10);
    await db.query("INSERT INTO seek_t VALUES (9001, '2026-01-01 10:20:00', 'a'), (9002, '2026-01-01 11:59:00', 'a')");
    const after = await seekPage(db, { select: 'id', from: 'seek_t', where: all, keys, skip: 2000, top: 10, fingerprint: 'after' });
    expect(ids(after)).toEqual(await offsetPage(all, true, 2000, 10));
    await db.query("INSERT INTO seek_t VALUES (9003, NULL, 'a')");
    expect(await seekPage(db, { select: 'id', from: 'seek_t', where: all, keys, skip: 2000, top: 10, fingerprint: 'with a null' })).toBeUndefined();
  });
});
