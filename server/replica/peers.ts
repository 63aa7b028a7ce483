import { hostname } from 'node:os';
import type { Db } from '../db';
import { floorXid, pruneChanges } from './prune';
import type { ReplicaStatus } from './types';

/** How recent a peer's heartbeat must be for it to count as up (design §5). */
const PEER_FRESH_MS = 5000;

/** This process's name in cx_replicas: CX_REPLICA_ID, or host:port (stable across a restart on the same port). */
export const replicaIdOf = (env: NodeJS.ProcessEnv) => env.CX_REPLICA_ID || `${hostname()}:${env.PORT ?? 8080}`;

/** Writes this replica's heartbeat (PostgreSQL's clock, the same for every host); the pruning floor read back. */
export async function heartbeat(db: Db, id: string, status: ReplicaStatus, horizon: string | null): Promise<string | null> {
  const freshAsOf = status.lagMs === null ? null : new Date(Date.now() - status.lagMs);
  await db.query(
    `INSERT INTO cx_replicas (replica_id, horizon, fresh_as_of, lag_ms, state, seen_at) VALUES ($1, $2::xid8, $3, $4, $5, now())
     ON CONFLICT (replica_id) DO UPDATE SET horizon = EXCLUDED.horizon, fresh_as_of = EXCLUDED.fresh_as_of, lag_ms = EXCLUDED.lag_ms,
       state = EXCLUDED.state, seen_at = EXCLUDED.seen_at`,
    [id, horizon, freshAsOf, status.lagMs === null ? null : Math.min(status.lagMs, 2 ** 31 - 1), status.state],
  );
  return floorXid(db);
}

/** Whether another replica is up and fresh: if none is, PostgreSQL itself is slow, and taking this process out would help nobody. */
export async function freshPeer(db: Db, id: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 AS fresh FROM cx_replicas WHERE replica_id <> $1 AND state = 'ok' AND seen_at > now() - make_interval(secs => $2::float8 / 1000) LIMIT 1`,
    [id, PEER_FRESH_MS],
  );
  return rows.length > 0;
}

/**
 * Every `heartbeatMs` the heartbeat (`onFloor` gets the pruning floor), every `pruneMs` a pruning
 * pass (one process prunes at a time). Failures are told once and retried at the next tick. The stop.
 */
export function startPeers(
  db: Db,
  options: { id: string; heartbeatMs: number; pruneMs: number; status: () => ReplicaStatus; horizon: () => string | null; onFloor: (floor: string | null) => void },
): () => Promise<void> {
  let lastWarning = '';
  const warnOnce = (what: string, error: unknown) => {
    const message = `${what}: ${(error as Error).message}`;
    if (message !== lastWarning) console.warn(message);
    lastWarning = message;
  };
  let beating: Promise<void> | null = null;
  let pruning: Promise<void> | null = null;
  const beat = () => {
    beating ??= heartbeat(db, options.id, options.status(), options.horizon())
      .then(options.onFloor, (error) => warnOnce("The replica's heartbeat could not be written", error))
      .finally(() => (beating = null));
  };
  const prune = () => {
    pruning ??= pruneChanges(db)
      .then(() => undefined, (error) => warnOnce('The change log could not be pruned', error))
      .finally(() => (pruning = null));
  };
  beat();
  const beats = setInterval(beat, options.heartbeatMs);
  const prunes = setInterval(prune, options.pruneMs);
  beats.unref();
  prunes.unref();
  return async () => {
    clearInterval(beats);
    clearInterval(prunes);
    await beating;
    await pruning;
  };
}
