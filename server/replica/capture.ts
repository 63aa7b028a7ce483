import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../db';
import { describeTable, describeTables, ident, replicatedNames } from './tables';
import type { ReplicatedTable } from './types';

/**
 * Change capture on PostgreSQL (issue 50, design §1): statement-level triggers write the keys each
 * statement touched into cx_changes, stamped with the writing transaction's xid8; the replica reads
 * them by transaction horizon (changes.ts). PL/pgSQL cannot go in a migration (they are split on ';'),
 * so all of it is created here, idempotently, under an advisory lock.
 */

/** A statement touching more rows than this writes one 'R' (reload the table) instead of its keys. */
export const DEFAULT_BULK_ROWS = 50_000;

/** Whether the replica runs: only on PostgreSQL, and only when CX_REPLICA=on. */
export const replicaEnabled = (db: Db, env: NodeJS.ProcessEnv = process.env) => db.engine === 'postgres' && env.CX_REPLICA === 'on';

/** CX_REPLICA_BULK_ROWS, or the default. */
export function bulkRowsOf(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.CX_REPLICA_BULK_ROWS ?? DEFAULT_BULK_ROWS);
  if (!Number.isInteger(n) || n < 1) throw new Error(`CX_REPLICA_BULK_ROWS must be a whole number of at least 1, not ${JSON.stringify(env.CX_REPLICA_BULK_ROWS)}.`);
  return n;
}

const LOG_DDL = [
  `CREATE TABLE IF NOT EXISTS cx_changes (seq BIGSERIAL PRIMARY KEY, xid XID8 NOT NULL DEFAULT pg_current_xact_id(),
     tbl TEXT NOT NULL, op CHAR(1) NOT NULL, k TEXT[], at TIMESTAMPTZ NOT NULL DEFAULT now())`,
  'CREATE INDEX IF NOT EXISTS cx_changes_xid ON cx_changes (xid)',
  // One row: the pruning floor (design §1) and the bulk threshold the triggers read.
  'CREATE TABLE IF NOT EXISTS cx_replica_meta (id INT PRIMARY KEY, floor_xid XID8, bulk_rows INT NOT NULL)',
  // Each replica's heartbeat (peers.ts): the pruner keeps what the live ones still need; health asks whether a peer is fresh.
  `CREATE TABLE IF NOT EXISTS cx_replicas (replica_id TEXT PRIMARY KEY, horizon XID8, fresh_as_of TIMESTAMPTZ, lag_ms INT, state TEXT,
     seen_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
];

/** Creating, replacing and pruning the capture take turns across processes. */
const lock = (q: Queryable) => q.query("SELECT pg_advisory_xact_lock(hashtext('cx_changes'))");

/** The log and its settings row; the threshold is set when given, else kept (the default when new). */
async function ensureLog(q: Queryable, bulkRows: number | undefined): Promise<void> {
  for (const sql of LOG_DDL) await q.query(sql);
  const onConflict = bulkRows === undefined ? 'DO NOTHING' : 'DO UPDATE SET bulk_rows = EXCLUDED.bulk_rows';
  await q.query(`INSERT INTO cx_replica_meta (id, bulk_rows) VALUES (1, $1) ON CONFLICT (id) ${onConflict}`, [bulkRows ?? bulkRowsOf()]);
}

/** PostgreSQL's longest identifier (NAMEDATALEN - 1). */
const MAX_NAME = 63;

type Event = 'insert' | 'update' | 'delete' | 'truncate';
// PostgreSQL refuses transition tables on a trigger of several events: one trigger per event.
const EVENTS: Array<{ event: Event; suffix: string; referencing: string }> = [
  { event: 'insert', suffix: 'ins', referencing: 'REFERENCING NEW TABLE AS cx_new' },
  { event: 'update', suffix: 'upd', referencing: 'REFERENCING OLD TABLE AS cx_old NEW TABLE AS cx_new' },
  { event: 'delete', suffix: 'del', referencing: 'REFERENCING OLD TABLE AS cx_old' },
  { event: 'truncate', suffix: 'trunc', referencing: '' },
];

/**
 * `cx_capture_<table>_<event>`; a long table name is cut and told apart by its hash, as PostgreSQL
 * would otherwise cut the name at 63 bytes itself and one event's function could replace another's.
 */
function functionName(table: string, suffix: string): string {
  const name = `cx_capture_${table}_${suffix}`;
  if (name.length <= MAX_NAME) return ident(name);
  return ident(`cx_capture_${table.slice(0, 36)}_${createHash('sha1').update(table).digest('hex').slice(0, 8)}_${suffix}`);
}
const triggerName = (suffix: string) => `cx_capture_${suffix}`;

/** The body of one event's function: the statement's keys (or one 'R'), then a notification at commit. */
function functionSql(t: ReplicatedTable, event: Event, suffix: string): string {
  const name = `'${t.name}'`; // a plain name (ident checked it): safe as a literal
  const keys = `ARRAY[${t.key.map((k) => `${ident(k)}::text`).join(', ')}]`;
  const sources = event === 'insert' ? ['cx_new'] : event === 'delete' ? ['cx_old'] : ['cx_old', 'cx_new']; // an update may change the key
  const write =
    event === 'truncate'
      ? `INSERT INTO cx_changes (tbl, op) VALUES (${name}, 'R');`
      : `SELECT bulk_rows INTO bulk FROM cx_replica_meta WHERE id = 1;
  -- Counts no further than the threshold: a transition table of millions is not scanned twice.
  SELECT count(*) INTO n FROM (SELECT 1 FROM ${sources[0]} LIMIT bulk + 1) s;
  IF n = 0 THEN RETURN NULL; END IF;
  IF n > bulk THEN
    INSERT INTO cx_changes (tbl, op) VALUES (${name}, 'R');
  ELSE
    INSERT INTO cx_changes (tbl, op, k) ${sources.map((s) => `SELECT ${name}, 'k', ${keys} FROM ${s}`).join(' UNION ')};
  END IF;`;
  return `CREATE OR REPLACE FUNCTION ${functionName(t.name, suffix)}() RETURNS trigger LANGUAGE plpgsql AS $cx$
DECLARE n BIGINT; bulk BIGINT;
BEGIN
  ${write}
  -- This transaction wrote captured changes (design §4); the replica's listener polls at commit.
  PERFORM set_config('cx.captured', '1', true);
  PERFORM pg_notify('cx_changes', pg_current_xact_id()::text);
  RETURN NULL;
END $cx$`;
}

/** Installs one table's functions (replaced: its key may have changed) and its missing triggers. */
async function install(q: Queryable, t: ReplicatedTable): Promise<void> {
  const existing = new Set(
    (await q.query<{ tgname: string }>('SELECT tgname FROM pg_trigger WHERE tgrelid = to_regclass($1) AND NOT tgisinternal', [ident(t.name)])).map((r) => r.tgname),
  );
  for (const { event, suffix, referencing } of EVENTS) {
    await q.query(functionSql(t, event, suffix));
    if (existing.has(triggerName(suffix))) continue;
    // Statement-level: one call per statement with its transition table, whatever the rows; only
    // a missing trigger is created, so a restart takes no lock on the table.
    await q.query(`CREATE TRIGGER ${ident(triggerName(suffix))} AFTER ${event.toUpperCase()} ON ${ident(t.name)} ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION ${functionName(t.name, suffix)}()`);
  }
}

/**
 * Creates the change log and every replicated table's capture, idempotently (PostgreSQL only).
 * The tables captured, with their keys and columns.
 */
export async function ensureCapture(pg: Db, options: { bulkRows?: number } = {}): Promise<ReplicatedTable[]> {
  if (pg.engine !== 'postgres') throw new Error('Change capture runs on PostgreSQL only.');
  const bulkRows = options.bulkRows ?? bulkRowsOf();
  const names = await replicatedNames(pg);
  return pg.tx(async (q) => {
    await lock(q);
    await ensureLog(q, bulkRows);
    const tables = await describeTables(q, names);
    for (const t of tables) await install(q, t);
    return tables;
  });
}

/**
 * Captures a table created later (a new source's ds_*), in the transaction that created it so that
 * no write escapes; the table as captured, or null when it has no primary key.
 */
export async function captureTable(q: Queryable, table: string, options: { bulkRows?: number } = {}): Promise<ReplicatedTable | null> {
  await lock(q);
  await ensureLog(q, options.bulkRows);
  const t = await describeTable(q, table);
  if (t === 'missing') throw new Error(`No table ${table} to capture.`);
  if (t === 'no key') {
    console.warn(`The replica skips table ${table}: it has no primary key.`);
    return null;
  }
  await install(q, t);
  await reloadAt(q, table);
  return t;
}

/**
 * Logs a whole-table change (R) at this transaction's commit: the replica copies a new table (even
 * while it is empty) or drops one PostgreSQL no longer has. The write counts as captured (its token).
 */
async function reloadAt(q: Queryable, table: string): Promise<void> {
  await q.query("INSERT INTO cx_changes (tbl, op) VALUES ($1, 'R')", [table]);
  await q.query("SELECT set_config('cx.captured', '1', true), pg_notify('cx_changes', pg_current_xact_id()::text)");
}

/** Removes a dropped table's capture functions (its triggers went with it) and tells the replica, in the transaction that dropped it. */
export async function dropCapture(q: Queryable, table: string): Promise<void> {
  for (const { suffix } of EVENTS) await q.query(`DROP FUNCTION IF EXISTS ${functionName(table, suffix)}()`);
  await reloadAt(q, table);
}

/** Whether change capture is installed in this database (cheap: the log table exists); false on DuckDB. */
async function captureInstalled(db: Db, q: Queryable): Promise<boolean> {
  if (db.engine !== 'postgres') return false;
  const [row] = await q.query<{ installed: boolean }>("SELECT to_regclass('cx_changes') IS NOT NULL AS installed");
  return row.installed;
}

/**
 * A source's table was created, dropped or given columns in the transaction `q`: where capture is
 * installed (a replica ran on this database), it is captured from its first write, its capture is
 * removed, or the replica copies it again with its new columns. Nothing otherwise (DuckDB, CX_REPLICA off).
 */
export async function sourceTableChanged(db: Db, q: Queryable, table: string, change: 'created' | 'dropped' | 'altered'): Promise<void> {
  if (!(await captureInstalled(db, q))) return;
  if (change === 'created') await captureTable(q, table);
  else if (change === 'dropped') await dropCapture(q, table);
  else await reloadAt(q, table);
}
