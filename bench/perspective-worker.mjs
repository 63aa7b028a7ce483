// bench:viewer's @finos/perspective runs, in a worker thread of their own: its WebAssembly holds the
// thread while it pivots (no timer fires there), so the bench's own thread keeps the clock and
// ends this worker when Perspective outlasts its budget. Plain JavaScript: a worker gets no loader.
import { parentPort, workerData } from 'node:worker_threads';
import perspective from '@finos/perspective';

/** Rows handed to Perspective at a time: ten million in one call ran its WebAssembly out of memory. */
const BATCH = 1_000_000;

/** The columns as sent: numbers in a Float64Array (NaN for null), texts as dictionary codes. */
const { columns, count, loads, runs, counted } = workerData;

const column = (name, from, to) => {
  const c = columns[name];
  if (c.dict) return Array.from(c.codes.subarray(from, to), (k) => c.dict[k]);
  return Array.from(c.values.subarray(from, to), (v) => (Number.isNaN(v) ? null : v));
};
const batch = (from) => {
  const to = Math.min(from + BATCH, count);
  return Object.fromEntries(Object.keys(columns).map((name) => [name, column(name, from, to)]));
};
const say = (message) => parentPort.postMessage(message);

async function load() {
  const started = performance.now();
  const table = await perspective.table(batch(0));
  say({ kind: 'loaded', rows: Math.min(BATCH, count), ms: performance.now() - started });
  for (let from = BATCH; from < count; from += BATCH) {
    await table.update(batch(from));
    say({ kind: 'loaded', rows: Math.min(from + BATCH, count), ms: performance.now() - started });
  }
  return { table, ms: performance.now() - started };
}

/** Times `fn` `n` times after a warm-up run, each time said as it ends (a run may be the last one the budget allows). */
async function timed(kind, fn, n) {
  for (let i = 0; i <= n; i++) {
    const t = performance.now();
    await fn();
    say({ kind, warmUp: i === 0, ms: performance.now() - t });
  }
}

let table;
for (let i = 0; i < loads; i++) {
  // One table at a time: at ten million rows two do not fit beside each other.
  await table?.delete();
  const loaded = await load();
  table = loaded.table;
  say({ kind: 'load', ms: loaded.ms });
}
const view = async (config) => {
  const v = await table.view(config);
  await v.to_columns();
  await v.delete();
};
// The counts first: they are lighter, and the pivot is what can outgrow its WebAssembly memory (at
// ten million rows it failed there once, when it came first).
await timed('counts', async () => {
  for (const dimension of counted) await view({ group_by: [dimension], columns: ['Id'], aggregates: { Id: 'count' } });
}, runs);
await timed('pivot', () => view({ group_by: ['Region', 'Store'], split_by: ['Channel'], columns: ['NPS', 'Id'], aggregates: { NPS: 'avg', Id: 'count' } }), runs);
say({ kind: 'done' });
