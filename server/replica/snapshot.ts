import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Queryable } from '../db';
import { inTransaction } from '../db/postgres';
import { setHorizon, type Replica } from './replica';
import { ident } from './tables';
import type { ReplicatedTable } from './types';

/** DuckDB's type for a PostgreSQL one (information_schema's name); anything else is kept as text. */
const TYPES: Array<[RegExp, string]> = [
  [/^(integer|int4|serial)$/, 'INTEGER'],
  [/^(smallint|int2)$/, 'SMALLINT'],
  [/^(bigint|int8|bigserial)$/, 'BIGINT'],
  [/^(double precision|float8|real|float4|numeric|decimal)/, 'DOUBLE'],
  [/^(boolean|bool)$/, 'BOOLEAN'],
  [/^date$/, 'DATE'],
  [/^timestamp(\(\d\))? with time zone$|^timestamptz$/, 'TIMESTAMPTZ'],
  [/^timestamp/, 'TIMESTAMP'],
];

export function duckType(sqlType: string): string {
  return TYPES.find(([pattern]) => pattern.test(sqlType))?.[1] ?? 'VARCHAR';
}

/** A PostgreSQL type name as it may be put into a cast (it comes from the catalogue). */
export function pgType(sqlType: string): string {
  if (!/^[a-z][a-z0-9_ ]*(\[\])?$/.test(sqlType)) throw new Error(`Not a plain type name: ${JSON.stringify(sqlType)}.`);
  return sqlType;
}

/** Opens a transaction on one PostgreSQL snapshot. */
const BEGIN_SNAPSHOT = 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY';

/**
 * Reads one PostgreSQL snapshot on a connection of its own: `fn` gets the connection and the
 * snapshot's horizon (every transaction below it has ended). Dates, times and numbers are written in
 * the forms DuckDB reads back exactly.
 */
export function inSnapshot<T>(pool: pg.Pool, fn: (client: pg.ClientBase, horizon: string) => Promise<T>): Promise<T> {
  return inTransaction(pool, BEGIN_SNAPSHOT, async (client) => {
    await client.query("SET LOCAL DateStyle = 'ISO'");
    await client.query("SET LOCAL TimeZone = 'UTC'");
    await client.query('SET LOCAL extra_float_digits = 1');
    const { rows } = await client.query<{ h: string }>('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS h');
    return fn(client, rows[0].h);
  });
}

/** Where the CSV files pass: DATA_DIR/replica-tmp when DATA_DIR is set (the disk), else the system's. */
const tempRoot = () => (process.env.DATA_DIR ? join(process.env.DATA_DIR, 'replica-tmp') : tmpdir());

const CSV = `header=false, auto_detect=false, delim=',', quote='"', escape='"', new_line='\\n', allow_quoted_nulls=false`;

/** The table's name while its new copy loads, beside the one readers still see. */
export const nextName = (table: string) => `${table}__next`;

/**
 * Copies one table from the snapshot `client` reads into `into` in the replica: PostgreSQL's COPY
 * as CSV into a file, read by DuckDB's own CSV reader (native on both ends; JS values one by one
 * would cost about a microsecond each). Typed from the catalogue; NULL and '' stay apart.
 */
export async function copyTable(client: pg.ClientBase, replica: Queryable, table: ReplicatedTable, into: string): Promise<void> {
  await mkdir(tempRoot(), { recursive: true });
  const dir = await mkdtemp(join(tempRoot(), 'cx-replica-'));
  const file = join(dir, `${table.name}.csv`);
  try {
    const columns = table.columns.map((c) => ident(c.name)).join(', ');
    await pipeline(client.query(copyTo(`COPY (SELECT ${columns} FROM ${ident(table.name)}) TO STDOUT (FORMAT csv)`)), createWriteStream(file));
    const types = table.columns.map((c) => `'${c.name}': '${duckType(c.sqlType)}'`).join(', ');
    await replica.query(`CREATE OR REPLACE TABLE ${ident(into)} AS SELECT * FROM read_csv('${file.replaceAll("'", "''")}', ${CSV}, columns = {${types}})`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Puts a loaded copy in the table's place (inside the caller's transaction). */
export async function swapIn(q: Queryable, table: string): Promise<void> {
  await q.query(`DROP TABLE IF EXISTS ${ident(table)}`);
  await q.query(`ALTER TABLE ${ident(nextName(table))} RENAME TO ${ident(table)}`);
}

/**
 * A full copy of `tables` from one PostgreSQL snapshot. Each table loads beside the old one; then one
 * DuckDB transaction swaps them all in with the snapshot's horizon, so readers see the old copy or
 * the new one, never a mix. The horizon it stands at.
 */
export async function snapshot(pool: pg.Pool, replica: Replica, tables: ReplicatedTable[], progress?: (copied: number, total: number, horizon: string) => void): Promise<string> {
  const horizon = await inSnapshot(pool, async (client, h) => {
    progress?.(0, tables.length, h);
    for (const [i, table] of tables.entries()) {
      await copyTable(client, replica.db, table, nextName(table.name));
      progress?.(i + 1, tables.length, h);
    }
    return h;
  });
  await replica.db.tx(async (q) => {
    for (const table of tables) await swapIn(q, table.name);
    await setHorizon(q, horizon);
  });
  replica.tables = new Map(tables.map((t) => [t.name, t]));
  return horizon;
}
