// The backfill as the portal runs it: a freshly seeded DuckDB of BENCH_TEXT_BACKFILL responses
// (default 1,000,000; 0 skips it), read by the background worker's own passes (every source with
// a verbatim: learning from scores, starter topics, sentiment, topic hits, all stored), timed from
// the first pass asked for to the last one done. The issue's goal: a million in under 10 minutes.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../server/db';
import { askForPasses, runPasses } from '../server/text/worker';
import { seedFresh } from './setup';

const GOAL_S = 600;

export async function benchBackfill(records: number, anchor: Date): Promise<void> {
  if (!records) return;
  const dir = process.env.BENCH_TEXT_DIR ?? join(tmpdir(), `cx-bench-text-${records}`);
  await seedFresh(dir, records, anchor);
  const db = await openDb({ DATA_DIR: dir, CX_QUERY_CACHE_MS: '0' });
  try {
    // A reused database keeps its analyses: start every source over.
    for (const table of ['text_topic_hits', 'text_analysis', 'text_models', 'text_topics', 'text_backfills']) await db.query(`DELETE FROM ${table}`);
    const started = performance.now();
    await askForPasses(db, new Date());
    const analysed = await runPasses(db);
    const seconds = (performance.now() - started) / 1000;
    const bySource = await db.query<{ source_id: string; n: number }>('SELECT source_id, count(*) AS n FROM text_analysis GROUP BY source_id ORDER BY source_id');
    const [hits] = await db.query<{ n: number }>('SELECT count(*) AS n FROM text_topic_hits');
    const [models] = await db.query<{ n: number }>('SELECT count(*) AS n FROM text_models');
    console.log(`\nBackfill of a seeded database (${records.toLocaleString('en')} responses, the worker's passes, stored):`);
    console.log(`  ${analysed.toLocaleString('en')} comments in ${seconds.toFixed(1)} s = ${Math.round(analysed / seconds).toLocaleString('en')} comments/s (goal: 1,000,000 responses within ${GOAL_S} s)`);
    console.log(`  by source: ${bySource.map((r) => `${r.source_id} ${Number(r.n).toLocaleString('en')}`).join(', ')}; topic hits ${Number(hits.n).toLocaleString('en')}; models learned ${Number(models.n)}`);
  } finally {
    await db.close();
  }
}
