import type { Db } from '../db';
import { floorXid } from './prune';
import { replicaState, setSource, type Replica } from './replica';
import { replicatedTables } from './tables';

/** Which PostgreSQL this is: its cluster's system identifier and the database's name. */
async function sourceOf(db: Db): Promise<{ systemId: string; database: string }> {
  const [row] = await db.query<{ system_id: string; database: string }>(
    'SELECT (SELECT system_identifier FROM pg_control_system())::text AS system_id, current_database() AS database',
  );
  return { systemId: row.system_id, database: row.database };
}

/** A DuckDB name quoted (a kept file's names are not ours to trust). */
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The tables in the replica file (besides its state), with their column names in order. */
async function keptTables(replica: Replica): Promise<Map<string, string[]>> {
  const rows = await replica.db.query<{ t: string; c: string }>(
    `SELECT table_name AS t, column_name AS c FROM information_schema.columns
      WHERE table_schema = 'main' AND table_name <> 'replica_state' ORDER BY table_name, ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const { t, c } of rows) tables.set(t, [...(tables.get(t) ?? []), c]);
  return tables;
}

/** Empties the file for a new snapshot, and records the database it will copy. */
async function clear(replica: Replica, source: { systemId: string; database: string }): Promise<void> {
  const kept = await keptTables(replica);
  await replica.db.tx(async (q) => {
    for (const name of kept.keys()) await q.query(`DROP TABLE IF EXISTS ${quoted(name)}`);
    await q.query('UPDATE replica_state SET horizon = NULL, above = NULL');
    await setSource(q, source);
  });
  replica.tables = new Map();
}

/**
 * A restart (design §3): when the replica file was written from this same database and its horizon
 * is at or above the pruning floor, the log still holds every change since, so it is replayed from
 * there: the horizon and rows applied above it, and the tables to copy whole first (new since, or
 * with other columns). Otherwise (a new file, another database, a horizon the pruning passed) the
 * file is emptied and null returned: the caller takes a snapshot.
 */
export async function restoreReplica(db: Db, replica: Replica) {
  const [state, source] = await Promise.all([replicaState(replica), sourceOf(db)]);
  const floor = await floorXid(db).catch(() => 'unknown'); // no log: nothing to replay from
  const usable =
    state.horizon !== null &&
    state.systemId === source.systemId &&
    state.database === source.database &&
    floor !== 'unknown' &&
    (floor === null || BigInt(state.horizon) >= BigInt(floor));
  if (!usable) {
    await clear(replica, source);
    return null;
  }
  const [kept, tables] = await Promise.all([keptTables(replica), replicatedTables(db)]);
  const same = tables.filter((t) => JSON.stringify(kept.get(t.name)) === JSON.stringify(t.columns.map((c) => c.name)));
  replica.tables = new Map(same.map((t) => [t.name, t]));
  const wanted = new Set(tables.map((t) => t.name));
  // Tables PostgreSQL no longer copies (a source dropped while the process was down).
  for (const name of kept.keys()) if (!wanted.has(name)) await replica.db.query(`DROP TABLE IF EXISTS ${quoted(name)}`);
  return { horizon: state.horizon!, above: state.above, reload: tables.filter((t) => !replica.tables.has(t.name)).map((t) => t.name) };
}
