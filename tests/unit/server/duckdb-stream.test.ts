import { afterAll, describe, expect, it } from 'vitest';
import { openDuckDb } from '../../../server/db/duckdb';

// The analytics stream an export reads: one query, its rows handed over in blocks as they come.
describe('DuckDB analytics stream', async () => {
  const db = await openDuckDb(':memory:');
  afterAll(() => db.close());
  await db.query('CREATE TABLE numbers AS SELECT range AS n, CAST(range AS VARCHAR) AS label FROM range(10000)');
  const stream = db.analytics.stream!;

  it('hands over every row in order, in blocks of at least the size asked (the last may be fewer), counts as numbers', async () => {
    const blocks: Array<Array<{ n: number; label: string }>> = [];
    for await (const block of stream<{ n: number; label: string }>('SELECT n, label FROM numbers WHERE n >= $1 ORDER BY n DESC', [100], 3000)) blocks.push(block);
    const rows = blocks.flat();
    expect(rows).toHaveLength(9900);
    expect(rows[0]).toEqual({ n: 9999, label: '9999' });
    expect(rows.at(-1)).toEqual({ n: 100, label: '100' });
    expect(blocks.slice(0, -1).every((b) => b.length >= 3000)).toBe(true);
    expect(rows.every((r, i) => i === 0 || r.n < rows[i - 1].n)).toBe(true);
  });

  it('gives its connection back when the reader stops early, so stopped exports never use up the pool', async () => {
    // More early stops than the four analytics connections: a connection kept would hang the reads after it.
    for (let i = 0; i < 6; i++) {
      for await (const block of stream('SELECT n FROM numbers ORDER BY n', [], 10)) {
        expect(block.length).toBeGreaterThan(0);
        break;
      }
    }
    expect(await db.analytics.query('SELECT count(*) AS c FROM numbers')).toEqual([{ c: 10000 }]);
  });

  it('gives its connection back when the query fails', async () => {
    for (let i = 0; i < 6; i++) await expect(stream('SELECT nothing FROM numbers', [], 10).next()).rejects.toThrow(/nothing/);
    expect(await db.analytics.query('SELECT count(*) AS c FROM numbers')).toEqual([{ c: 10000 }]);
  });
});
