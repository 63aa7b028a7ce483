import type { ChangeBatch, ChangeCursor } from './types';

/** What readChanges needs of a connection: a pg.Client or PoolClient of its own (one transaction). */
export interface ChangeClient {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

interface LogRow {
  seq: string;
  xid: string;
  tbl: string;
  op: string;
  k: string[] | null;
}

/**
 * The changes since the previous read, in one PostgreSQL snapshot (design §1-2). The new horizon is
 * the snapshot's xmin: every transaction below it has ended, so a log row with xid < horizon is final.
 * A row at or above it committed while an older transaction was still open; it is returned now and
 * its seq kept (`appliedAbove`), because the next read starts at the horizon again and must skip it.
 * So a transaction that commits late, after younger ones were read, is read all the same.
 */
export async function readChanges(client: ChangeClient, previous: ChangeCursor): Promise<ChangeBatch> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const [{ h }] = (await client.query('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS h')).rows as Array<{ h: string }>;
    const select = 'SELECT seq::text AS seq, xid::text AS xid, tbl, op, k FROM cx_changes';
    const { rows } = previous.horizon === null ? await client.query(`${select} ORDER BY seq`) : await client.query(`${select} WHERE xid >= $1::xid8 ORDER BY seq`, [previous.horizon]);
    await client.query('COMMIT');
    return batchOf(rows as LogRow[], h, previous.appliedAbove);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** The log rows not applied yet, per table (keys once each; any 'R' reloads the table and makes its keys moot). */
function batchOf(rows: LogRow[], horizon: string, appliedBefore: ReadonlySet<string>): ChangeBatch {
  const h = BigInt(horizon);
  const appliedAbove = new Set<string>();
  const xidsAbove = new Set<string>();
  const found = new Map<string, { keys: Map<string, string[]>; reload: boolean }>();
  for (const row of rows) {
    if (BigInt(row.xid) >= h) {
      appliedAbove.add(row.seq);
      xidsAbove.add(row.xid);
    }
    if (appliedBefore.has(row.seq)) continue;
    const table = found.get(row.tbl) ?? { keys: new Map(), reload: false };
    found.set(row.tbl, table);
    if (row.op.trim() === 'R') table.reload = true;
    else if (row.k) table.keys.set(JSON.stringify(row.k), row.k);
  }
  const tables: ChangeBatch['tables'] = new Map();
  for (const [name, t] of found) tables.set(name, { keys: t.reload ? [] : [...t.keys.values()], reload: t.reload });
  return { horizon, tables, appliedAbove, xidsAbove };
}
