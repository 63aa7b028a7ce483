import type { Db } from '../db';
import { replicaOf } from './index';
import { freshPeer } from './peers';

/**
 * `/api/health` with a replica (design §5): 503 while it catches up (the load balancer keeps the
 * process out until its copy is whole); while it lags, 503 only when a peer is fresh (the traffic
 * can go there), else 200 with reads from PostgreSQL: when every replica lags, PostgreSQL is the
 * cause, and taking every process out would be an outage. Else 200 with its lag and horizon;
 * undefined without a replica.
 */
export async function replicaHealth(db: Db): Promise<{ code: 200 | 503; body: Record<string, unknown> } | undefined> {
  const replica = replicaOf(db);
  if (!replica) return undefined;
  const { state, copied, total, lagMs, horizon } = replica.status();
  if (state === 'catching-up') return { code: 503, body: { status: 'catching-up', copied, total } };
  if (state === 'lagging') {
    if (await freshPeer(db, replica.id)) return { code: 503, body: { status: 'lagging', lagMs } };
    return { code: 200, body: { status: 'ok', engine: db.engine, replica: { state: 'lagging', reads: 'postgres', lagMs } } };
  }
  return { code: 200, body: { status: 'ok', engine: db.engine, replica: { lagMs, horizon } } };
}
