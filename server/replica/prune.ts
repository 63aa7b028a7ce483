import type { Db, Queryable } from '../db';

/**
 * Pruning the change log (design §1). A row is deleted once every live replica has passed it (its
 * xid is below the smallest horizon of the replicas seen lately) and it is old enough that a process
 * restarted from its kept file a little earlier still finds it. With no live replica, rows are kept
 * for an hour only, so the log cannot grow without bound. `floor_xid` then tells a kept file whose
 * horizon is below it that part of its replay is gone: it takes a new snapshot.
 */
export interface PruneBounds {
  /** A replica whose heartbeat is younger than this counts as live. */
  liveMs: number;
  /** Rows younger than this are kept, whatever the horizons. */
  keepMs: number;
  /** With no live replica (or none with a horizon yet), rows younger than this are kept. */
  orphanMs: number;
}

export const PRUNE_BOUNDS: PruneBounds = { liveMs: 5 * 60_000, keepMs: 10 * 60_000, orphanMs: 60 * 60_000 };

/** The pruning floor: a kept replica at a horizon below it cannot replay the log (null: nothing pruned yet). */
export async function floorXid(q: Queryable): Promise<string | null> {
  const [row] = await q.query<{ floor: string | null }>('SELECT floor_xid::text AS floor FROM cx_replica_meta WHERE id = 1');
  return row?.floor ?? null;
}

/**
 * One pruning pass, by whichever process holds the lock (the others skip: null). The floor rises to
 * just above the newest xid deleted, so a kept file at or above it has lost nothing it needs.
 */
export async function pruneChanges(db: Db, bounds: PruneBounds = PRUNE_BOUNDS): Promise<{ deleted: number; floor: string | null } | null> {
  return db.tx(async (q) => {
    const [{ locked }] = await q.query<{ locked: boolean }>("SELECT pg_try_advisory_xact_lock(hashtext('cx_changes')) AS locked");
    if (!locked) return null;
    // A pass that would wait on a lock (a long writer on the log) gives up until the next one.
    await q.query("SET LOCAL lock_timeout = '5s'");
    const [gone] = await q.query<{ deleted: string | number; top: string | null }>(
      `WITH live AS (SELECT min(horizon) AS h FROM cx_replicas WHERE seen_at > now() - make_interval(secs => $1::float8 / 1000)),
            gone AS (DELETE FROM cx_changes
                      WHERE CASE WHEN (SELECT h FROM live) IS NULL THEN at < now() - make_interval(secs => $3::float8 / 1000)
                                 ELSE xid < (SELECT h FROM live) AND at < now() - make_interval(secs => $2::float8 / 1000) END
                      RETURNING xid)
       SELECT count(*) AS deleted, max(xid)::text AS top FROM gone`,
      [bounds.liveMs, bounds.keepMs, bounds.orphanMs],
    );
    if (gone.top !== null) {
      await q.query(
        `UPDATE cx_replica_meta SET floor_xid = greatest(coalesce(floor_xid, '0'::xid8), ($1::numeric + 1)::text::xid8) WHERE id = 1`,
        [gone.top],
      );
    }
    return { deleted: Number(gone.deleted), floor: await floorXid(q) };
  });
}
