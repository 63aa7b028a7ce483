import type { Db } from '../db';
import { replicaOf } from './index';

/**
 * `/api/health` with a replica (design §5): 503 while it catches up (the load balancer keeps the
 * process out until its copy is whole) or lags, else 200 with its lag and horizon; undefined without one.
 */
export function replicaHealth(db: Db): { code: 200 | 503; body: Record<string, unknown> } | undefined {
  const replica = replicaOf(db);
  if (!replica) return undefined;
  const { state, copied, total, lagMs, horizon } = replica.status();
  if (state === 'catching-up') return { code: 503, body: { status: 'catching-up', copied, total } };
  if (state === 'lagging') return { code: 503, body: { status: 'lagging', lagMs } };
  return { code: 200, body: { status: 'ok', engine: db.engine, replica: { lagMs, horizon } } };
}
