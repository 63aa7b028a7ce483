import type { Db, Queryable } from '../db';
import { dataTime } from '../db';

/**
 * A source's pass over its rows (the backfill), as a row of `text_backfills` so any process may
 * show it, claim it or resume it: `pending` waits for a worker, `running` is one's (until its lease
 * runs out), `done` has read every row there was, `failed` says why.
 */
export type PassState = 'pending' | 'running' | 'done' | 'failed';

export interface Pass {
  sourceId: string;
  state: PassState;
  generation: number;
  /** The last row key done, in the source's id order (null: from the start). */
  afterKey: string | null;
  rowsDone: number;
  rowsTotal: number;
}

/** How long a worker's claim on a pass lasts without a batch renewing it: then another may take it over. */
export const LEASE_MS = 60_000;

type PassRow = { source_id: string; state: PassState; generation: number; after_key: string | null; rows_done: number; rows_total: number };
const COLUMNS = 'source_id, state, generation, after_key, rows_done, rows_total';
const passOf = (r: PassRow): Pass => ({ sourceId: r.source_id, state: r.state, generation: Number(r.generation), afterKey: r.after_key, rowsDone: Number(r.rows_done), rowsTotal: Number(r.rows_total) });

/**
 * Asks for a pass over a source's rows from the start: the rows not analysed in its generation are
 * read (new rows of an import, rows written before the analysis existed). `again` raises the
 * generation, so every row is read again (a new model or taxonomy). A pass already waiting or
 * running starts over, so nothing written meanwhile is missed.
 */
export async function requestPass(q: Queryable, sourceId: string, now: Date, again = false): Promise<void> {
  await q.query(
    `INSERT INTO text_backfills (source_id, state, generation, after_key, rows_done, rows_total, updated_at)
     VALUES ($1, 'pending', 1, NULL, 0, 0, CAST($2 AS TIMESTAMP)) ON CONFLICT (source_id) DO NOTHING`,
    [sourceId, now],
  );
  await q.query(
    `UPDATE text_backfills SET state = 'pending', after_key = NULL, rows_done = 0, rows_total = 0, claimed_by = NULL, claimed_until = NULL, message = NULL,
       generation = generation + $3, updated_at = CAST($2 AS TIMESTAMP) WHERE source_id = $1`,
    [sourceId, now, again ? 1 : 0],
  );
}

/**
 * Takes a pass for `worker`: a pending one, one already its own, or one whose worker's lease ran
 * out (a process that stopped: its pass resumes where its last batch ended). Of two workers asking
 * at once, one gets it. Null when there is none to take.
 */
export async function claimPass(db: Db, worker: string, now: Date): Promise<Pass | null> {
  const candidates = await db.query<{ source_id: string }>(
    `SELECT source_id FROM text_backfills WHERE state = 'pending' OR (state = 'running' AND (claimed_by = $1 OR claimed_until IS NULL OR claimed_until < CAST($2 AS TIMESTAMP))) ORDER BY updated_at, source_id`,
    [worker, now],
  );
  for (const { source_id } of candidates) {
    const [row] = await db.query<PassRow>(
      `UPDATE text_backfills SET state = 'running', claimed_by = $2, claimed_until = CAST($3 AS TIMESTAMP), started_at = COALESCE(started_at, CAST($4 AS TIMESTAMP)), updated_at = CAST($4 AS TIMESTAMP)
       WHERE source_id = $1 AND (state = 'pending' OR (state = 'running' AND (claimed_by = $2 OR claimed_until IS NULL OR claimed_until < CAST($4 AS TIMESTAMP)))) RETURNING ${COLUMNS}`,
      [source_id, worker, new Date(now.getTime() + LEASE_MS), now],
    );
    if (row) return passOf(row);
  }
  return null;
}

/** Keeps the pass this worker's for another LEASE_MS while it works between batches (learning, a long batch). */
export async function renewLease(q: Queryable, pass: Pass, worker: string, now: Date): Promise<void> {
  await q.query("UPDATE text_backfills SET claimed_until = CAST($3 AS TIMESTAMP) WHERE source_id = $1 AND claimed_by = $2 AND state = 'running'", [pass.sourceId, worker, new Date(now.getTime() + LEASE_MS)]);
}

/** How many rows the pass has to read, once counted at its start. */
export async function setTotal(q: Queryable, pass: Pass, worker: string, total: number): Promise<void> {
  await q.query("UPDATE text_backfills SET rows_total = $3 WHERE source_id = $1 AND claimed_by = $2 AND state = 'running'", [pass.sourceId, worker, total]);
  pass.rowsTotal = total;
}

/**
 * Records a batch done, in the transaction that wrote its analyses, and renews the lease; false
 * when the pass is no longer this worker's (started over by a new request, or taken over).
 */
export async function advancePass(q: Queryable, pass: Pass, worker: string, afterKey: string, rows: number, now: Date): Promise<boolean> {
  const done = await q.query(
    `UPDATE text_backfills SET after_key = $3, rows_done = rows_done + $4, claimed_until = CAST($5 AS TIMESTAMP), updated_at = CAST($6 AS TIMESTAMP)
     WHERE source_id = $1 AND claimed_by = $2 AND state = 'running' AND generation = $7 RETURNING source_id`,
    [pass.sourceId, worker, afterKey, rows, new Date(now.getTime() + LEASE_MS), now, pass.generation],
  );
  if (done.length) {
    pass.afterKey = afterKey;
    pass.rowsDone += rows;
  }
  return done.length > 0;
}

/** Ends a pass: done, or failed with a message for the source's page. */
export async function endPass(db: Db, pass: Pass, worker: string, state: 'done' | 'failed', now: Date, message: string | null = null): Promise<void> {
  await db.query(
    `UPDATE text_backfills SET state = $3, message = $4, claimed_by = NULL, claimed_until = NULL, finished_at = CAST($5 AS TIMESTAMP), updated_at = CAST($5 AS TIMESTAMP)
     WHERE source_id = $1 AND claimed_by = $2 AND state = 'running'`,
    [pass.sourceId, worker, state, message, now],
  );
}

/** A source's text analysis as its page shows it: how far its pass has come. */
export async function progressOf(db: Db, sourceId: string) {
  const [row] = await db.query<PassRow & { message: string | null; started_at: Date | null; finished_at: Date | null; updated_at: Date }>(
    `SELECT ${COLUMNS}, message, started_at, finished_at, updated_at FROM text_backfills WHERE source_id = $1`,
    [sourceId],
  );
  if (!row) return { state: 'pending' as PassState, rowsDone: 0, rowsTotal: 0, startedAt: null, finishedAt: null, message: null };
  return {
    state: row.state,
    rowsDone: Number(row.rows_done),
    rowsTotal: Number(row.rows_total),
    startedAt: row.started_at ? dataTime(row.started_at) : null,
    finishedAt: row.finished_at ? dataTime(row.finished_at) : null,
    message: row.message,
  };
}

/** Passes that were running in this database's only process (DuckDB's) when it stopped: free to resume at once. */
export async function releaseClaims(db: Db): Promise<void> {
  await db.query("UPDATE text_backfills SET claimed_by = NULL, claimed_until = NULL WHERE state = 'running'");
}
