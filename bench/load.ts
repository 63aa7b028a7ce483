// npm run bench:load — 50 simulated users (LOAD_USERS) for 5 minutes (LOAD_SECONDS) on loopback:
// each signs in, then loops over the dashboard's visuals, a filter change, a records page and,
// every fifth round, a case action, signing in again every 20 s (LOAD_SESSION_SECONDS). Run against one API process
// on DuckDB, then against the cluster (two processes on PostgreSQL behind HAProxy; LOAD_TARGETS=
// single,cluster; or LOAD_BASE=http://... for a portal already running). Prints requests/s, p50/p95/p99 (sign-ins apart), errors and server memory.
// Each target runs the mixes of LOAD_MIXES: 'standard' as above, then 'write-heavy': a writer acting
// on cases at LOAD_CASE_ACTIONS a second (28 by default) while the same users sign in every 20 s and
// read at a person's pace (a round every 3 s): it prints the sign-in p95 under that write load
// (goal: at most 1 s).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { Agent } from 'node:http';
import { apiClient, rssMb, seedFresh } from './setup';
import { pct } from './stats';
import { DEMO_PASSWORD as PASSWORD } from '../server/seed/people';
import { call as callAt, signIn as signInAt, type Reply } from '../tests/tools/http';
import { answers, spawnServer, startCluster, throwawayPostgres } from '../server/cluster/launch';
import { freePort } from '../server/cluster/ports';
import { openDb } from '../server/db';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/seed';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 200_000);
const USERS = Number(process.env.LOAD_USERS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 300);
/** Each user signs in again after this long: fifty users give 50/SESSION_SECONDS sign-ins a second. */
const SESSION_SECONDS = Number(process.env.LOAD_SESSION_SECONDS ?? 20);
const TARGETS = (process.env.LOAD_TARGETS ?? 'single,cluster').split(',');
const JWT_SECRET = 'bench-load-secret-of-forty-characters-!!';
const ANCHOR = new Date('2026-11-20T00:00:00Z');
const REGIONS = ['North', 'South', 'East', 'West'];
const MIXES = (process.env.LOAD_MIXES ?? 'standard,write-heavy').split(',');
const CASE_ACTIONS_PER_S = Number(process.env.LOAD_CASE_ACTIONS ?? 28);
/** The writer's requests in flight at most: past it the server is not keeping up, and the rate says so. */
const WRITER_IN_FLIGHT = 100;
/** In the write-heavy mix a user pauses this long between rounds of reads. */
const WRITE_HEAVY_PAUSE_MS = 3000;

/** 'first sign-in': fifty users arriving over ten seconds queue for the password hash; 'sign-in' is every one after. */
type Kind = 'first sign-in' | 'sign-in' | 'visuals' | 'filters' | 'records' | 'case action';
interface Sample {
  kind: Kind;
  ms: number;
  status: number;
}

/** Runs one request and records its time and status; undefined when it failed outright. */
async function timed(samples: Sample[], kind: Kind, fn: () => Promise<Reply>) {
  const started = performance.now();
  try {
    const res = await fn();
    samples.push({ kind, ms: performance.now() - started, status: res.status });
    return res;
  } catch {
    samples.push({ kind, ms: performance.now() - started, status: 0 });
    return undefined;
  }
}

/** One simulated user until `until`. */
async function user(base: string, i: number, until: number, samples: Sample[], cases: string[], pauseMs = 0) {
  // The user's own keep-alive connection from its own loopback address (127.0.0.x), as fifty people
  // on fifty machines: the server's per-client sign-in throttling sees fifty clients.
  const agent = new Agent({ keepAlive: true, localAddress: `127.0.0.${10 + i}` });
  const call = (path: string, body: unknown, token?: string) => () => callAt(base, 'POST', path, { body, token, agent });
  const signIn = async (kind: Kind = 'sign-in') => {
    const res = await timed(samples, kind, call('/api/identity/token', { username: i % 2 ? 'portaluser@demo.cx' : 'portaladmin@demo.cx', password: PASSWORD }));
    return res?.status === 200 ? (res.body.content?.access_token as string | undefined) : undefined;
  };
  await new Promise((r) => setTimeout(r, (i * 10_000) / USERS)); // users arrive over ten seconds
  let token = await signIn('first sign-in');
  let signedInAt = Date.now();
  for (let round = 1; Date.now() < until; round++) {
    if (!token || Date.now() - signedInAt > SESSION_SECONDS * 1000) {
      token = await signIn();
      signedInAt = Date.now();
    }
    if (!token) continue;
    const region = [{ filterKey: 'Region', filterValue: REGIONS[(i + round) % REGIONS.length] }];
    await timed(samples, 'visuals', call('/api/dataviz/visuals/overview/Default', { smartFilters: region }, token));
    await timed(samples, 'filters', call('/api/smartdata/filters/responses', { smartFilters: region, smartDataTags: ['Core'] }, token));
    await timed(samples, 'records', call('/api/dataviewer/data/responses/default', { skip: ((i * 37 + round * 101) % 1000) * 100, top: 100, orderByFields: ['ResponseDate'], orderByOperator: 'DESC', smartFilters: [] }, token));
    if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
    if (round % 5 === 0 && i % 2 === 0) {
      await timed(samples, 'case action', caseAction(base, cases[(i + round) % cases.length], round, token, agent));
    }
  }
  agent.destroy();
}

/** A tag added or removed on a case: one case action. */
const caseAction = (base: string, pfo: string, n: number, token: string, agent: Agent) => () =>
  callAt(base, 'POST', `/api/processflow/cases/processFlowObject/action/${pfo}`, { body: { actionName: 'Tag', actionProperties: JSON.stringify({ tags: [{ tagValue: `load${n % 7}` }], operation: n % 2 }) }, token, agent });

/** Case actions at `perSecond` until `until`, paced by the clock whatever the answers' times. */
async function writer(base: string, until: number, perSecond: number, samples: Sample[], cases: string[]) {
  const agent = new Agent({ keepAlive: true, localAddress: '127.0.0.9' });
  const { access } = await signInAt(base, 'portaladmin@demo.cx', PASSWORD);
  const inFlight = new Set<Promise<unknown>>();
  const started = Date.now();
  for (let n = 0; Date.now() < until; n++) {
    const due = started + (n * 1000) / perSecond;
    if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
    while (inFlight.size >= WRITER_IN_FLIGHT) await Promise.race(inFlight);
    const sent: Promise<unknown> = timed(samples, 'case action', caseAction(base, cases[n % cases.length], n, access, agent)).finally(() => inFlight.delete(sent));
    inFlight.add(sent);
  }
  await Promise.all(inFlight);
  agent.destroy();
}

const line = (label: string, xs: number[]) => `${label.padEnd(22)} n=${String(xs.length).padStart(6)}  p50 ${pct(xs, 50).toFixed(0).padStart(5)} ms  p95 ${pct(xs, 95).toFixed(0).padStart(5)} ms  p99 ${pct(xs, 99).toFixed(0).padStart(5)} ms`;

/** Every mix of LOAD_MIXES against one target. */
async function run(name: string, base: string, pids: () => number[]) {
  for (const mix of MIXES) await runMix(mix === 'write-heavy' ? `${name}, write-heavy` : name, base, pids, mix === 'write-heavy' ? CASE_ACTIONS_PER_S : 0);
}

async function runMix(name: string, base: string, pids: () => number[], caseActionsPerS: number) {
  const admin = await apiClient(base, 'portaladmin@demo.cx');
  const queue = await admin.post('/api/processflow/cases/queue/All/All', { skip: 0, top: 50 });
  const cases: string[] = queue.data.map((r: { ProcessFlowObjectId: string }) => r.ProcessFlowObjectId);
  const samples: Sample[] = [];
  let peak = 0;
  const memory = setInterval(() => (peak = Math.max(peak, ...pids().map(rssMb))), 1000);
  const started = Date.now();
  const until = started + SECONDS * 1000;
  await Promise.all([
    // Write-heavy: the writes lead, and the users read at a person's pace (a round every few seconds).
    ...Array.from({ length: USERS }, (_, i) => user(base, i, until, samples, cases, caseActionsPerS > 0 ? WRITE_HEAVY_PAUSE_MS : 0)),
    ...(caseActionsPerS > 0 ? [writer(base, until, caseActionsPerS, samples, cases)] : []),
  ]);
  clearInterval(memory);
  const seconds = (Date.now() - started) / 1000;
  const errors = samples.filter((s) => s.status !== 200 && s.status !== 201);
  const byStatus = [...new Set(errors.map((e) => e.status))].map((s) => `${s}: ${errors.filter((e) => e.status === s).length}`).join(', ');
  console.log(`\n${name}: ${USERS} users for ${SECONDS} s over ${RECORDS.toLocaleString('en')} responses`);
  console.log(`  ${(samples.length / seconds).toFixed(1)} requests/s, ${samples.length} requests, errors ${errors.length}${byStatus ? ` (${byStatus})` : ''}, server memory peak ${peak.toFixed(0)} MB per process`);
  console.log(`  sign-ins ${(samples.filter((s) => s.kind.endsWith('sign-in')).length / seconds).toFixed(1)}/s (each user every ${SESSION_SECONDS} s)`);
  console.log(`  ${line('all but sign-in', samples.filter((s) => !s.kind.endsWith('sign-in')).map((s) => s.ms))}`);
  for (const kind of ['first sign-in', 'sign-in', 'visuals', 'filters', 'records', 'case action'] as Kind[]) console.log(`  ${line(kind, samples.filter((s) => s.kind === kind).map((s) => s.ms))}`);
  if (caseActionsPerS > 0) {
    const actions = samples.filter((s) => s.kind === 'case action').length / seconds;
    const signIns = samples.filter((s) => s.kind === 'sign-in').map((s) => s.ms);
    console.log(`  write-heavy: ${actions.toFixed(1)} case actions/s (asked ${caseActionsPerS}/s); sign-in p95 ${pct(signIns, 95).toFixed(0)} ms under them, after the users' arrival (goal: at most 1000 ms)`);
  }
}

if (process.env.LOAD_BASE) {
  // A portal already running (e.g. under a profiler) over the demo users.
  await run(`the portal at ${process.env.LOAD_BASE}`, process.env.LOAD_BASE, () => []);
} else if (TARGETS.includes('single')) {
  const dir = '.tmp/bench-load';
  await seedFresh(dir, RECORDS, ANCHOR);
  const port = await freePort();
  const child: ChildProcess = spawnServer(port, { DATA_DIR: dir, DATABASE_URL: '', JWT_SECRET });
  try {
    await answers(`http://127.0.0.1:${port}/api/health`, 120_000);
    await run('one process, DuckDB', `http://127.0.0.1:${port}`, () => [child.pid!]);
  } finally {
    child.kill('SIGTERM');
  }
}

if (!process.env.LOAD_BASE && TARGETS.includes('cluster')) {
  const pg = process.env.DATABASE_URL ? undefined : throwawayPostgres();
  const url = process.env.DATABASE_URL ?? pg!.url;
  try {
    const db = await openDb({ DATABASE_URL: url });
    await migrate(db);
    const started = Date.now();
    await seed(db, { records: RECORDS, anchor: ANCHOR });
    await db.close();
    console.log(`seeded PostgreSQL with ${RECORDS.toLocaleString('en')} responses in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const cluster = await startCluster({ processes: Number(process.env.CLUSTER_PROCESSES ?? 2), port: await freePort(), databaseUrl: url, jwtSecret: JWT_SECRET, dir: mkdtempSync(join(tmpdir(), 'cx-load-')) });
    try {
      await run(`cluster: ${cluster.processes.length} processes on PostgreSQL behind HAProxy`, cluster.base, () => cluster.processes.map((p) => p.child.pid!));
    } finally {
      await cluster.stop();
    }
  } finally {
    pg?.stop();
  }
}
