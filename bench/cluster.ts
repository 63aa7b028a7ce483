// npm run bench:cluster - seeds BENCH_RECORDS (default 1,000,000) responses once into a fresh DuckDB
// file and once into a throwaway PostgreSQL (or DATABASE_URL), then times side by side, over HTTP
// with the query cache off (CX_QUERY_CACHE_MS=0, the engine is measured): (a) one process on DuckDB,
// (b) the cluster (CLUSTER_PROCESSES, 2, behind HAProxy) on PostgreSQL without replicas, (c) the
// same cluster with analytics replicas (issue 50), started once every process's copy is whole (it
// prints how long that took). For each: the pivot, the filter counts (90 days, all dates), the seeded
// dashboard with the most tiles, a 12-tile dashboard (the Overview's 8 and 4 of Drivers', made through
// the dashboard builder) and the overview, p50/p95 over BENCH_SAMPLES (30) calls after 3
// warm-ups; then (c)/(a). It prints figures; no test asserts on them. BENCH_PLAIN=off leaves (b) out.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiClient, BENCH_ANCHOR, PIVOT_CALL, WINDOW_90, freePort, seedFresh, settled, startPortal } from './setup';
import { median, ms, p95 } from './stats';
import { startCluster, throwawayPostgres } from '../server/cluster/launch';
import { openDb } from '../server/db';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/seed';
import { SEEDED_DASHBOARDS } from '../server/seed/dashboards';
import { call } from '../tests/tools/http';
import { flow } from '../src/lib/grid-layout';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
const WARM_UPS = 3;
const PROCESSES = Number(process.env.CLUSTER_PROCESSES ?? 2);
const DATA_DIR = '.tmp/bench-cluster';
const JWT_SECRET = 'bench-cluster-secret-of-forty-characters!';
// The engine measured alone: no cache, and no background reading of the seed's comments (at 1M a
// backfill of about 8 minutes would share the cores with the calls timed).
const ENGINE = { CX_QUERY_CACHE_MS: '0', TEXT_WORKER: 'off' };

const tiles = (d: (typeof SEEDED_DASHBOARDS)[number]) => d.definition.definitions.length;
const dashboard = SEEDED_DASHBOARDS.reduce((a, b) => (tiles(b) > tiles(a) ? b : a));
const seeded = (id: string) => SEEDED_DASHBOARDS.find((d) => d.id === id)!;
const overview = seeded('overview');
// The issue's 12-tile dashboard, as a CX team would build it: the Overview's tiles (comments and topic
// impact among them) and the first four of Drivers'.
const TWELVE = [...overview.definition.definitions, ...seeded('drivers').definition.definitions.slice(0, 4)];
const USER = 'portaladmin@demo.cx';

/** The calls timed; `twelve` is the id of the 12-tile dashboard made on that target. */
const callsFor = (twelve: string): Record<string, { path: string; body: unknown }> => ({
  'pivot: Region > Store x Channel': PIVOT_CALL,
  'filters: Core, 90 days': { path: '/api/smartdata/filters/responses', body: { smartFilters: WINDOW_90, smartDataTags: ['Core'] } },
  'filters: Core, all dates': { path: '/api/smartdata/filters/responses', body: { smartFilters: [], smartDataTags: ['Core'] } },
  [`dashboard ${dashboard.id}: ${tiles(dashboard)} tiles, 90 days`]: { path: `/api/dataviz/visuals/${dashboard.id}/Default`, body: { smartFilters: WINDOW_90 } },
  [`dashboard of ${TWELVE.length} tiles, 90 days`]: { path: `/api/dataviz/visuals/${twelve}/Default`, body: { smartFilters: WINDOW_90 } },
  [`dashboard ${overview.id}: ${tiles(overview)} tiles, 90 days`]: { path: `/api/dataviz/visuals/${overview.id}/Default`, body: { smartFilters: WINDOW_90 } },
});

/** Makes the 12-tile dashboard at `base` through the dashboard builder; its id. */
async function makeTwelve(base: string, token: string): Promise<string> {
  const made = await call(base, 'POST', '/api/dashboards', {
    token,
    body: { name: `Twelve tiles ${Date.now()}`, moduleId: 'responses', dashboard: { definitions: TWELVE, layouts: { Default: flow(TWELVE) } } },
  });
  if (made.status !== 201) throw new Error(`making the 12-tile dashboard: ${made.status} ${made.text}`);
  const published = await call(base, 'POST', `/api/dashboards/${made.body.id}/publish`, { token, body: {} });
  if (published.status !== 200) throw new Error(`publishing the 12-tile dashboard: ${published.status} ${published.text}`);
  return made.body.id as string;
}

type Figures = Record<string, { p50: number; p95: number }>;

/**
 * p50/p95 of each call against `base`, sequential, after the warm-ups: every call once on each
 * process (`processes`, straight to its port), then until they are idle (what the first calls
 * started in the background, rollups being made, is done; the time is printed), then each call's
 * warm-ups.
 */
async function measure(label: string, base: string, processes: Array<{ port: number; pid: number }>): Promise<Figures> {
  const { post, token } = await apiClient(base, USER);
  const out: Figures = {};
  const calls = Object.entries(callsFor(await makeTwelve(base, token)));
  for (const { port } of processes) {
    for (const [name, { path, body }] of calls) {
      const res = await call(`http://127.0.0.1:${port}`, 'POST', path, { token, body });
      if (res.status !== 200) throw new Error(`${name} on port ${port}: ${res.status} ${res.text}`);
    }
  }
  console.log(`  ${label.padEnd(28)} idle ${(await settled(processes.map((p) => p.pid))) / 1000} s after the first calls`);
  for (const [name, { path, body }] of calls) {
    for (let i = 0; i < WARM_UPS; i++) await post(path, body);
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const t = performance.now();
      await post(path, body);
      times.push(performance.now() - t);
    }
    out[name] = { p50: median(times), p95: p95(times) };
    console.log(`  ${label.padEnd(28)} ${name.padEnd(36)} p50 ${ms(out[name].p50)}, p95 ${ms(out[name].p95)}`);
  }
  return out;
}

/** Seeds PostgreSQL at `url`; prints the time it took. */
async function seedPostgres(url: string) {
  const started = Date.now();
  const db = await openDb({ DATABASE_URL: url });
  await migrate(db);
  let shown = 0;
  const onProgress = (n: number) => n - shown >= 100_000 && console.log(`\nPostgreSQL: ${(shown = n).toLocaleString('en')} seeded after ${((Date.now() - started) / 1000).toFixed(0)} s`);
  await seed(db, { records: RECORDS, anchor: BENCH_ANCHOR, onProgress });
  // As a database in service stands: visible and analysed, and no autovacuum competing with the timings.
  await db.query('VACUUM ANALYZE');
  await db.close();
  console.log(`\nseeded PostgreSQL with ${RECORDS.toLocaleString('en')} responses in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The cluster on `url`, measured; returns its figures and how long it took to answer (every process healthy). */
async function clusterRun(label: string, url: string, replicas: boolean) {
  const started = Date.now();
  const cluster = await startCluster({ processes: PROCESSES, port: await freePort(), databaseUrl: url, jwtSecret: JWT_SECRET, dir: mkdtempSync(join(tmpdir(), 'cx-bench-cluster-')), env: ENGINE, replicas });
  const startMs = Date.now() - started;
  try {
    const health = () => Promise.all(cluster.processes.map(async (p) => `${p.name} ${await (await fetch(`http://127.0.0.1:${p.port}/api/health`)).text()}`));
    console.log(`${label}: every process healthy ${(startMs / 1000).toFixed(1)} s after the start${replicas ? ' (the replicas copied PostgreSQL in that time)' : ''}; ${(await health()).join('; ')}`);
    // Healthy is not yet fresh: both copies lagging answer 200 and read PostgreSQL (no fresh peer to defer to).
    while (replicas && (await health()).some((h) => h.includes('"lagging"'))) {
      if (Date.now() - started > 300_000) throw new Error(`the replicas still lag 300 s after the start: ${(await health()).join('; ')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    if (replicas) console.log(`${label}: every replica fresh ${((Date.now() - started) / 1000).toFixed(1)} s after the start; ${(await health()).join('; ')}`);
    return { figures: await measure(label, cluster.base, cluster.processes.map((p) => ({ port: p.port, pid: p.child.pid! }))), startMs };
  } finally {
    await cluster.stop();
  }
}

const pg = process.env.DATABASE_URL ? undefined : throwawayPostgres();
const url = process.env.DATABASE_URL ?? pg!.url;
const results: Record<string, Figures> = {};
try {
  // Both seeds at once: DuckDB's runs in its own threads, PostgreSQL's mostly in the server.
  await Promise.all([seedFresh(DATA_DIR, RECORDS, BENCH_ANCHOR), seedPostgres(url)]);
  console.log(`${RECORDS.toLocaleString('en')} responses, ${SAMPLES} sequential calls of each after ${WARM_UPS} warm-ups, query cache off:`);
  const portal = await startPortal(DATA_DIR, ENGINE);
  try {
    results['(a) one process, DuckDB'] = await measure('(a) one process, DuckDB', portal.base, [{ port: Number(new URL(portal.base).port), pid: portal.pid }]);
  } finally {
    portal.stop();
  }
  const b = `(b) cluster ${PROCESSES}, PostgreSQL`;
  const c = `(c) cluster ${PROCESSES}, replicas`;
  // BENCH_PLAIN=off skips (b), the slow one (its dashboard takes seconds a call).
  if (process.env.BENCH_PLAIN !== 'off') results[b] = (await clusterRun(b, url, false)).figures;
  const withReplicas = await clusterRun(c, url, true);
  results[c] = withReplicas.figures;

  const names = Object.keys(callsFor(''));
  const cell = (f: { p50: number; p95: number }) => `${ms(f.p50)} / ${ms(f.p95)}`.padEnd(20);
  console.log(`\n${RECORDS.toLocaleString('en')} responses, p50 / p95 over HTTP (${SAMPLES} calls):`);
  console.log(`${''.padEnd(36)} ${Object.keys(results).map((k) => k.padEnd(20)).join(' ')} (c)/(a) p50, p95`);
  for (const name of names) {
    const a = results['(a) one process, DuckDB'][name];
    const r = results[c][name];
    console.log(`${name.padEnd(36)} ${Object.values(results).map((f) => cell(f[name])).join(' ')} ${(r.p50 / a.p50).toFixed(2)}x, ${(r.p95 / a.p95).toFixed(2)}x`);
  }
  console.log(`(c) started with every replica whole in ${(withReplicas.startMs / 1000).toFixed(1)} s`);
} finally {
  pg?.stop();
}
process.exit();
