// npm run bench:server - seeds BENCH_RECORDS (default 1,000,000; 10,000,000 works too) responses into
// a fresh DuckDB file, starts the portal in its own process (query cache off), and prints for the
// smart-data filters (six dimensions with counts, 90 days), the pivot, and records blocks of 100 at
// the start, the middle and the end of the data: median and p95 over HTTP, then the same SQL run
// directly on the same file in this process (the engine floor, bench/floor.ts) and the ratio; then
// the throughput of 50 concurrent clients. It prints figures; no test asserts on them.
import { apiClient, seedFresh, startPortal } from './setup';
import { openFloor } from './floor';
import { median, ms, p95, timed } from './stats';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const CLIENTS = 50;
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const DATA_DIR = '.tmp/bench-server';
const ANCHOR = new Date('2026-11-20T00:00:00Z');

const window90 = [{ filterKey: 'ResponseDate', filterValue: '2026-08-22', filterValueUpperBound: '2026-11-20T23:59:59', filterDataType: 'DateTime' }];
const records = (skip: number) => ({ path: '/api/dataviewer/data/responses/default', body: { skip, top: 100, orderByFields: ['ResponseDate'], orderByOperator: 'DESC', smartFilters: [] } });
const CALLS: Record<string, { path: string; body: unknown }> = {
  'filters: 6 dimensions, 90 days': { path: '/api/smartdata/filters/responses', body: { smartFilters: window90, smartDataTags: ['Core'] } },
  'pivot: Region > Store x Channel': { path: '/api/dataviewer/analytics/data/responses/default', body: { smartFilters: [], measureKeys: ['AvgNPS', 'InternalRecordCount'], rowDimensions: ['Region', 'Store'], columnDimensions: ['Channel'] } },
  'records block at the start': records(0),
  'records block in the middle': records(Math.floor(RECORDS / 2)),
  'records block at the end': records(RECORDS - 100),
};

await seedFresh(DATA_DIR, RECORDS, ANCHOR);
const portal = await startPortal(DATA_DIR);
const http = new Map<string, number[]>();
try {
  const { post } = await apiClient(portal.base);
  for (const [name, { path, body }] of Object.entries(CALLS)) {
    const times = await timed(() => post(path, body), SAMPLES);
    http.set(name, times);
    console.log(`${name.padEnd(34)} HTTP median ${ms(median(times))}, p95 ${ms(p95(times))} (${SAMPLES} sequential calls)`);
  }
  for (const name of ['filters: 6 dimensions, 90 days', 'records block in the middle']) {
    const { path, body } = CALLS[name];
    let done = 0;
    const until = Date.now() + LOAD_SECONDS * 1000;
    const latencies: number[] = [];
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
    console.log(`${name.padEnd(34)} ${CLIENTS} clients for ${LOAD_SECONDS} s: ${(done / LOAD_SECONDS).toFixed(1)} requests/s, median ${ms(median(latencies))}, p95 ${ms(p95(latencies))}`);
  }
} finally {
  portal.stop();
}

// The engine floor, once the server has let go of the file.
await new Promise((r) => setTimeout(r, 1000));
const floor = await openFloor(DATA_DIR);
try {
  console.log(`\nover HTTP against the engine floor (the same SQL on the same file in this process), ${RECORDS.toLocaleString('en')} responses:`);
  for (const [name, { path, body }] of Object.entries(CALLS)) {
    const statements = await floor.statements(path, body);
    const times = await floor.time(statements, SAMPLES);
    const h = http.get(name)!;
    console.log(`${name.padEnd(34)} floor median ${ms(median(times))}, p95 ${ms(p95(times))} (${statements.length} statements) | HTTP/floor ${(median(h) / median(times)).toFixed(2)}x median, ${(p95(h) / p95(times)).toFixed(2)}x p95`);
  }
} finally {
  await floor.close();
}
process.exit();
