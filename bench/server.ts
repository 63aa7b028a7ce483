// npm run bench:server - seeds BENCH_RECORDS (default 1,000,000) responses into a fresh DuckDB file,
// starts the API in its own process, and prints latency (median, p95) over HTTP for the smart-data
// filters call (six dimensions with counts, 90-day window) and a records page deep in the result,
// then the throughput at 50 concurrent clients. It prints figures; no test asserts on them.
import { apiClient, seedFresh, startPortal } from './setup';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const CLIENTS = 50;
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const DATA_DIR = '.tmp/bench-server';
const ANCHOR = new Date('2026-11-20T00:00:00Z');

await seedFresh(DATA_DIR, RECORDS, ANCHOR);
const portal = await startPortal(DATA_DIR);
const base = portal.base;

try {
  const { post } = await apiClient(base);
  const window90 = [{ filterKey: 'ResponseDate', filterValue: '2026-08-22', filterValueUpperBound: '2026-11-20T23:59:59', filterDataType: 'DateTime' }];
  const calls = {
    'filters: 6 dimensions, 90 days': () => post('/api/smartdata/filters/responses', { smartFilters: window90, smartDataTags: ['Core'] }),
    'records page at skip 900,000': () => post('/api/dataviewer/data/responses/default', { skip: Math.floor(RECORDS * 0.9), top: 100, orderByFields: ['ResponseDate'], orderByOperator: 'DESC' }),
  };
  const first = await calls['filters: 6 dimensions, 90 days']();
  console.log(`filters answer: ${first.recordCount.toLocaleString('en')} records in the window, ${first.smartFilters.length - 1} dimensions`);

  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
  for (const [name, call] of Object.entries(calls)) {
    await call(); // warm
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const t = performance.now();
      await call();
      times.push(performance.now() - t);
    }
    console.log(`${name.padEnd(32)} median ${pct(times, 50).toFixed(1)} ms   p95 ${pct(times, 95).toFixed(1)} ms   (${SAMPLES} sequential calls)`);

    let done = 0;
    const until = Date.now() + LOAD_SECONDS * 1000;
    const latencies: number[] = [];
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (Date.now() < until) {
          const s = performance.now();
          await call();
          latencies.push(performance.now() - s);
          done++;
        }
      }),
    );
    console.log(`${''.padEnd(32)} ${CLIENTS} clients for ${LOAD_SECONDS} s: ${(done / LOAD_SECONDS).toFixed(1)} requests/s, median ${pct(latencies, 50).toFixed(0)} ms, p95 ${pct(latencies, 95).toFixed(0)} ms`);
  }
} finally {
  portal.stop();
}
