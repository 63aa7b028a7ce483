import type { Context } from 'hono';
import type { Env } from '../context';
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { check, z } from '../http/validate';

/** The export's answer once its user cancelled it (a 409: the request conflicts with the user's own cancel). */
export const CANCELLED = 'The export was cancelled.';

/** The key the client chose for an export's progress (a UUID), from the export call's query. */
export const progressKey = z.string().regex(/^[A-Za-z0-9-]{16,64}$/, 'progressKey must be 16 to 64 letters, digits or dashes.');

/** Who is exporting, and the key they chose for its progress (none: no progress is kept). */
export interface ProgressOwner {
  db: Db;
  now: () => Date;
  userId: string;
  key?: string;
}

/** The export's progress owner from a request: `progressKey` from its query, checked. */
export const ownerOf = (c: Context<Env>): ProgressOwner => {
  const raw = c.req.query('progressKey');
  return { db: c.var.deps.db, now: c.var.deps.now, userId: c.var.user.id, key: raw === undefined ? undefined : check(progressKey, raw) };
};

/** How often a running export counts its rows into its progress, and so learns of a cancel. */
export const PROGRESS_EVERY_MS = 250;

/**
 * The chunks of an export, counted into `export_progress` as they are written when the owner named
 * a key: the first chunk, then one at most every `PROGRESS_EVERY_MS`, updates the row and learns
 * whether the user cancelled, which stops the export with a 409 (the writer then removes its file).
 * Chunks are small (a streamed export's are 2,048 rows), so a write per chunk would cost more than
 * the rows. The row goes when the export ends, and a cancel found then stops it too.
 */
export async function* withProgress<T>({ db, now, userId, key }: ProgressOwner, chunks: AsyncIterable<T[]>, total: number): AsyncGenerator<T[]> {
  if (key === undefined) return yield* chunks;
  await db.query('DELETE FROM export_progress WHERE progress_key = $1 AND user_id = $2', [key, userId]);
  await db.query('INSERT INTO export_progress (progress_key, user_id, written, total, cancelled, updated_at) VALUES ($1, $2, 0, $3, false, CAST($4 AS TIMESTAMP))', [key, userId, total, now()]);
  let ended = false;
  try {
    let written = 0;
    let reported = -Infinity;
    for await (const rows of chunks) {
      written += rows.length;
      const at = now();
      if (at.getTime() - reported < PROGRESS_EVERY_MS) {
        yield rows;
        continue;
      }
      reported = at.getTime();
      const [row] = await db.query<{ cancelled: boolean }>(
        'UPDATE export_progress SET written = $1, updated_at = CAST($2 AS TIMESTAMP) WHERE progress_key = $3 AND user_id = $4 RETURNING cancelled',
        [written, at, key, userId],
      );
      if (!row || row.cancelled) throw new ApiError(409, CANCELLED);
      yield rows;
    }
    // The last word on a cancel: one that came after the last count (or between counts of a quick
    // export) was answered `cancelled: true`, so the export must not be kept. Past this DELETE a
    // cancel finds nothing in writing and answers false.
    ended = true;
    const [row] = await db.query<{ cancelled: boolean }>('DELETE FROM export_progress WHERE progress_key = $1 AND user_id = $2 RETURNING cancelled', [key, userId]);
    if (!row || row.cancelled) throw new ApiError(409, CANCELLED);
  } finally {
    if (!ended) await db.query('DELETE FROM export_progress WHERE progress_key = $1 AND user_id = $2', [key, userId]);
  }
}

/** The progress of one of the caller's exports: rows written of all; undefined when none is in writing. */
export async function readProgress(db: Db, key: string, userId: string): Promise<{ written: number; total: number } | undefined> {
  const [row] = await db.query<{ written: number; total: number }>('SELECT written, total FROM export_progress WHERE progress_key = $1 AND user_id = $2', [key, userId]);
  return row && { written: Number(row.written), total: Number(row.total) };
}

/** Marks one of the caller's exports cancelled; the export stops when it next counts its rows. False when none is in writing. */
export async function cancelExport(db: Db, key: string, userId: string): Promise<boolean> {
  const rows = await db.query('UPDATE export_progress SET cancelled = true WHERE progress_key = $1 AND user_id = $2 RETURNING progress_key', [key, userId]);
  return rows.length > 0;
}
