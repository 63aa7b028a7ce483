import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { csvOf } from './csv-rows';
import { normalizeRow, type Db, type Param, type Queryable, type Row } from './types';
import { capturedToken, committed, readAfter } from './read-after';

// Counts and sums arrive as numbers, timestamps (without zone) as UTC, like DuckDB's.
pg.types.setTypeParser(20, (v) => Number(v)); // int8
pg.types.setTypeParser(1700, (v) => Number(v)); // numeric
pg.types.setTypeParser(1114, (v) => new Date(`${v.replace(' ', 'T')}Z`)); // timestamp

/** An autocommitted statement that may write (a CTE may too). */
const WRITES = /^\s*(INSERT|UPDATE|DELETE|WITH)\b/i;

function queryable(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T extends Row>(sql: string, params: readonly Param[] = []) {
      const result = await client.query(sql, params as unknown[]);
      return result.rows.map((r) => normalizeRow(r as Row)) as T[];
    },
  };
}

/**
 * Runs `fn` in one transaction (opened by `begin`) on a connection of the pool's own; rolls back when
 * it throws. A connection PostgreSQL ended cannot roll back: it is thrown away instead of returned.
 */
export async function inTransaction<T>(pool: pg.Pool, begin: string, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(begin);
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    broken = await client.query('ROLLBACK').then(() => undefined, (e: Error) => e);
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * PostgreSQL through two connection pools, when DATABASE_URL is set: six connections for
 * `analytics` (reads that may take seconds) and four for everything else, so a sign-in, a
 * case action or a session check never waits behind the analytics (as on DuckDB).
 */
export async function openPostgres(url: string): Promise<Db> {
  const pools = [new pg.Pool({ connectionString: url, max: 4 }), new pg.Pool({ connectionString: url, max: 6 })];
  const [pool] = pools;
  // An idle connection that PostgreSQL ended (a restart, a fail-over) is dropped; the next query
  // opens a new one. Without a listener the pool's error would end the process.
  for (const p of pools) p.on('error', (error) => console.warn(`PostgreSQL closed an idle connection (${error.message}); the next query reconnects.`));
  await pool.query('SELECT 1');
  const [root, heavy] = pools.map(queryable);

  /**
   * In a request on a process with a replica (read-after.ts), a transaction's token is read before
   * COMMIT and recorded after it, so that the caller's next read waits for the replica to hold it.
   * Elsewhere a transaction is as it was: no extra round trip.
   */
  async function tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    if (!readAfter()) return inTransaction(pool, 'BEGIN', (client) => fn(queryable(client)));
    let token: string | null = null;
    const result = await inTransaction(pool, 'BEGIN', async (client) => {
      const value = await fn(queryable(client));
      token = await capturedToken(queryable(client));
      return value;
    });
    if (token) committed(token);
    return result;
  }

  return {
    engine: 'postgres',
    // A request's autocommitted write runs as a transaction, so that its token is recorded too.
    query: <T extends Row>(sql: string, params?: readonly Param[]) => (readAfter() && WRITES.test(sql) ? tx((q) => q.query<T>(sql, params)) : root.query<T>(sql, params)),
    analytics: heavy,
    tx,
    // One COPY per call: all or nothing, and far quicker than the multi-row INSERTs of bound
    // parameters it replaced (the seed of a million responses: 305 s became 87 s, its responses
    // 68 s became 25 s, its cases 203 s became 56 s).
    async insertMany(table, columns, rows) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await pipeline(Readable.from(csvOf(rows)), client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN (FORMAT csv)`)));
      } catch (error) {
        broken = error as Error;
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async close() {
      await Promise.all(pools.map((p) => p.end()));
    },
  };
}
