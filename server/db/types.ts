import type { Rollups } from '../rollups/store';

/** A row as plain JSON-friendly values: numbers (never BigInt), strings, booleans, Dates, null. */
export type Row = Record<string, unknown>;

/** SQL values are always bound: `$1, $2, ...` placeholders, never interpolated. */
export type Param = string | number | boolean | null | Date;

/** The small interface both engines implement. SQL stays in the subset DuckDB and PostgreSQL share. */
export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: readonly Param[]): Promise<T[]>;
  /**
   * The answer in blocks of about `rows` rows as the engine produces them, from one query (where the
   * engine streams: DuckDB's analytics). Ending the loop early gives the connection back.
   */
  stream?<T extends Row = Row>(sql: string, params: readonly Param[], rows: number): AsyncGenerator<T[]>;
  /**
   * Per-day partial aggregates of this engine's large tables (DuckDB's analytics, server/rollups/);
   * asked, since a request's reads may first have to be routed (to its replica, or to PostgreSQL).
   */
  rollups?: () => Promise<Rollups | undefined>;
}

export interface Db extends Queryable {
  readonly engine: 'duckdb' | 'postgres';
  /**
   * Reads over the rows that grow to millions (a smart-data module's, see `rowsOf`): analytics that
   * may take seconds, on connections of their own so that a request's short work (a session, a
   * sign-in, a case action) never waits behind them; answers may come from the query cache.
   */
  readonly analytics: Queryable;
  /**
   * Only where this process is the database's one writer (DuckDB keeps its file to one process):
   * how many times a write has started or ended here. An answer read while it stood still is still
   * the database's as long as it has not moved.
   */
  readonly writes?: () => number;
  /** Runs `fn` in one transaction on one connection; rolls back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Inserts many rows fast (DuckDB appender, PostgreSQL multi-row inserts). */
  insertMany(table: string, columns: readonly string[], rows: readonly Param[][]): Promise<void>;
  close(): Promise<void>;
}

/** Converts engine values at the edge: BigInt counts to numbers. */
export function normalizeRow(row: Row): Row {
  for (const key of Object.keys(row)) {
    const v = row[key];
    if (typeof v === 'bigint') row[key] = Number(v);
  }
  return row;
}

/** True for a unique-constraint violation on either engine (PostgreSQL 23505, DuckDB's "Duplicate key"). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if ((error as { code?: unknown }).code === '23505') return true;
  return /Constraint Error: Duplicate key/i.test(String((error as { message?: unknown }).message ?? ''));
}

/** A value's placeholder `$i`, cast where a timestamp is meant (DuckDB receives a Date as ISO text). */
export const placeholder = (value: unknown, i: number) => (value instanceof Date ? `CAST($${i} AS TIMESTAMP)` : `$${i}`);

/** A timestamp as the API answers it ('YYYY-MM-DDTHH:mm:ss', UTC); other values as they are. */
export const dataTime = <T>(value: T): T | string => (value instanceof Date ? value.toISOString().slice(0, 19) : value);

/**
 * True when the database cannot be reached (refused, reset, or ended by a restart: PostgreSQL's
 * class 08 and 57P01-57P03): the caller gets a 503 to retry, not a 500.
 */
export function isUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = String((error as { code?: unknown }).code ?? '');
  if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03'].includes(code) || code.startsWith('08')) return true;
  return /Connection terminated|Client has encountered a connection error/i.test(String((error as { message?: unknown }).message ?? ''));
}

/** True when PostgreSQL refused a text value (a NUL byte, or bytes that are no UTF-8): the caller's input, a 400. */
export function isBadText(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === '22021' || code === '22P05';
}
