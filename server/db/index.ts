import { join } from 'node:path';
import { openDuckDb } from './duckdb';
import { openPostgres } from './postgres';
import type { Db } from './types';

export type { Db, Param, Queryable, Row } from './types';
export { dataTime, isUniqueViolation, placeholder } from './types';

/** PostgreSQL when DATABASE_URL is set, otherwise DuckDB in `DATA_DIR/cx.duckdb` (default `data/`). */
export function openDb(env: NodeJS.ProcessEnv = process.env): Promise<Db> {
  if (env.DATABASE_URL) return openPostgres(env.DATABASE_URL);
  return openDuckDb(join(env.DATA_DIR ?? 'data', 'cx.duckdb'));
}
