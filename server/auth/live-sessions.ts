import type { Db } from '../db';
import { liveSessionRole } from './sessions';

/** Answers kept while no write has happened since they were read; emptied whenever one has. */
interface Kept {
  writes: number;
  roles: Map<string, string | undefined>;
}
const kept = new WeakMap<Db, Kept>();
const MAX_KEPT = 10_000;

/**
 * `liveSessionRole`, asked of the database only when a write may have changed the answer. Where
 * this process is the database's one writer (`db.writes`, DuckDB), a session's answer holds until
 * the next write of any kind: a sign-out, role change or deletion is a write, so a revoked session
 * is refused at once as before. On DuckDB the lookup cost 1-2.5 ms of every call (a query after a
 * pause waits for the engine's threads to wake). Elsewhere (PostgreSQL, which other processes
 * write too) every call asks.
 */
export async function liveRole(db: Db, sessionId: string, userId: string): Promise<string | undefined> {
  const writes = db.writes?.();
  if (writes === undefined) return liveSessionRole(db, sessionId, userId);
  let memo = kept.get(db);
  if (memo?.writes !== writes) kept.set(db, (memo = { writes, roles: new Map() }));
  const key = `${sessionId}\u0000${userId}`;
  if (memo.roles.has(key)) return memo.roles.get(key);
  const role = await liveSessionRole(db, sessionId, userId);
  // Kept with the count it was asked at: if a write started or ended meanwhile, the next call finds
  // the count moved and asks again.
  if (memo.roles.size < MAX_KEPT) memo.roles.set(key, role);
  return role;
}
