import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDb } from './harness';
import { withQueryCache } from '../../../server/db/query-cache';
import type { Db } from '../../../server/db';

let raw: Db;
let asked: string[];
let db: ReturnType<typeof withQueryCache>;
let clock = 0;
beforeAll(async () => {
  raw = await freshDb();
  await raw.query('CREATE TABLE responses (id INTEGER, region VARCHAR)');
  await raw.query('CREATE TABLE users (id INTEGER)');
  await raw.insertMany('responses', ['id', 'region'], [[1, 'North'], [2, 'South']]);
  // Counts what reaches the database.
  const counting = (q: Db['analytics']) => ({ query: (sql: string, params?: Parameters<Db['query']>[1]) => (asked.push(sql), q.query(sql, params)) }) as Db['analytics'];
  const counted: Db = { ...raw, query: counting(raw).query, analytics: counting(raw.analytics) };
  db = withQueryCache(counted, { ttlMs: 1000, now: () => clock });
});
afterAll(() => raw.close());

const count = (region: string) => db.analytics.query<{ n: number }>('SELECT count(*) AS n FROM responses WHERE region = $1', [region]);

describe('the query cache', () => {
  it('asks the database once for the same question, at once or again within the time, per bound value', async () => {
    asked = [];
    const answers = await Promise.all([count('North'), count('North'), count('North')]);
    expect(answers).toEqual([[{ n: 1 }], [{ n: 1 }], [{ n: 1 }]]);
    await count('North');
    expect(asked).toHaveLength(1);
    await count('South');
    expect(asked).toHaveLength(2);
    clock += 1001;
    await count('North');
    expect(asked).toHaveLength(3);
  });

  it('gives each caller rows of its own', async () => {
    const [first] = await count('North');
    first.n = 99;
    expect(await count('North')).toEqual([{ n: 1 }]);
  });

  it('forgets at once when this process writes the table, directly or in a transaction', async () => {
    await db.query("INSERT INTO responses VALUES (3, 'North')");
    expect(await count('North')).toEqual([{ n: 2 }]);
    await db.tx((q) => q.query("INSERT INTO responses VALUES (4, 'North')"));
    expect(await count('North')).toEqual([{ n: 3 }]);
    await db.insertMany('responses', ['id', 'region'], [[5, 'North']]);
    expect(await count('North')).toEqual([{ n: 4 }]);
  });

  it('never keeps the other reads, and a write to a table no cached answer read keeps the cache', async () => {
    asked = [];
    await db.query('SELECT count(*) AS n FROM responses');
    await db.query('SELECT count(*) AS n FROM responses');
    expect(asked).toHaveLength(2);
    await count('South');
    const kept = db.cacheSize();
    await db.query('INSERT INTO users VALUES (1)');
    expect(db.cacheSize()).toBe(kept);
    asked = [];
    await count('South');
    expect(asked).toHaveLength(0);
  });
});
