import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDuckDb } from '../../../server/db/duckdb';
import { urgently } from '../../../server/db/priority';
import type { Db } from '../../../server/db';

let db: Db;
beforeAll(async () => {
  db = await openDuckDb(':memory:');
  await db.query('CREATE TABLE log (turn INTEGER, who VARCHAR)');
});
afterAll(() => db.close());

/** A write that records in which turn it ran. */
const note = (who: string) => db.tx(async (q) => {
  const [{ n }] = await q.query<{ n: number }>('SELECT count(*) AS n FROM log');
  await q.query('INSERT INTO log VALUES ($1, $2)', [n, who]);
});

describe("DuckDB's writer queue", () => {
  it('runs a sign-in write (urgent) next, ahead of the bulk writes queued before it', async () => {
    const bulk = Array.from({ length: 20 }, (_, i) => note(`bulk ${i}`));
    const signIn = urgently(() => note('sign-in'));
    await Promise.all([...bulk, signIn]);
    const order = (await db.query<{ who: string }>('SELECT who FROM log ORDER BY turn')).map((r) => r.who);
    expect(order).toHaveLength(21);
    // The first bulk write already had the writer; the sign-in takes the very next turn.
    expect(order.indexOf('sign-in')).toBe(1);
    expect(order.filter((w) => w !== 'sign-in')).toEqual(Array.from({ length: 20 }, (_, i) => `bulk ${i}`));
  });

  it('keeps writes in order among themselves and passes on a failure to its caller only', async () => {
    const failing = db.query('INSERT INTO nowhere VALUES (1)');
    const after = db.query('INSERT INTO log VALUES (100, $1)', ['after']);
    await expect(failing).rejects.toThrow();
    await expect(after).resolves.toBeDefined();
  });
});
