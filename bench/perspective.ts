// @finos/perspective as bench:viewer's peer: the rows sent to a worker thread (bench/perspective-worker.mjs),
// which loads them and pivots while this thread keeps the clock. Past the budget the worker is
// ended and what it reached is said: a lower bound, never a silent stall.
import { Worker } from 'node:worker_threads';

type Columns = Record<string, { values: Float64Array } | { dict: string[]; codes: Uint32Array }>;

/** The rows as typed columns the worker takes without copying: numbers as they are, texts by dictionary. */
function encode<R extends Record<string, unknown>>(rows: R[], numbers: (keyof R & string)[], texts: (keyof R & string)[]): { columns: Columns; transfer: ArrayBuffer[] } {
  const columns: Columns = {};
  const transfer: ArrayBuffer[] = [];
  for (const name of numbers) {
    const values = Float64Array.from(rows, (r) => (r[name] === null || r[name] === undefined ? NaN : Number(r[name])));
    columns[name] = { values };
    transfer.push(values.buffer);
  }
  for (const name of texts) {
    const index = new Map<string, number>();
    const dict: string[] = [];
    const codes = Uint32Array.from(rows, (r) => {
      const v = String(r[name]);
      let k = index.get(v);
      if (k === undefined) index.set(v, (k = dict.push(v) - 1));
      return k;
    });
    columns[name] = { dict, codes };
    transfer.push(codes.buffer);
  }
  return { columns, transfer };
}

interface Stop {
  doing: string;
  forMs: number;
  afterMs: number;
}

export interface PerspectiveRuns {
  /** Each load of the whole table, ms. */
  loads: number[];
  /** Pivots and filter counts after the first of each (the warm-up), ms. */
  pivots: number[];
  counts: number[];
  /** The first pivot, ms: the only figure when the budget ends it before a second. */
  firstPivot?: number;
  /** Set when the budget ended the worker: what it was doing, for how long it had done it, and for how long it had run. */
  stopped?: Stop;
  /** Set when Perspective failed: where, and its error's first line. */
  failed?: Stop & { error: string };
}

/** Perspective's load, pivot and filter counts of `rows`, within `budgetMs` in all; what it measured before a stop or a failure is kept. */
export function perspectiveRuns<R extends Record<string, unknown>>(
  rows: R[],
  o: { numbers: (keyof R & string)[]; texts: (keyof R & string)[]; counted: string[]; loads: number; runs: number; budgetMs: number; onProgress?: (rows: number, ms: number) => void },
): Promise<PerspectiveRuns> {
  const { columns, transfer } = encode(rows, o.numbers, o.texts);
  const out: PerspectiveRuns = { loads: [], pivots: [], counts: [] };
  const started = performance.now();
  let doing = 'loading its table';
  let last = started;
  const worker = new Worker(new URL('./perspective-worker.mjs', import.meta.url), {
    workerData: { columns, count: rows.length, loads: o.loads, runs: o.runs, counted: o.counted },
    transferList: transfer,
  });
  const where = (): Stop => {
    const now = performance.now();
    return { doing, forMs: now - last, afterMs: now - started };
  };
  return new Promise((resolve) => {
    const stop = setTimeout(() => end(() => (out.stopped = where())), o.budgetMs);
    // Settled first, then the worker ended: its exit (code 1 when terminated) finds the promise settled.
    let settled = false;
    const end = (fn: () => void) => {
      settled = true;
      clearTimeout(stop);
      fn();
      resolve(out);
      void worker.terminate();
    };
    const fail = (error: string) => end(() => (out.failed = { ...where(), error }));
    worker.on('message', (m: { kind: string; ms: number; rows?: number; warmUp?: boolean }) => {
      // A load's batches are progress only: what it is doing is timed from the last step it finished.
      if (m.kind === 'loaded') return o.onProgress?.(m.rows!, m.ms);
      last = performance.now();
      if (m.kind === 'load') {
        out.loads.push(m.ms);
        doing = out.loads.length < o.loads ? `load ${out.loads.length + 1}` : 'the filter counts';
      } else if (m.kind === 'pivot') {
        if (m.warmUp) out.firstPivot = m.ms;
        else out.pivots.push(m.ms);
        doing = `pivot ${out.pivots.length + 2}`;
      } else if (m.kind === 'counts') {
        if (!m.warmUp) out.counts.push(m.ms);
        // After its last round of counts, the pivots.
        doing = m.warmUp || out.counts.length < o.runs ? 'the filter counts' : 'its first pivot';
      } else if (m.kind === 'done') end(() => undefined);
    });
    worker.on('error', (e: Error) => settled || fail(e.message.split('\n')[0]));
    // Its WebAssembly out of memory can end the thread without an error event.
    worker.on('exit', (code) => settled || fail(`the worker ended with code ${code}`));
  });
}
