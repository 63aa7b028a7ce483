import type { Queryable } from '../db';

/** One counter of failed sign-ins: which account and client it counts, how many fail, over what window, and how long a lock lasts. */
export interface Limit {
  account: string;
  client: string;
  max: number;
  /** Failures older than this start a new count. */
  windowMs: number;
  lockMs: number;
}

export const ANY = '*';

/**
 * Takes one attempt from a counter, atomically (one statement), before the password is checked:
 * of any number of parallel attempts at most `max` get through, and the rest are refused without
 * a check. A counter whose lock has run out, or whose window has passed, starts again at one.
 * Returns the count including this attempt, or undefined when the attempt is refused.
 */
export async function takeAttempt(q: Queryable, limit: Limit, now: Date): Promise<number | undefined> {
  const windowStart = new Date(now.getTime() - limit.windowMs);
  const restart = `sign_in_attempts.locked_until IS NOT NULL OR sign_in_attempts.since < CAST($4 AS TIMESTAMP)`;
  const [row] = await q.query<{ failures: number }>(
    `INSERT INTO sign_in_attempts (account, client, failures, since, locked_until) VALUES ($1, $2, 1, CAST($3 AS TIMESTAMP), NULL)
     ON CONFLICT (account, client) DO UPDATE SET
       failures = CASE WHEN ${restart} THEN 1 ELSE sign_in_attempts.failures + 1 END,
       since = CASE WHEN ${restart} THEN EXCLUDED.since ELSE sign_in_attempts.since END,
       locked_until = NULL
     WHERE (sign_in_attempts.locked_until IS NULL AND (sign_in_attempts.failures < $5 OR sign_in_attempts.since < CAST($4 AS TIMESTAMP)))
        OR sign_in_attempts.locked_until <= CAST($3 AS TIMESTAMP)
     RETURNING failures`,
    [limit.account, limit.client, now, windowStart, limit.max],
  );
  return row?.failures;
}

/** Minutes until a refused counter opens again (a full lock when the last attempts are still being checked). */
export async function minutesLocked(q: Queryable, limit: Limit, now: Date): Promise<number> {
  const [row] = await q.query<{ locked_until: Date | null }>('SELECT locked_until FROM sign_in_attempts WHERE account = $1 AND client = $2', [limit.account, limit.client]);
  const ms = row?.locked_until ? row.locked_until.getTime() - now.getTime() : limit.lockMs;
  return Math.max(1, Math.ceil(ms / 60_000));
}

/** Locks a counter that has reached its maximum (after the attempt that reached it failed). */
export async function lockIfFull(q: Queryable, limit: Limit, now: Date): Promise<void> {
  await q.query(
    'UPDATE sign_in_attempts SET locked_until = CAST($3 AS TIMESTAMP) WHERE account = $1 AND client = $2 AND locked_until IS NULL AND failures >= $4',
    [limit.account, limit.client, new Date(now.getTime() + limit.lockMs), limit.max],
  );
}

/** Returns an attempt that was never checked or turned out right: the counter goes back down by one. */
export async function giveBack(q: Queryable, limit: Limit): Promise<void> {
  await q.query('UPDATE sign_in_attempts SET failures = failures - 1 WHERE account = $1 AND client = $2 AND failures > 0 AND locked_until IS NULL', [
    limit.account, limit.client,
  ]);
}

/** After a correct password the account starts afresh for this client. */
export async function clearCount(q: Queryable, limit: Limit): Promise<void> {
  await q.query('DELETE FROM sign_in_attempts WHERE account = $1 AND client = $2', [limit.account, limit.client]);
}

/** A password reset proves the owner: every lock on the account ends, whoever caused it. */
export async function unlockAccount(q: Queryable, account: string): Promise<void> {
  await q.query('DELETE FROM sign_in_attempts WHERE account = $1', [account]);
}

/** Forgets counters that ended a day ago, so the table holds only what still matters. */
export async function forgetOldAttempts(q: Queryable, now: Date): Promise<void> {
  await q.query('DELETE FROM sign_in_attempts WHERE since < CAST($1 AS TIMESTAMP) AND (locked_until IS NULL OR locked_until < CAST($2 AS TIMESTAMP))', [
    new Date(now.getTime() - 86_400_000), now,
  ]);
}
