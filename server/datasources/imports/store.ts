import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../../db';
import { dataTime } from '../../db';
import { conflict, notFound } from '../../http/errors';
import type { Refusal } from './convert';

export type ImportMode = 'append' | 'replace';
export type ImportState = 'running' | 'done' | 'failed' | 'cancelled';

/** The refused rows an import keeps (and answers, and reports as CSV): the first of them. */
export const KEPT_REFUSALS = 1000;

type ImportRow = {
  import_id: string;
  source_id: string;
  mode: ImportMode;
  state: ImportState;
  file_name: string | null;
  rows_read: number;
  rows_written: number;
  rows_refused: number;
  refused: string | null;
  message: string | null;
  started_at: Date;
  finished_at: Date | null;
};

/** An id that sorts by when it was made (imports started in one clock second keep their order). */
const newImportId = () => `${Date.now().toString(36).padStart(9, '0')}${randomBytes(8).toString('hex')}`;

/**
 * Marks the source importing and records the import, in one transaction: a second import of the
 * same source, from this process or another, finds it importing and gets a 409.
 */
export async function claimImport(db: Db, sourceId: string, mode: ImportMode, fileName: string | null, startedBy: string, now: Date): Promise<string> {
  const importId = newImportId();
  await db.tx(async (q) => {
    const [claimed] = await q.query(
      `UPDATE datasources SET state = 'importing' WHERE source_id = $1 AND state <> 'importing' RETURNING source_id`,
      [sourceId],
    );
    if (!claimed) throw importRunning();
    await q.query(
      `INSERT INTO datasource_imports (import_id, source_id, mode, state, file_name, rows_read, rows_written, rows_refused, refused, cancel_requested, started_by, started_at)
       VALUES ($1, $2, $3, 'running', $4, 0, 0, 0, '[]', FALSE, $5, CAST($6 AS TIMESTAMP))`,
      [importId, sourceId, mode, fileName, startedBy, now],
    );
  });
  return importId;
}

export const CANCELLED = 'The import was cancelled: nothing was written.';

export const importRunning = () => conflict('An import into this data source is running: wait for it to end, or cancel it.');

export interface Progress {
  rowsRead: number;
  rowsWritten: number;
  rowsRefused: number;
  refused: Refusal[];
}

/** Writes an import's progress; false when it is no longer running (cancelled by a DELETE, from any process). */
export async function saveProgress(db: Db, importId: string, p: Progress): Promise<boolean> {
  const rows = await db.query(
    `UPDATE datasource_imports SET rows_read = $1, rows_written = $2, rows_refused = $3, refused = $4
     WHERE import_id = $5 AND state = 'running' AND cancel_requested = FALSE RETURNING import_id`,
    [p.rowsRead, p.rowsWritten, p.rowsRefused, JSON.stringify(p.refused), importId],
  );
  return rows.length > 0;
}

/**
 * Marks the import done inside the transaction that swaps its rows in; false when a cancel came
 * first (the transaction then writes nothing). A cancel after this waits for it and finds it ended.
 */
export async function markDone(q: Queryable, importId: string, p: Progress, message: string | null, now: Date): Promise<boolean> {
  const rows = await q.query(
    `UPDATE datasource_imports SET state = 'done', rows_read = $1, rows_written = $2, rows_refused = $3, refused = $4, message = $5, finished_at = CAST($6 AS TIMESTAMP)
     WHERE import_id = $7 AND state = 'running' AND cancel_requested = FALSE RETURNING import_id`,
    [p.rowsRead, p.rowsWritten, p.rowsRefused, JSON.stringify(p.refused), message, now, importId],
  );
  return rows.length > 0;
}

/** Ends an import that did not finish (failed, or cancelled) and gives its source back its state. */
export async function endUnfinished(db: Db, sourceId: string, importId: string, state: 'failed' | 'cancelled', p: Progress, message: string | null, now: Date) {
  await db.tx(async (q) => {
    await q.query(
      `UPDATE datasource_imports SET state = $1, rows_read = $2, rows_written = 0, rows_refused = $3, refused = $4, message = $5, finished_at = COALESCE(finished_at, CAST($6 AS TIMESTAMP))
       WHERE import_id = $7`,
      [state, p.rowsRead, p.rowsRefused, JSON.stringify(p.refused), message, now, importId],
    );
    // A cancel leaves the source as it was; a failure says so (its rows are still those of before).
    // Not while a later import runs: a cancel frees the source at once, and another may have claimed it.
    await q.query(
      `UPDATE datasources SET state = CASE WHEN $1 = 'failed' THEN 'failed' WHEN row_count > 0 THEN 'ready' ELSE 'empty' END
       WHERE source_id = $2 AND NOT EXISTS (SELECT 1 FROM datasource_imports WHERE source_id = $2 AND state = 'running' AND import_id <> $3)`,
      [state, sourceId, importId],
    );
  });
}

/** Asks a running import to stop (it stops at its next batch, in whichever process runs it). */
export async function cancelImport(db: Db, sourceId: string, importId: string, now: Date): Promise<void> {
  const rows = await db.query(
    // Nothing of a cancelled import is kept: its count says so at once, not after its run stops.
    `UPDATE datasource_imports SET state = 'cancelled', cancel_requested = TRUE, rows_written = 0, message = $1, finished_at = CAST($2 AS TIMESTAMP)
     WHERE import_id = $3 AND source_id = $4 AND state = 'running' RETURNING import_id`,
    [CANCELLED, now, importId, sourceId],
  );
  // The source is free at once: a live import stops at its next batch (its swap sees the cancel), and
  // one whose process stopped would otherwise keep the source taken for good.
  if (rows.length) {
    await db.query("UPDATE datasources SET state = CASE WHEN row_count > 0 THEN 'ready' ELSE 'empty' END WHERE source_id = $1 AND state = 'importing'", [sourceId]);
    return;
  }
  const row = await importRow(db, sourceId, importId);
  throw conflict(`The import has ended (${row.state}): there is nothing to cancel.`);
}

const COLUMNS = 'import_id, source_id, mode, state, file_name, rows_read, rows_written, rows_refused, refused, message, started_at, finished_at';

async function importRow(db: Db, sourceId: string, importId: string): Promise<ImportRow> {
  const [row] = await db.query<ImportRow>(`SELECT ${COLUMNS} FROM datasource_imports WHERE import_id = $1 AND source_id = $2`, [importId, sourceId]);
  if (!row) throw notFound(`No import "${importId}" of this data source.`);
  return row;
}

const summary = (r: ImportRow) => ({
  importId: r.import_id,
  state: r.state,
  mode: r.mode,
  fileName: r.file_name,
  rowsRead: Number(r.rows_read),
  rowsWritten: Number(r.rows_written),
  rowsRefused: Number(r.rows_refused),
  startedAt: dataTime(r.started_at),
  finishedAt: r.finished_at ? dataTime(r.finished_at) : null,
});

/** The last imports of a source, newest first. */
export async function listImports(db: Db, sourceId: string) {
  const rows = await db.query<ImportRow>(`SELECT ${COLUMNS} FROM datasource_imports WHERE source_id = $1 ORDER BY started_at DESC, import_id DESC LIMIT 50`, [sourceId]);
  return rows.map(summary);
}

/** The refused rows an import kept, with their values (for the CSV report). */
export async function refusalsOf(db: Db, sourceId: string, importId: string): Promise<Refusal[]> {
  return JSON.parse((await importRow(db, sourceId, importId)).refused ?? '[]') as Refusal[];
}

/** One import as its poll answers: progress, the refused rows' line, column and reason, and the starter dashboard. */
export async function describeImport(db: Db, sourceId: string, importId: string) {
  const row = await importRow(db, sourceId, importId);
  const refused = (JSON.parse(row.refused ?? '[]') as Refusal[]).map(({ line, column, reason }) => ({ line, column, reason }));
  const [dashboard] = await db.query<{ dashboard_id: string }>(
    'SELECT dashboard_id FROM dashboards WHERE module_id = $1 ORDER BY updated_at, dashboard_id LIMIT 1',
    [sourceId],
  );
  return { ...summary(row), sourceId, refused, message: row.message, dashboardId: dashboard?.dashboard_id ?? null };
}
