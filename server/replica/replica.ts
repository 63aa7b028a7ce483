import { openDuckDb } from '../db/duckdb';
import type { Db, Queryable } from '../db';
import type { ReplicatedTable } from './types';

/**
 * The DuckDB copy of PostgreSQL's analytical tables: the database, and the catalogue of the tables it
 * holds (as the snapshot took them: the apply needs their keys and column types).
 */
export interface Replica {
  db: Db;
  tables: Map<string, ReplicatedTable>;
}

/** DuckDB's memory setting, e.g. '4GB' or '1.5 GiB' (it is put into SQL text). */
const MEMORY = /^\d+(\.\d+)?\s*(K|M|G|T)i?B$/i;

/**
 * The replica in `path` (or ':memory:'), opened as the portal's own DuckDB is (connections, prepared
 * statements), with `replica_state`: the PostgreSQL horizon the data stands at, written in the same
 * transaction as the data so that a killed process finds both consistent.
 */
export async function openReplica(path: string, options: { memoryLimit?: string } = {}): Promise<Replica> {
  const { memoryLimit } = options;
  if (memoryLimit !== undefined && !MEMORY.test(memoryLimit)) throw new Error(`CX_REPLICA_MEMORY must be a size like 4GB, not ${JSON.stringify(memoryLimit)}.`);
  const db = await openDuckDb(path);
  if (memoryLimit !== undefined) await db.query(`SET memory_limit = '${memoryLimit}'`);
  await db.query('CREATE TABLE IF NOT EXISTS replica_state (horizon VARCHAR)');
  // Which PostgreSQL the data came from, and the log rows applied above the horizon (design §2-§3).
  for (const column of ['above', 'system_id', 'database']) await db.query(`ALTER TABLE replica_state ADD COLUMN IF NOT EXISTS ${column} VARCHAR`);
  await db.query('INSERT INTO replica_state (horizon) SELECT NULL WHERE NOT EXISTS (SELECT 1 FROM replica_state)');
  return { db, tables: new Map() };
}

/** The log rows applied although at or above the horizon: their seqs (skipped by the next read) and xids (covered tokens). */
export interface Above {
  seqs: ReadonlySet<string>;
  xids: ReadonlySet<string>;
}

/** What a kept file says of itself: where its data stands and which database it copies. */
export interface ReplicaState {
  horizon: string | null;
  above: { seqs: Set<string>; xids: Set<string> };
  systemId: string | null;
  database: string | null;
}

/** The state stored with the data; an `above` that does not parse counts as empty. */
export async function replicaState(replica: Replica): Promise<ReplicaState> {
  const [row] = await replica.db.query<{ horizon: string | null; above: string | null; system_id: string | null; database: string | null }>(
    'SELECT horizon, above, system_id, database FROM replica_state',
  );
  let above = { seqs: new Set<string>(), xids: new Set<string>() };
  try {
    const parsed = JSON.parse(row?.above ?? 'null') as { seqs?: string[]; xids?: string[] } | null;
    if (parsed) above = { seqs: new Set(parsed.seqs), xids: new Set(parsed.xids) };
  } catch {
    // Written by this code only; unreadable, it is as if nothing was applied above (a refetch is idempotent).
  }
  return { horizon: row?.horizon ?? null, above, systemId: row?.system_id ?? null, database: row?.database ?? null };
}

/** Records which PostgreSQL (system identifier and database name) the replica copies. */
export async function setSource(q: Queryable, source: { systemId: string; database: string }): Promise<void> {
  await q.query('UPDATE replica_state SET system_id = $1, database = $2', [source.systemId, source.database]);
}

/** The horizon the replica's data stands at (xid8 as text), or null before the first snapshot. */
export async function replicaHorizon(replica: Replica): Promise<string | null> {
  const [row] = await replica.db.query<{ horizon: string | null }>('SELECT horizon FROM replica_state');
  return row?.horizon ?? null;
}

/** Sets the horizon (and the rows applied above it), inside the transaction that brings the data to it. */
export async function setHorizon(q: Queryable, horizon: string, above?: Above): Promise<void> {
  const json = JSON.stringify({ seqs: [...(above?.seqs ?? [])], xids: [...(above?.xids ?? [])] });
  await q.query('UPDATE replica_state SET horizon = $1, above = $2', [horizon, json]);
}
