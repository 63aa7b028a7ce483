import { turn } from './breathe';
import { randomUUID } from 'node:crypto';
import type { Db, Param } from '../db';
import { syncSources } from '../datasources/registry';
import { numericId } from '../datasources/tables';
import type { SmartModule } from '../smartdata/schema';
import { buildWhere } from '../smartdata/where';
import { analyserFor, textOf, type Analyser } from './analyse';
import { advancePass, claimPass, endPass, LEASE_MS, renewLease, requestPass, setTotal, type Pass } from './progress';
import { modelsOf, saveAnalyses, type AnalysedRow } from './store';
import { learnAgainIfGrown, learnFromScores } from './learn';
import { seedStarterTopics } from './taxonomy';

/** Rows a batch reads and writes in one short transaction: a sign-in's urgent writes get in between (server/db/priority.ts). */
export const BATCH_ROWS = 1000;
/** Comments analysed between two yields of the event loop, so requests are answered while a pass runs. */
const SLICE = 100;
/** How often a worker looks for work: passes asked for, and rows written without analysis (TEXT_SWEEP_MS). */
export const SWEEP_MS = 60_000;

export interface PassOptions {
  now?: () => Date;
  batchRows?: number;
  /** This worker's name in the passes it claims (a process's own). */
  worker?: string;
  /** Asked between batches: true ends the run there (the process is stopping; the pass resumes later). */
  stopping?: () => boolean;
}


/** The condition of rows the pass still has to read: a comment, and no analysis of this generation. */
function remaining(module: SmartModule, pass: Pass) {
  const text = textOf(module)!;
  const w = buildWhere(module, [], null);
  w.add(text.present);
  const key = `CAST(t.${module.idColumn} AS VARCHAR)`;
  w.add(`NOT EXISTS (SELECT 1 FROM text_analysis a WHERE a.source_id = ${w.bind(pass.sourceId)} AND a.row_key = ${key} AND a.generation >= ${w.bind(pass.generation)})`);
  return { w, text, key };
}

/** The id of the last row done as its column holds it (the pass keeps it as text). */
const afterValue = (module: SmartModule, afterKey: string): Param => (numericId(module) ? Number(afterKey) : afterKey);

/** How often a long batch renews its lease while it reads (a tenth of the lease). */
const RENEW_MS = LEASE_MS / 10;

/**
 * Analyses `rows` a slice at a time, yielding between slices and renewing the pass's lease when a
 * batch runs long (a slow machine, a large taxonomy), so no other worker takes a pass in hand.
 */
async function analyseAll(analyse: Analyser, rows: Array<{ k: string; text: string }>, renew: () => Promise<void>): Promise<AnalysedRow[]> {
  const out: AnalysedRow[] = [];
  let renewed = Date.now();
  for (let i = 0; i < rows.length; i += SLICE) {
    for (const r of rows.slice(i, i + SLICE)) out.push({ key: r.k, analysis: analyse(r.text) });
    if (Date.now() - renewed > RENEW_MS) {
      await renew();
      renewed = Date.now();
    }
    await turn();
  }
  return out;
}

/**
 * Runs a claimed pass to its end, batch by batch in the source's id order: each batch's analyses and
 * the pass's progress are written in one transaction, so a pass stopped anywhere (a restart)
 * resumes after its last written batch. Stops early when the pass was started over or taken over.
 */
async function runPass(db: Db, module: SmartModule, pass: Pass, worker: string, options: Required<PassOptions>): Promise<number> {
  const { now, batchRows } = options;
  // The reads scan the source's rows: on the analytics connections, never ahead of a request's short reads.
  if (pass.afterKey === null && pass.rowsDone === 0) {
    // A source with scores and no model yet is learned from first: its comments are then read by it.
    if (!(await modelsOf(db, module.moduleId)).size) await learnFromScores(db, module, now());
    // Learning reads and trains for a while: the lease is renewed before the rest of the start.
    await renewLease(db, pass, worker, now());
    // A source read for the first time begins with the starter topics, in its comments' languages.
    await seedStarterTopics(db, module, pass.generation, now());
    const { w } = remaining(module, pass);
    const [row] = await db.analytics.query<{ n: number }>(`SELECT count(*) AS n FROM ${module.table} t ${w.sql}`, w.params);
    await setTotal(db, pass, worker, Number(row.n));
  }
  const analyse = await analyserFor(db, module.moduleId);
  let analysed = 0;
  while (!options.stopping()) {
    const { w, text, key } = remaining(module, pass);
    if (pass.afterKey !== null) w.add(`t.${module.idColumn} > ${w.bind(afterValue(module, pass.afterKey))}`);
    const rows = await db.analytics.query<{ k: string; id: string | number; text: string }>(
      `SELECT ${key} AS k, t.${module.idColumn} AS id, ${text.expr} AS text FROM ${module.table} t ${w.sql} ORDER BY t.${module.idColumn} LIMIT ${w.bind(batchRows)}`,
      w.params,
    );
    if (!rows.length) {
      await endPass(db, pass, worker, 'done', now());
      return analysed;
    }
    const results = await analyseAll(analyse, rows, () => renewLease(db, pass, worker, now()));
    const last = String(rows[rows.length - 1].id);
    const kept = await db.tx(async (q) => {
      if (!(await advancePass(q, pass, worker, last, rows.length, now()))) return false;
      await saveAnalyses(q, module.moduleId, results, pass.generation, now());
      return true;
    });
    if (!kept) return analysed;
    analysed += rows.length;
    await turn();
  }
  return analysed;
}

/**
 * Every source with a verbatim has a pass (a new source, or one from before text analysis gets its
 * first); a source whose pass is done gets another when rows were written without analysis since
 * (feedback, recovery answers, cases, a seed): found with one count per source; a source whose
 * scored comments have doubled since it learned learns again (`learnAgainIfGrown`).
 */
export async function askForPasses(db: Db, now: Date): Promise<void> {
  const modules = await syncSources(db);
  const passes = new Map(
    (await db.query<{ source_id: string; state: string; generation: number; learned_rows: number }>('SELECT source_id, state, generation, learned_rows FROM text_backfills')).map((r) => [r.source_id, r]),
  );
  for (const module of modules.values()) {
    if (!textOf(module)) continue;
    const pass = passes.get(module.moduleId);
    if (!pass) {
      await requestPass(db, module.moduleId, now);
      continue;
    }
    if (pass.state !== 'done' && pass.state !== 'failed') continue;
    // Scores grown since the source learned: learn again, and read its history by the new model.
    if (pass.state === 'done' && (await learnAgainIfGrown(db, module, Number(pass.learned_rows), now))) continue;
    const { w } = remaining(module, { sourceId: module.moduleId, generation: Number(pass.generation), state: 'done', afterKey: null, rowsDone: 0, rowsTotal: 0 });
    const [row] = await db.analytics.query<{ n: number }>(`SELECT count(*) AS n FROM (SELECT 1 FROM ${module.table} t ${w.sql} LIMIT 1) one`, w.params);
    if (Number(row.n) > 0) await requestPass(db, module.moduleId, now);
  }
}

/**
 * Runs the passes there are to run, one after another, until none is left to take; the rows
 * analysed. A pass whose source is gone or has no verbatim any more ends at once.
 */
export async function runPasses(db: Db, options: PassOptions = {}): Promise<number> {
  const settled: Required<PassOptions> = { now: () => new Date(), batchRows: BATCH_ROWS, worker: `text-${randomUUID()}`, stopping: () => false, ...options };
  const { now, worker } = settled;
  let analysed = 0;
  while (!settled.stopping()) {
    const pass = await claimPass(db, worker, now());
    if (!pass) break;
    const module = (await syncSources(db)).get(pass.sourceId);
    if (!module || !textOf(module)) {
      await endPass(db, pass, worker, 'done', now(), 'The data source has no comments to analyse.');
      continue;
    }
    try {
      analysed += await runPass(db, module, pass, worker, settled);
    } catch (error) {
      const ref = randomUUID();
      console.error(`[${ref}] The text analysis of "${pass.sourceId}" failed:`, error);
      await endPass(db, pass, worker, 'failed', now(), `The text analysis failed on the server (reference ${ref}); it is tried again at the next sweep.`);
    }
  }
  return analysed;
}

/** The workers running in this process, by database: an import that ends wakes its database's at once. */
const wakers = new WeakMap<Db, () => void>();

/** Starts the next run of this process's worker now (after an import), rather than at its next sweep. */
export const wakeTextWorker = (db: Db) => wakers.get(db)?.();

/**
 * The background worker of one process: every `intervalMs` (and when woken) it asks for the passes
 * due and runs them. Several processes may run one each: a pass is claimed by one at a time. Returns
 * a stop function that waits for the batch in hand.
 */
export function startTextWorker(db: Db, intervalMs = SWEEP_MS): () => Promise<void> {
  const worker = `text-${randomUUID()}`;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        await askForPasses(db, new Date());
        await runPasses(db, { worker, stopping: () => stopped });
      } catch (error) {
        console.error('The text analysis worker failed; it runs again at its next sweep:', error);
      }
    })().finally(() => {
      running = null;
      if (again && !stopped) {
        again = false;
        run();
      }
    });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  wakers.set(db, run);
  run();
  return async () => {
    stopped = true;
    clearInterval(timer);
    wakers.delete(db);
    await running;
  };
}
