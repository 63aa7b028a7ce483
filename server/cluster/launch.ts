import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openDb } from '../db';
import { migrate } from '../db/migrate';
import { prepareDatabase } from '../setup/prepare';
import { serverStates, startHaproxy } from './haproxy';
import { freePort } from './ports';
import { localOrigin } from '../context';

export interface ClusterOptions {
  processes: number;
  /** HAProxy's port, the one the portal is reached on. */
  port: number;
  host?: string;
  databaseUrl: string;
  jwtSecret: string;
  /** Where HAProxy's configuration and socket go. */
  dir: string;
  /** More of the environment for every API process (SMTP_URL, MAIL_OUTBOX_API, ...). */
  env?: NodeJS.ProcessEnv;
  /** Shown as each process starts; silent when unset. */
  log?: (line: string) => void;
  /**
   * Each process keeps an analytics replica (CX_REPLICA=on, issue 50) in `<dir>/<name>/replica.duckdb`,
   * and HAProxy sends it traffic only once its copy is whole.
   */
  replicas?: boolean;
}

export interface ApiProcess {
  name: string;
  port: number;
  child: ChildProcess;
  /** Its analytics replica's file, when the cluster runs with replicas. */
  replicaPath?: string;
}

export interface Cluster {
  base: string;
  processes: ApiProcess[];
  /** HAProxy's view of each process: 'UP' or 'DOWN'. */
  states: () => Promise<Record<string, string>>;
  /** Starts process `name` again (after it died) on its port, with its environment; HAProxy takes it back once healthy. */
  restart: (name: string) => ApiProcess;
  stop: () => Promise<void>;
}

/** Waits until `url` answers 200, or fails after `ms`. */
export async function answers(url: string, ms: number): Promise<void> {
  await healthy(url, ms, ms);
}

/**
 * Waits until the health check at `url` answers 200: up to `ms`, or up to `catchingUpMs` while it
 * answers 503 catching-up (a replica copying PostgreSQL takes longer than a start).
 */
async function healthy(url: string, ms: number, catchingUpMs: number, child?: ChildProcess): Promise<void> {
  const start = Date.now();
  let catchingUp = false;
  for (;;) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) throw new Error(`The API process for ${url} exited (${child.exitCode ?? child.signalCode}); its error is above.`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
      catchingUp = ((await res.json().catch(() => ({}))) as { status?: string }).status === 'catching-up';
    } catch {
      // not listening yet
    }
    const limit = catchingUp ? catchingUpMs : ms;
    if (Date.now() - start > limit) throw new Error(`${url} did not answer 200 within ${limit / 1000} s${catchingUp ? ' (its replica was still catching up)' : ''}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** server/start.ts in a process of its own on 127.0.0.1:`port`, with `env` over this process's environment. */
export function spawnServer(port: number, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    // As `npm start` does (package.json): libuv's pool runs DuckDB's statements and the password hashes alike.
    env: { UV_THREADPOOL_SIZE: '16', ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** How long a process's replica may take to copy PostgreSQL before the start gives up. */
const CATCHING_UP_MS = 120_000;

/** One API process on `port`, over the shared database and signing key. */
function startProcess(name: string, port: number, options: ClusterOptions): ApiProcess {
  const replica = options.replicas ? join(resolve(options.dir), name) : undefined;
  if (replica) mkdirSync(replica, { recursive: true });
  const replicaPath = replica && join(replica, 'replica.duckdb');
  const child = spawnServer(port, {
    ...(replicaPath ? { CX_REPLICA: 'on', CX_REPLICA_PATH: replicaPath } : {}),
    ...options.env,
    DATABASE_URL: options.databaseUrl,
    JWT_SECRET: options.jwtSecret,
    TRUST_PROXY: '1',
    CX_PROCESSES: String(options.processes),
    // E-mailed links name the balancer's port, the one users reach, not this process's own.
    PUBLIC_ORIGIN: options.env?.PUBLIC_ORIGIN ?? process.env.PUBLIC_ORIGIN ?? localOrigin(options.port),
  });
  return { name, port, child, replicaPath };
}

/**
 * N identical API processes on one PostgreSQL database behind HAProxy. The database is migrated
 * and seeded once, before any process starts, so the processes never race to do it.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const { processes: n, port, host = '127.0.0.1', dir, log = () => undefined } = options;
  if (!options.jwtSecret) throw new Error('JWT_SECRET is not set: every process must sign with the same key. Set JWT_SECRET (32 or more random characters).');
  mkdirSync(dir, { recursive: true });
  const db = await openDb({ DATABASE_URL: options.databaseUrl });
  await migrate(db);
  try {
    // The processes' own environment decides: the demo or an empty portal (PORTAL_START), the first administrator (ADMIN_EMAIL).
    await prepareDatabase(db, { ...process.env, ...options.env }, log);
  } finally {
    await db.close();
  }

  const started: ApiProcess[] = [];
  for (let i = 1; i <= n; i++) started.push(startProcess(`p${i}`, await freePort(), options));
  const stopProcesses = () => started.forEach((p) => p.child.exitCode === null && p.child.kill('SIGTERM'));
  try {
    await Promise.all(started.map((p) => healthy(`http://127.0.0.1:${p.port}/api/health`, 60_000, CATCHING_UP_MS, p.child)));
  } catch (error) {
    stopProcesses();
    throw error;
  }
  for (const p of started) log(`  API process ${p.name} on 127.0.0.1:${p.port} (pid ${p.child.pid})`);
  const haproxy = startHaproxy(resolve(dir), host, port, started);
  // The processes go with the launcher, however it ends.
  process.once('exit', () => [haproxy.child, ...started.map((p) => p.child)].forEach((c) => c.exitCode === null && c.kill('SIGKILL')));
  const base = `http://${host}:${port}`;
  await answers(`${base}/api/health`, 10_000);
  return {
    base,
    processes: started,
    states: () => serverStates(haproxy.socket),
    restart: (name) => {
      const p = started.find((s) => s.name === name);
      if (!p) throw new Error(`No API process ${name}: ${started.map((s) => s.name).join(', ')}`);
      if (p.child.exitCode === null && p.child.signalCode === null) throw new Error(`API process ${name} is still running (pid ${p.child.pid})`);
      p.child = startProcess(name, p.port, options).child;
      return p;
    },
    stop: async () => {
      haproxy.child.kill('SIGTERM');
      stopProcesses();
      await Promise.all([haproxy.child, ...started.map((p) => p.child)].map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : undefined)));
    },
  };
}

/** A throwaway PostgreSQL cluster (tests/tools/postgres.sh) when no DATABASE_URL is given. */
export function throwawayPostgres(): { url: string; stop: () => void } {
  const out = execFileSync('bash', ['tests/tools/postgres.sh', 'start'], { encoding: 'utf8' });
  const url = /TEST_DATABASE_URL=(\S+)/.exec(out)?.[1];
  const pgDir = /CX_PG_DIR=(\S+)/.exec(out)?.[1];
  if (!url || !pgDir) throw new Error(`PostgreSQL could not be started: ${out.trim() || 'is it installed? (apt-get install postgresql)'}`);
  return { url, stop: () => execFileSync('bash', ['tests/tools/postgres.sh', 'stop', pgDir]) };
}
