import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
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
}

export interface ApiProcess {
  name: string;
  port: number;
  child: ChildProcess;
}

export interface Cluster {
  base: string;
  processes: ApiProcess[];
  /** HAProxy's view of each process: 'UP' or 'DOWN'. */
  states: () => Promise<Record<string, string>>;
  stop: () => Promise<void>;
}

/** Waits until `url` answers 200, or fails after `ms`. */
export async function answers(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${ms / 1000} s`);
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

/** One API process on `port`, over the shared database and signing key. */
function startProcess(name: string, port: number, options: ClusterOptions): ApiProcess {
  const child = spawnServer(port, {
    ...options.env,
    DATABASE_URL: options.databaseUrl,
    JWT_SECRET: options.jwtSecret,
    TRUST_PROXY: '1',
    CX_PROCESSES: String(options.processes),
    // E-mailed links name the balancer's port, the one users reach, not this process's own.
    PUBLIC_ORIGIN: options.env?.PUBLIC_ORIGIN ?? process.env.PUBLIC_ORIGIN ?? localOrigin(options.port),
  });
  return { name, port, child };
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
    await Promise.all(started.map((p) => answers(`http://127.0.0.1:${p.port}/api/health`, 60_000)));
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
