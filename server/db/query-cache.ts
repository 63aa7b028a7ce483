import type { Db, Param, Queryable, Row } from './types';
import { writtenTable } from './table-writes';

const TABLES = /\b(?:FROM|JOIN)\s+([a-z_][a-z0-9_]*)/gi;

export interface QueryCacheOptions {
  /** How long an answer is served from memory: the most another process's write can take to show. */
  ttlMs?: number;
  maxEntries?: number;
  /** Answers larger than this are not kept. */
  maxRows?: number;
  now?: () => number;
}

interface Entry {
  at: number;
  rows: Promise<Row[]>;
}

/**
 * The database with its `analytics` reads cached: the same question asked again within `ttlMs` is
 * answered from memory, and asked by several requests at once is asked of the database once (many
 * users open the same dashboards). A write through this process to a table those reads have read
 * empties the cache at once; another process's write shows within `ttlMs` (the cache is rebuilt from
 * the database, never the only copy of anything). Each caller gets rows of its own. Other reads
 * (`query`) are never cached.
 */
export function withQueryCache(db: Db, { ttlMs = 5000, maxEntries = 500, maxRows = 5000, now = Date.now }: QueryCacheOptions = {}): Db & { cacheSize: () => number } {
  const entries = new Map<string, Entry>();
  /** The tables the cached answers were read from (learnt as each is first asked). */
  const read = new Set<string>();
  /** Empties the cache when `sql` writes to a table a cached answer read; tells whether it did. */
  const forget = (sql: string) => {
    const table = writtenTable(sql);
    if (!table || !read.has(table)) return false;
    entries.clear();
    return true;
  };
  const copy = async (rows: Promise<Row[]>) => (await rows).map((r) => ({ ...r }));
  /** A transaction's queries, emptying the cache on a write to a cached table; `wrote` tells after. */
  const watched = (q: Queryable, wrote: { any: boolean }): Queryable => ({
    query: <T extends Row>(sql: string, params?: readonly Param[]) => {
      if (forget(sql)) wrote.any = true;
      return q.query<T>(sql, params);
    },
  });
  const analytics: Queryable = {
    query<T extends Row>(sql: string, params: readonly Param[] = []): Promise<T[]> {
      const key = `${sql}\u0001${JSON.stringify(params)}`;
      const hit = entries.get(key);
      if (hit && now() - hit.at < ttlMs) {
        // Most recently used last: the oldest is the first to go.
        entries.delete(key);
        entries.set(key, hit);
        return copy(hit.rows) as Promise<T[]>;
      }
      for (const [, table] of sql.matchAll(TABLES)) read.add(table.toLowerCase());
      const rows = db.analytics.query(sql, params);
      entries.set(key, { at: now(), rows });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      // A failed or oversized answer is not kept.
      rows.then(
        (r) => r.length > maxRows && entries.get(key)?.rows === rows && entries.delete(key),
        () => entries.get(key)?.rows === rows && entries.delete(key),
      );
      return copy(rows) as Promise<T[]>;
    },
    // A stream is read once, never kept: each caller gets the engine's own answer.
    stream: db.analytics.stream?.bind(db.analytics),
    rollups: db.analytics.rollups,
  };

  return {
    engine: db.engine,
    analytics,
    query<T extends Row>(sql: string, params: readonly Param[] = []): Promise<T[]> {
      forget(sql);
      return db.query<T>(sql, params);
    },
    async tx(fn) {
      const wrote = { any: false };
      const result = await db.tx((q) => fn(watched(q, wrote)));
      // Again once committed: a read between the write and the commit may have kept the old answer.
      if (wrote.any) entries.clear();
      return result;
    },
    async insertMany(table, columns, rows) {
      await db.insertMany(table, columns, rows);
      if (read.has(table.toLowerCase())) entries.clear();
    },
    close: () => db.close(),
    writes: db.writes,
    cacheSize: () => entries.size,
  };
}
