// npm run bench:server - seeds BENCH_RECORDS (default 1,000,000; 10,000,000 works too) responses into
// a fresh DuckDB file, starts the portal in its own process (query cache off), and prints for the
// smart-data filters (six dimensions with counts, 90 days), the pivot, and records blocks of 100 at
// the start, the middle and the end of the data: median and p95 over HTTP beside the same SQL run
// directly in this process (the engine floor, bench/floor.ts: the rows' SQL, without the rollups the
// server reads once made, so the server may beat it), their samples alternating, and the
// ratio; then the throughput of 50 concurrent clients and the server's peak resident memory under
// them. It prints figures; no test asserts on them.
import { apiClient, BENCH_ANCHOR, PIVOT_CALL, WINDOW_90, rssMb, seedFresh, settled, startPortal } from './setup';
import { openFloor } from './floor';
import { alternate, median, ms, p95 } from './stats';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const CLIENTS = 50;
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const DATA_DIR = '.tmp/bench-server';
const FLOOR_DIR = '.tmp/bench-server-floor';

const records = (skip: number) => ({ path: '/api/dataviewer/data/responses/default', body: { skip, top: 100, orderByFields: ['ResponseDate'], orderByOperator: 'DESC', smartFilters: [] } });
const CALLS: Record<string, { path: string; body: unknown }> = {
  'filters: 6 dimensions, 90 days': { path: '/api/smartdata/filters/responses', body: { smartFilters: WINDOW_90, smartDataTags: ['Core'] } },
  'pivot: Region > Store x Channel': PIVOT_CALL,
  'records block at the start': records(0),
  'records block in the middle': records(Math.floor(RECORDS / 2)),
  'records block at the end': records(RECORDS - 100),
};

await seedFresh(DATA_DIR, RECORDS, BENCH_ANCHOR);
// The floor runs on a byte-for-byte copy of the file (DuckDB lets one process open a file), so that
// its samples can alternate with the server's: both see the machine as it is at that moment.
rmSync(FLOOR_DIR, { recursive: true, force: true });
mkdirSync(FLOOR_DIR, { recursive: true });
copyFileSync(join(DATA_DIR, 'cx.duckdb'), join(FLOOR_DIR, 'cx.duckdb'));
const floor = await openFloor(FLOOR_DIR);
const portal = await startPortal(DATA_DIR);
try {
  const { post } = await apiClient(portal.base);
  console.log(`over HTTP against the engine floor (the same SQL on the same data, run in this process), ${RECORDS.toLocaleString('en')} responses, ${SAMPLES} samples of each, alternating:`);
  // Each call once, then the server left to make the rollups those calls asked for (server/rollups/).
  for (const { path, body } of Object.values(CALLS)) await post(path, body);
  console.log(`the server idle ${(await settled([portal.pid])) / 1000} s after the first calls`);
  for (const [name, { path, body }] of Object.entries(CALLS)) {
    const statements = await floor.statements(path, body);
    const pair = await alternate(() => post(path, body), () => floor.run(statements), SAMPLES);
    const [h, f] = pair;
    console.log(
      `${name.padEnd(34)} HTTP median ${ms(median(h))}, p95 ${ms(p95(h))} | floor median ${ms(median(f))}, p95 ${ms(p95(f))} (${statements.length} statements) | HTTP/floor ${(median(h) / median(f)).toFixed(2)}x median, ${(p95(h) / p95(f)).toFixed(2)}x p95`,
    );
  }
  await floor.close();
  for (const name of ['filters: 6 dimensions, 90 days', 'records block in the middle']) {
    const { path, body } = CALLS[name];
    let done = 0;
    const until = Date.now() + LOAD_SECONDS * 1000;
    const latencies: number[] = [];
    // The server's resident memory under the load, read every 200 ms (goal: under 1.5 GB at 10M).
    let peak = rssMb(portal.pid);
    const memory = setInterval(() => (peak = Math.max(peak, rssMb(portal.pid))), 200);
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (Date.now() < until) {
          const s = performance.now();
          await post(path, body);
          latencies.push(performance.now() - s);
          done++;
        }
      }),
    );
    clearInterval(memory);
    console.log(
      `${name.padEnd(34)} ${CLIENTS} clients for ${LOAD_SECONDS} s: ${(done / LOAD_SECONDS).toFixed(1)} requests/s, median ${ms(median(latencies))}, p95 ${ms(p95(latencies))}, server memory peak ${Math.round(peak)} MB`,
    );
  }
} finally {
  portal.stop();
  rmSync(FLOOR_DIR, { recursive: true, force: true });
}
process.exit();
