import type { Db, Queryable } from '../db';
import { ensureCapture, replicaEnabled } from './capture';
import type { ReplicaStatus } from './types';

/** The running replica of one PostgreSQL Db (issue 50): what routing, read-your-writes and health ask of it. */
export interface ReplicaService {
  /** This replica's name in cx_replicas (CX_REPLICA_ID, or host:port). */
  id: string;
  /** Where it stands: catching-up (snapshot or first poll not done) | ok | lagging, horizon, lagMs, copied, total. */
  status(): ReplicaStatus;
  /** The replica's read connection(s) when its state is 'ok', else null (read PostgreSQL). */
  reader(): Queryable | null;
  /** Whether the replica holds the writes of transaction `token` (xid8 as text). */
  covers(token: string): boolean;
  /** Resolves true once `token` is covered, false after `ms`. */
  waitFor(token: string, ms: number): Promise<boolean>;
  /** Polls now (a commit in this process wrote captured rows). */
  kick(): void;
  close(): Promise<void>;
}

const services = new WeakMap<Db, ReplicaService>();

/** The replica started for `db`, if any. */
export function replicaOf(db: Db): ReplicaService | undefined {
  return services.get(db);
}

/** Opens the replica and starts the loop; the snapshot runs in the background (status says how far). */
export async function startReplica(db: Db, env: NodeJS.ProcessEnv): Promise<ReplicaService> {
  const { startLoop } = await import('./loop');
  const loop = await startLoop(db, env);
  const service: ReplicaService = {
    ...loop,
    close: async () => {
      services.delete(db);
      await loop.close();
    },
  };
  services.set(db, service);
  return service;
}

/**
 * At start, after migrate and prepare: with CX_REPLICA=on on PostgreSQL, installs the change capture
 * and starts the replica; nothing otherwise (DuckDB is its own analytics engine).
 */
export async function startReplicaWhenOn(db: Db, env: NodeJS.ProcessEnv): Promise<ReplicaService | undefined> {
  if (!replicaEnabled(db, env)) return undefined;
  await ensureCapture(db);
  return startReplica(db, env);
}
