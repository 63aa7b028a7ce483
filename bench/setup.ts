import { Agent } from 'node:http';
// Shared set-up of the server-side benchmarks: a freshly seeded DuckDB file and a free port.
export { freePort } from '../server/cluster/ports';
import { freePort } from '../server/cluster/ports';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { totalmem } from 'node:os';
import { answers, spawnServer } from '../server/cluster/launch';
import { call, signIn } from '../tests/tools/http';
import { openDb } from '../server/db';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/seed';

/** Seeds `records` responses ending at `anchor` into a new database in `dir`; prints the time it took. */
export async function seedFresh(dir: string, records: number, anchor: Date): Promise<void> {
  // BENCH_REUSE=1 keeps a database of the same size from an earlier run (ten million take minutes),
  // if its responses end within the day before the anchor: a dashboard's last 7 days of older data are empty.
  if (process.env.BENCH_REUSE === '1' && existsSync(join(dir, 'cx.duckdb'))) {
    const db = await openDb({ DATA_DIR: dir, CX_QUERY_CACHE_MS: '0' });
    const [{ n, last }] = await db.query<{ n: number; last: Date | null }>('SELECT count(*) AS n, max(response_date) AS last FROM responses');
    await db.close();
    const behind = last ? anchor.getTime() - last.getTime() : Infinity;
    if (Number(n) === records && behind >= 0 && behind < 86_400_000) return console.log(`reusing ${records.toLocaleString('en')} responses in ${dir}, the last at ${last!.toISOString()}`);
    console.log(`not reusing ${dir}: ${Number(n).toLocaleString('en')} responses, the last at ${last?.toISOString()}; wanted ${records.toLocaleString('en')} ending within the day before ${anchor.toISOString()}`);
  }
  rmSync(dir, { recursive: true, force: true });
  const started = Date.now();
  const db = await openDb({ DATA_DIR: dir });
  // DuckDB takes 80 % of the memory by default, and keeps what a scan read: at 100,000,000 the
  // seed's cases query (the newest responses) took the process to 16.8 GB, and 4.4 GB under a 4 GB
  // limit in the same 28 s. A quarter of the machine leaves the rest to the seed's own arrays.
  await db.query(`SET memory_limit = '${Math.max(2048, Math.floor(totalmem() / 4 / 2 ** 20))}MB'`);
  await migrate(db);
  await seed(db, { records, anchor, onProgress: (n) => process.stdout.write(`\rseeding ${n.toLocaleString('en')}`) });
  await db.close();
  // The peak of this process, the database's memory included (maxRSS is in kB).
  const peakGb = (process.resourceUsage().maxRSS / 1024 / 1024).toFixed(1);
  console.log(`\nseeded ${records.toLocaleString('en')} responses in ${((Date.now() - started) / 1000).toFixed(1)} s, peak RSS ${peakGb} GB`);
}

/**
 * Starts the portal (server/start.ts) in a process of its own on a free port over the database in
 * `dataDir`, and resolves once it answers its health check.
 */
export async function startPortal(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<{ base: string; pid: number; stop: () => void }> {
  const port = await freePort();
  // The engine's own speed: the query cache is off unless the caller's environment turns it on, and
  // the seed's comments are not read in the background meanwhile (at 1M, minutes of work on the
  // cores the calls are timed on) unless TEXT_WORKER says so.
  const child = spawnServer(port, { CX_QUERY_CACHE_MS: process.env.CX_QUERY_CACHE_MS ?? '0', TEXT_WORKER: process.env.TEXT_WORKER ?? 'off', ...env, DATA_DIR: dataDir, DATABASE_URL: '' });
  const base = `http://127.0.0.1:${port}`;
  await answers(`${base}/api/health`, 120_000);
  return { base, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

/** Signs in over HTTP and returns a JSON POST with the bearer token that throws on any answer but 200. */
export async function apiClient(base: string, user = 'portaluser@demo.cx', password?: string) {
  const token = (await signIn(base, user, password)).access;
  // Connections kept open between calls, as a browser keeps them.
  const agent = new Agent({ keepAlive: true });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
  const post = async (path: string, body: unknown): Promise<any> => {
    const res = await call(base, 'POST', path, { body, token, agent });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
    return res.body;
  };
  return { token, post };
}

/** Resident memory of a process, from /proc (Linux), in MB; 0 when it cannot be read. */
export const rssMb = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};

/** The day the server benches' seeds end on (their 90-day windows end there too). */
export const BENCH_ANCHOR = new Date('2026-11-20T00:00:00Z');
/** The 90 days up to BENCH_ANCHOR, as a smart filter. */
export const WINDOW_90 = [{ filterKey: 'ResponseDate', filterValue: '2026-08-22', filterValueUpperBound: '2026-11-20T23:59:59', filterDataType: 'DateTime' }];
/** The pivot the server benches time: Region > Store by Channel, average NPS and count. */
export const PIVOT_CALL = { path: '/api/dataviewer/analytics/data/responses/default', body: { smartFilters: [], measureKeys: ['AvgNPS', 'InternalRecordCount'], rowDimensions: ['Region', 'Store'], columnDimensions: ['Channel'] } };

/** CPU time a process has used, from /proc (Linux), in clock ticks; 0 when it cannot be read. */
const cpuTicks = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
};

/**
 * Waits until the processes are idle (under a tenth of a core for a second; at most `limitMs`): the
 * work the first calls started in the background (rollups being made, server/rollups/) is done
 * before the calls are timed. The time waited, in ms.
 */
export async function settled(pids: readonly number[], limitMs = 120_000): Promise<number> {
  const started = Date.now();
  let before = pids.map(cpuTicks);
  while (Date.now() - started < limitMs) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = pids.map(cpuTicks);
    const busy = now.some((t, i) => t - before[i] > 10);
    before = now;
    if (!busy) break;
  }
  return Date.now() - started;
}
