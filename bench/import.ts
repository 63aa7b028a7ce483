// npm run bench:import - writes BENCH_ROWS (default 1,000,000) CSV rows of a survey export (id, date,
// NPS 0-10, a 1-5 rating, region, a comment with commas and quotes) to a temporary file, and imports
// it into a fresh DuckDB file through the portal's own path: the preview, the source made from its
// definition, the import (read, convert, stage, swap in). Beside it: DuckDB's own `read_csv` of the
// same file into a table. Prints seconds, rows/s, and this process's peak memory (RSS, sampled)
// during the import. It prints figures; no test asserts on them.
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { once } from 'node:events';
import { openDuckDb } from '../server/db/duckdb';
import { migrate } from '../server/db/migrate';
import { syncSources } from '../server/datasources/registry';
import { previewFile } from '../server/datasources/preview';
import { previewLimits } from '../server/datasources/limits';
import { createSource } from '../server/datasources/sources';
import { startImport } from '../server/datasources/imports/run';
import type { Upload } from '../server/datasources/upload';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const DIR = resolve('.tmp/bench-import');
const REGIONS = ['North', 'South', 'East', 'West', 'Central', 'Islands'];
const COMMENTS = [
  'Quick and friendly, thank you',
  'The queue was long, but the staff were kind',
  'Could not find what I wanted; "out of stock" again',
  'Great prices',
  '',
  'Delivery was late and nobody called back, which is a shame because the product itself is good',
];

/** Writes the export: a header and ROWS rows, streamed (no row is held). */
async function writeCsv(path: string): Promise<void> {
  const out = createWriteStream(path);
  out.write('Response ID,Recorded Date,How likely are you to recommend us?,Product rating,Region,Comment\n');
  const day = Date.UTC(2024, 0, 1);
  let chunk = '';
  for (let i = 0; i < ROWS; i++) {
    const at = new Date(day + (i % 500) * 86_400_000 + (i % 1440) * 60_000);
    const date = `${String(at.getUTCDate()).padStart(2, '0')}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-${at.getUTCFullYear()} ${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
    const comment = COMMENTS[(i * 7) % COMMENTS.length];
    const quoted = /[",]/.test(comment) ? `"${comment.replace(/"/g, '""')}"` : comment;
    chunk += `R${1_000_000 + i},${date},${(i * 3) % 11},${1 + ((i * 5) % 5)},${REGIONS[i % REGIONS.length]},${quoted}\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const perSecond = (rows: number, ms: number) => Math.round(rows / (ms / 1000)).toLocaleString('en');
const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));

await rm(DIR, { recursive: true, force: true });
await mkdir(DIR, { recursive: true });
const file = join(DIR, 'export.csv');
console.log(`Writing ${ROWS.toLocaleString('en')} rows...`);
await writeCsv(file);
const size = (await stat(file)).size;
console.log(`File: ${mb(size)} MB`);

const db = await openDuckDb(join(DIR, 'cx.duckdb'));
await migrate(db);
await syncSources(db);
const limits = previewLimits({ maxBytes: Math.max(size, previewLimits().maxBytes) });
const upload: Upload = { path: file, name: 'export.csv', contentType: 'text/csv', size, discard: async () => undefined };

const rssBefore = process.memoryUsage().rss;
let peak = rssBefore;
let heapPeak = 0;
const sampler = setInterval(() => {
  const { rss, heapUsed } = process.memoryUsage();
  peak = Math.max(peak, rss);
  heapPeak = Math.max(heapPeak, heapUsed);
}, 50);

const started = performance.now();
const preview = await previewFile(upload, limits);
const module = await createSource(db, { ...preview.definition, name: 'Bench export' }, 'bench');
const { importId, finished } = await startImport({ db, sourceId: module.moduleId, mode: 'append', receive: async () => upload, startedBy: 'bench', now: () => new Date(), limits });
const state = await finished;
const importMs = performance.now() - started;
clearInterval(sampler);
const [result] = await db.query<{ rows_read: number; rows_written: number; rows_refused: number; message: string | null }>(
  'SELECT rows_read, rows_written, rows_refused, message FROM datasource_imports WHERE import_id = $1',
  [importId],
);
if (state !== 'done') throw new Error(`The import ended ${state}: ${result.message}`);

const engineStart = performance.now();
await db.query('CREATE TABLE bench_read_csv AS SELECT * FROM read_csv($1)', [file]);
const engineMs = performance.now() - engineStart;
const [{ n: engineRows }] = await db.query<{ n: number }>('SELECT count(*) AS n FROM bench_read_csv');

console.log('');
console.log(`Import of ${ROWS.toLocaleString('en')} CSV rows (${mb(size)} MB) into a new data source, DuckDB:`);
console.log(`  portal (preview + source + import):  ${seconds(importMs)} s   ${perSecond(ROWS, importMs)} rows/s   (read ${result.rows_read}, written ${result.rows_written}, refused ${result.rows_refused})`);
console.log(`  DuckDB read_csv (CREATE TABLE AS):   ${seconds(engineMs)} s   ${perSecond(Number(engineRows), engineMs)} rows/s   (${engineRows} rows)`);
console.log(`  ratio: ${(importMs / engineMs).toFixed(1)}x`);
console.log(`  peak RSS during the import: ${mb(peak)} MB (before: ${mb(rssBefore)} MB; of it the JS heap at most ${mb(heapPeak)} MB, the rest DuckDB's own)`);
await db.close();
await rm(DIR, { recursive: true, force: true });
