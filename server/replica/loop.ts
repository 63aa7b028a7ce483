import { TOKEN } from '../db/read-after';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { Db } from '../db';
import { applyBatch } from './apply';
import { readChanges } from './changes';
import type { ReplicaService } from './index';
import { listenForChanges } from './listen';
import { startPeers, replicaIdOf } from './peers';
import { restoreReplica } from './restore';
import { openReplica, setHorizon, type Replica } from './replica';
import { snapshot } from './snapshot';
import { describeTable, ident, replicatedTables } from './tables';
import type { ChangeBatch, ChangeCursor, ReplicaStatus } from './types';

/** A whole number of milliseconds from the environment, or the default; anything else stops the start with a message. */
function millis(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of milliseconds of at least 1, not ${JSON.stringify(raw)}.`);
  return n;
}

/** The settings the loop reads (README's settings table). */
export function replicaSettings(env: NodeJS.ProcessEnv) {
  return {
    pollMs: millis(env, 'CX_REPLICA_POLL_MS', 250),
    maxLagMs: millis(env, 'CX_REPLICA_MAX_LAG_MS', 1500),
    // One file per process (two processes on a host keep a copy each); in memory without DATA_DIR.
    path: env.CX_REPLICA_PATH || (env.DATA_DIR ? join(env.DATA_DIR, `replica-${env.PORT ?? 8080}.duckdb`) : ':memory:'),
    memoryLimit: env.CX_REPLICA_MEMORY || undefined,
    id: replicaIdOf(env),
    heartbeatMs: millis(env, 'CX_REPLICA_HEARTBEAT_MS', 1000),
    pruneMs: millis(env, 'CX_REPLICA_PRUNE_MS', 60_000),
  };
}

/**
 * With CX_REPLICA_TEST=1, a file `<replica file>.hold` pauses the polls (the cluster test's way to
 * make a replica fall behind, or keep a restarted one catching up, for as long as it needs).
 */
function holdFile(env: NodeJS.ProcessEnv, path: string): (() => boolean) {
  if (env.CX_REPLICA_TEST !== '1' || path === ':memory:') return () => false;
  return () => existsSync(`${path}.hold`);
}

/** The URL of the database `db` is connected to: DATABASE_URL's server, with db's own database name. */
export async function databaseUrl(db: Db, env: NodeJS.ProcessEnv): Promise<string> {
  const base = env.DATABASE_URL ?? env.TEST_DATABASE_URL;
  if (!base) throw new Error('The replica reads PostgreSQL: DATABASE_URL is not set.');
  const [{ name }] = await db.query<{ name: string }>('SELECT current_database() AS name');
  const url = new URL(base);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

/**
 * The kept replica file, or a new one where it cannot be opened (damaged: it is deleted, and the
 * replica copies PostgreSQL again). A file another process holds open is not touched.
 */
async function openKept(path: string, memoryLimit: string | undefined): Promise<Replica> {
  try {
    return await openReplica(path, { memoryLimit });
  } catch (error) {
    const message = (error as Error).message;
    if (path === ':memory:' || /lock|CX_REPLICA_MEMORY/i.test(message)) throw error;
    console.warn(`The replica file ${path} could not be opened (${message}); it is deleted and PostgreSQL is copied again.`);
    await Promise.all([rm(path, { force: true }), rm(`${path}.wal`, { force: true })]);
    return openReplica(path, { memoryLimit });
  }
}


/** How long a failed snapshot waits before it is tried again. */
const RETRY_MS = 1000;

/**
 * The apply loop (design §2, §5): a snapshot in the background, then polls, one at a time, each one
 * `readChanges` + `applyBatch`. A poll starts on the timer (CX_REPLICA_POLL_MS), on a NOTIFY, and on
 * `kick()`; a request during a poll runs one more after it. Lag is the age of the start of the last
 * applied poll: everything committed before that moment is in the replica.
 */
export async function startLoop(db: Db, env: NodeJS.ProcessEnv): Promise<ReplicaService> {
  const settings = replicaSettings(env);
  const held = holdFile(env, settings.path);
  const url = await databaseUrl(db, env);
  // Two connections: one reads the change log, one the changed rows (each in a snapshot of its own).
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', (error) => console.warn(`The replica's PostgreSQL connection closed (${error.message}); the next poll reconnects.`));
  const replica: Replica = await openKept(settings.path, settings.memoryLimit);
  // A kept file of this database at a horizon the log still reaches replays from there (design §3).
  const kept = await restoreReplica(db, replica);

  let closed = false;
  let ready = false; // the snapshot and the first poll after it are applied
  let cursor: ChangeCursor | null = kept && { horizon: kept.horizon, appliedAbove: kept.above.seqs }; // set by the snapshot or the kept file
  let storedHorizon: string | null = kept?.horizon ?? null;
  let coveredAbove = kept?.above.xids ?? new Set<string>(); // xids applied although at or above the horizon
  // Tables the kept file lacks or holds with other columns: copied whole by the first poll.
  let reloadFirst = kept?.reload ?? [];
  let snapshotHorizon: string | null = null; // the snapshot in progress reads from here (the heartbeat keeps the log for it)
  let snapshots = 0;
  let snapshotting: Promise<void> | null = null;
  let freshAsOf: number | null = null;
  let progress = { copied: 0, total: 0 };
  let running: Promise<void> | null = null;
  let again = false;
  let lastWarning = '';
  const waiters = new Set<{ token: string; done: (covered: boolean) => void }>();

  const warnOnce = (what: string, error: unknown) => {
    const message = `${what}: ${(error as Error).message}`;
    if (message !== lastWarning) console.warn(message);
    lastWarning = message;
  };

  const covers = (token: string) =>
    TOKEN.test(token) && cursor !== null && (BigInt(token) < BigInt(cursor.horizon!) || coveredAbove.has(token));

  /** Tables the log names that the replica does not hold yet (a new source), or that were dropped or reshaped: reloaded, or dropped. */
  async function adopt(batch: ChangeBatch): Promise<void> {
    for (const [name, change] of batch.tables) {
      if (replica.tables.has(name) && !change.reload) continue;
      const table = await describeTable(db, name);
      if (typeof table === 'string') {
        if (replica.tables.delete(name)) await replica.db.query(`DROP TABLE IF EXISTS ${ident(name)}`);
        batch.tables.delete(name);
        continue;
      }
      replica.tables.set(name, table);
      batch.tables.set(name, { keys: [], reload: true });
    }
  }

  async function pollOnce(): Promise<void> {
    const client = await pool.connect();
    let batch: ChangeBatch;
    try {
      batch = await readChanges(client, cursor!);
      client.release();
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    for (const name of reloadFirst) batch.tables.set(name, { keys: [], reload: true });
    await adopt(batch);
    if (batch.tables.size) await applyBatch(pool, replica, batch);
    else if (batch.horizon !== storedHorizon) await replica.db.tx((q) => setHorizon(q, batch.horizon, { seqs: batch.appliedAbove, xids: batch.xidsAbove }));
    reloadFirst = [];
    storedHorizon = batch.horizon;
    cursor = { horizon: batch.horizon, appliedAbove: batch.appliedAbove };
    coveredAbove = batch.xidsAbove;
  }

  const settle = () => {
    for (const w of waiters) if (covers(w.token)) w.done(true);
  };

  async function run(): Promise<void> {
    do {
      again = false;
      if (cursor === null || held()) break; // a new snapshot is coming, or a test holds the polls
      const started = Date.now();
      try {
        await pollOnce();
        freshAsOf = started;
        ready = true;
        lastWarning = '';
        settle();
      } catch (error) {
        if (!closed) warnOnce('The replica could not apply the latest changes; it tries again at the next poll', error);
      }
    } while (again && !closed);
  }

  const kick = () => {
    if (closed || cursor === null) return;
    if (running) again = true;
    // Cleared once run() has settled: a run that ends without awaiting (held) must not leave it set.
    // A kick between the end of run() and this is not lost (it set `again`).
    else
      running = run().finally(() => {
        running = null;
        if (again && !held()) kick();
      });
  };

  async function takeSnapshot(): Promise<void> {
    while (!closed) {
      try {
        const tables = await replicatedTables(db);
        progress = { copied: 0, total: tables.length };
        snapshots += 1;
        const horizon = await snapshot(pool, replica, tables, (copied, total, h) => {
          progress = { copied, total };
          snapshotHorizon = h;
        });
        storedHorizon = horizon;
        snapshotHorizon = null;
        cursor = { horizon, appliedAbove: new Set() };
        kick();
        return;
      } catch (error) {
        if (closed) return;
        warnOnce(`The replica's snapshot failed; it tries again in ${RETRY_MS} ms`, error);
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  }

  /** The log was pruned past this replica's horizon (it was taken for dead): it copies PostgreSQL again. */
  function resnapshot(): void {
    if (closed || snapshotting) return;
    console.warn("The change log was pruned past the replica's horizon; it copies PostgreSQL again.");
    ready = false;
    cursor = null;
    snapshotting = (async () => {
      await running;
      // A poll that was running has set them again.
      ready = false;
      cursor = null;
      await takeSnapshot();
    })().finally(() => (snapshotting = null));
  }

  const status = (): ReplicaStatus => {
    const lagMs = freshAsOf === null || !ready ? null : Date.now() - freshAsOf;
    const state = !ready ? 'catching-up' : lagMs! > settings.maxLagMs ? 'lagging' : 'ok';
    return { state, horizon: cursor?.horizon ?? null, lagMs, ...progress, snapshots };
  };

  if (kept) kick();
  else snapshotting = takeSnapshot().finally(() => (snapshotting = null));
  const stopListening = listenForChanges(url, kick);
  const timer = setInterval(kick, settings.pollMs);
  timer.unref();
  const stopPeers = startPeers(db, {
    ...settings,
    status,
    horizon: () => cursor?.horizon ?? snapshotHorizon,
    onFloor: (floor) => {
      if (floor !== null && cursor !== null && !snapshotting && BigInt(cursor.horizon!) < BigInt(floor)) resnapshot();
    },
  });

  return {
    id: settings.id,
    status,
    reader: () => (ready && Date.now() - freshAsOf! <= settings.maxLagMs ? replica.db.analytics : null),
    covers,
    waitFor(token, ms) {
      if (covers(token)) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const waiter = {
          token,
          done: (covered: boolean) => {
            clearTimeout(timeout);
            waiters.delete(waiter);
            resolve(covered);
          },
        };
        const timeout = setTimeout(() => waiter.done(false), ms);
        waiters.add(waiter);
        kick();
      });
    },
    kick,
    async close() {
      closed = true;
      clearInterval(timer);
      for (const w of waiters) w.done(false);
      await stopListening();
      await stopPeers();
      await snapshotting;
      await running;
      await pool.end();
      await replica.db.close();
    },
  };
}
