import { randomUUID } from 'node:crypto';
import type { Db, Param } from '../../db';
import { ApiError, badRequest, notFound } from '../../http/errors';
import type { SmartModule } from '../../smartdata/schema';
import type { PreviewLimits } from '../limits';
import { sourcesOf } from '../registry';
import { sourceRow, type Reading } from '../sources';
import { createTableSql, ROW_KEY } from '../tables';
import type { Upload } from '../upload';
import { rowWriter, type Refusal } from './convert';
import { openFileRows, type FileRows } from './file-rows';
import { KeyFilter } from './keys';
import { matchColumns, type Matched } from './match';
import { takeImportSlot } from './slots';
import { ensureStarterDashboard } from '../starter';
import { verbatimOf } from '../../text/dimensions';
import { requestPass } from '../../text/progress';
import { forgetAnalyses } from '../../text/store';
import { wakeTextWorker } from '../../text/worker';
import { CANCELLED, claimImport, endUnfinished, importRunning, KEPT_REFUSALS, markDone, saveProgress, type ImportMode, type ImportState, type Progress } from './store';


export interface ImportRequest {
  db: Db;
  sourceId: string;
  mode: ImportMode;
  /** Receives the file: called once the source and a slot are known to be free. */
  receive: () => Promise<Upload>;
  startedBy: string;
  now: () => Date;
  limits: PreviewLimits;
}

/** A refused value as the report keeps it: short. */
const MAX_VALUE_CHARS = 200;

/**
 * Starts an import: the source is checked, the file received and its header matched to the source's
 * columns (a missing column is a 400 before anything is written), the source claimed (409 while
 * another import runs); then the rows are read and written in the background. `finished` resolves
 * with how it ended; the file is removed then.
 */
export async function startImport(req: ImportRequest): Promise<{ importId: string; finished: Promise<ImportState> }> {
  const { db, sourceId } = req;
  const row = await sourceRow(db, sourceId);
  if (row.builtin) throw badRequest(`"${row.name}" is one of the portal's own data sources: its surveys, reviews or feedback widget write to it, so files are not imported into it.`);
  const module = sourcesOf(db).get(sourceId);
  if (!module || !row.reading) throw notFound(`No data source "${sourceId}".`);
  if (row.state === 'importing') throw importRunning();
  const reading = JSON.parse(row.reading) as Reading;
  const release = takeImportSlot(req.limits.importParallel);
  let upload: Upload | undefined;
  let file: FileRows | undefined;
  try {
    upload = await req.receive();
    file = await openFileRows(upload, reading, req.limits.maxColumns);
    const matched = matchColumns(reading.columns, file.header);
    const importId = await claimImport(db, sourceId, req.mode, upload.name, req.startedBy, req.now());
    const [opened, received] = [file, upload];
    const finished = runImport({ ...req, module, reading, file: opened, matched, importId }).finally(async () => {
      release();
      opened.close();
      await received.discard();
    });
    return { importId, finished };
  } catch (error) {
    release();
    file?.close();
    await upload?.discard();
    throw error;
  }
}

interface Job extends ImportRequest {
  module: SmartModule;
  reading: Reading;
  file: FileRows;
  matched: Matched;
  importId: string;
}

const isBlank = (cells: ReadonlyArray<string | null>) => cells.every((c) => c === null || c.trim() === '');

/** Reads the file into a staging table in batches, then swaps the rows in in one transaction. */
async function runImport(job: Job): Promise<ImportState> {
  const { db, module, importId, file, matched } = job;
  const stage = `ds_stage_${importId}`;
  const writer = rowWriter(module, job.reading, importId, job.now());
  const progress: Progress = { rowsRead: 0, rowsWritten: 0, rowsRefused: 0, refused: [] };
  const refuse = (r: Refusal) => {
    progress.rowsRefused++;
    if (progress.refused.length < KEPT_REFUSALS) progress.refused.push({ ...r, value: r.value.slice(0, MAX_VALUE_CHARS) });
  };
  const idColumn = module.columns.find((c) => c.column === ROW_KEY && job.reading.columns.some((rc) => rc.key === c.key));
  const duplicate = (line: number, key: string): Refusal =>
    idColumn ? { line, column: idColumn.name, reason: 'An earlier row of the file has the same id.', value: key } : { line, column: '', reason: 'An earlier row of the file is the same row.', value: '' };
  // A later row with a key already staged is a duplicate: the batch's keys are known, earlier
  // batches' are asked of the staging table when the filter says they may be there.
  const filter = new KeyFilter();
  let batch: Array<{ key: string; line: number; values: Param[]; suspect: boolean }> = [];
  let keys = new Set<string>();
  const flush = async () => {
    const suspects = batch.filter((r) => r.suspect).map((r) => r.key);
    const staged = suspects.length ? await stagedKeys(db, stage, suspects) : new Set<string>();
    const values: Param[][] = [];
    for (const r of batch) {
      if (staged.has(r.key)) refuse(duplicate(r.line, r.key));
      else values.push(r.values);
    }
    if (values.length) await db.insertMany(stage, writer.columns, values);
    progress.rowsWritten += values.length;
    batch = [];
    keys = new Set();
    return saveProgress(db, importId, progress);
  };
  // A batch holds about two million cells at most, whatever the width: memory stays flat for 1,000 columns too.
  const batchRows = Math.max(1, Math.min(job.limits.importBatchRows, Math.floor(2_000_000 / writer.columns.length)));
  try {
    await db.query(createTableSql(module, stage));
    let saved = 0;
    for (let next = await file.blocks.next(); !next.done; next = await file.blocks.next()) {
      for (const { cells, line } of next.value) {
        if (isBlank(cells)) continue;
        progress.rowsRead++;
        const row = writer.convert(
          matched.indexes.map((i) => cells[i]),
          line,
        );
        if ('reason' in row) refuse(row);
        else if (keys.has(row.key)) refuse(duplicate(line, row.key));
        else {
          keys.add(row.key);
          batch.push({ key: row.key, line, values: row.values, suspect: filter.add(row.key) });
        }
        if (progress.rowsRead - saved >= batchRows) {
          saved = progress.rowsRead;
          if (!(await flush())) return await endAs(job, 'cancelled', progress, null);
        }
      }
    }
    if (!(await flush())) return await endAs(job, 'cancelled', progress, null);
    const done = await swapIn(job, stage, writer.columns, progress);
    if (!done) return await endAs(job, 'cancelled', progress, null);
    return 'done';
  } catch (error) {
    const message = error instanceof ApiError ? error.message : failure(importId, error);
    return await endAs(job, 'failed', progress, message);
  } finally {
    await db.query(`DROP TABLE IF EXISTS ${stage}`).catch((error: unknown) => console.error(`The staging table of import ${importId} was not dropped:`, error));
  }
}

/** Which of `keys` the staging table holds (asked in chunks: a bound parameter each). */
async function stagedKeys(db: Db, stage: string, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += 1000) {
    const chunk = keys.slice(i, i + 1000);
    const rows = await db.query<{ row_key: string }>(`SELECT ${ROW_KEY} AS row_key FROM ${stage} WHERE ${ROW_KEY} IN (${chunk.map((_, j) => `$${j + 1}`).join(', ')})`, chunk);
    for (const r of rows) found.add(r.row_key);
  }
  return found;
}

function failure(importId: string, error: unknown): string {
  const ref = randomUUID();
  console.error(`[${ref}] The import ${importId} failed:`, error);
  return `The import failed on the server (reference ${ref}): nothing was written.`;
}

async function endAs(job: Job, state: 'failed' | 'cancelled', progress: Progress, message: string | null): Promise<ImportState> {
  const text = state === 'cancelled' ? CANCELLED : message;
  await endUnfinished(job.db, job.sourceId, job.importId, state, progress, text, job.now()).catch((error: unknown) => console.error(`The end of import ${job.importId} was not recorded:`, error));
  return state;
}

/**
 * Swaps the staged rows in, in one transaction: append adds the rows whose key the source does not
 * hold yet (the same file sent again adds nothing); replace empties the source first. False when a
 * cancel came first.
 */
async function swapIn(job: Job, stage: string, columns: readonly string[], progress: Progress): Promise<boolean> {
  const { db, module, importId } = job;
  const table = module.table;
  const now = job.now();
  const list = columns.join(', ');
  return db.tx(async (q) => {
    if (!(await markDone(q, importId, progress, null, now))) return false;
    const count = async () => Number((await q.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0].n);
    const before = job.mode === 'replace' ? 0 : await count();
    if (job.mode === 'replace') {
      await q.query(`DELETE FROM ${table}`);
      // A row sent again under its key may say something else now: what was read in the old rows goes with them.
      await forgetAnalyses(q, job.sourceId);
    }
    await q.query(`INSERT INTO ${table} (${list}) SELECT ${list} FROM ${stage} s WHERE NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.${ROW_KEY} = s.${ROW_KEY})`);
    const after = await count();
    const added = after - before;
    const notes = [
      ...(job.matched.extra.length ? [`The file's columns ${job.matched.extra.map((n) => `"${n}"`).join(', ')} are not in the data source: they were left out.`] : []),
      ...(progress.rowsWritten > added ? [`${(progress.rowsWritten - added).toLocaleString('en')} rows were in the data source already (the same ${job.reading.idColumn ? 'id' : 'row'}): they were left as they were.`] : []),
    ];
    await q.query('UPDATE datasource_imports SET rows_written = $1, message = $2 WHERE import_id = $3', [added, notes.join(' ') || null, importId]);
    await q.query(`UPDATE datasources SET state = 'ready', row_count = $1, last_import_at = CAST($2 AS TIMESTAMP) WHERE source_id = $3`, [after, now, job.sourceId]);
    // In the same transaction: whoever reads the import as done reads its starter dashboard too.
    await ensureStarterDashboard(db, q, job.sourceId);
    // The new rows' comments are read in the background, with a progress the source's page shows.
    if (verbatimOf(module)) await requestPass(q, job.sourceId, now);
    return true;
  }).then((done) => {
    if (done) wakeTextWorker(db);
    return done;
  });
}
