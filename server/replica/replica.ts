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
  await db.query('INSERT INTO replica_state SELECT NULL WHERE NOT EXISTS (SELECT 1 FROM replica_state)');
  return { db, tables: new Map() };
}

/** The horizon the replica's data stands at (xid8 as text), or null before the first snapshot. */
export async function replicaHorizon(replica: Replica): Promise<string | null> {
  const [row] = await replica.db.query<{ horizon: string | null }>('SELECT horizon FROM replica_state');
  return row?.horizon ?? null;
}

/** Sets the horizon, inside the transaction that brings the data to it. */
export async function setHorizon(q: Queryable, horizon: string): Promise<void> {
  await q.query('UPDATE replica_state SET horizon = $1', [horizon]);
}
