import { join } from 'node:path';
import { openDuckDb } from './duckdb';
import { openPostgres } from './postgres';
import type { Db } from './types';
import { withQueryCache } from './query-cache';

export type { Db, Param, Queryable, Row } from './types';
export { dataTime, isUniqueViolation, placeholder } from './types';

/**
 * PostgreSQL when DATABASE_URL is set, otherwise DuckDB in `DATA_DIR/cx.duckdb` (default `data/`),
 * with its `analytics` reads cached for CX_QUERY_CACHE_MS (default 5000; 0 turns it off).
 */
export async function openDb(env: NodeJS.ProcessEnv = process.env): Promise<Db> {
  const db = env.DATABASE_URL ? await openPostgres(env.DATABASE_URL) : await openDuckDb(join(env.DATA_DIR ?? 'data', 'cx.duckdb'));
  const ttlMs = Number(env.CX_QUERY_CACHE_MS ?? 5000);
  return ttlMs > 0 ? withQueryCache(db, { ttlMs }) : db;
}
