import type { Db } from '../db';
import { spendOnce } from '../identity/one-time';

/**
 * Runs `work` unless another run of the same name is still going in any process over this
 * database: the run holds a lease (a row only one writer can add, the same as a spent nonce) and
 * lets go when it ends; a lease whose process died lapses after `leaseMs`. Undefined when skipped.
 */
export async function underLease<T>(db: Db, name: string, leaseMs: number, now: Date, work: () => Promise<T>): Promise<T | undefined> {
  const lease = `lease:${name}`;
  const until = new Date(now.getTime() + leaseMs);
  if (!(await spendOnce(db, lease, until, now))) return undefined;
  try {
    return await work();
  } finally {
    // Only this run's own lease: one that lapsed meanwhile may be another process's by now.
    await db.query('DELETE FROM used_assertions WHERE nonce = $1 AND expires_at = CAST($2 AS TIMESTAMP)', [lease, until]);
  }
}

/**
 * Calls `run` every `intervalMs` until stopped; a tick while the last run is still going is
 * skipped; a failed run is logged and the next one tries again. The stop waits for a run in hand.
 */
export function every(intervalMs: number, label: string, run: () => Promise<unknown>): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = run()
      .catch((error) => console.error(`${label}:`, error))
      .finally(() => (running = undefined));
  }, intervalMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
