import type { Queryable } from '../db';
import { revokeUserSessions } from '../auth/sessions';

/** What every sign-in path answers a deactivated user (after the credentials check, so a guesser learns nothing). */
export const DEACTIVATED = 'This account is deactivated.';

export interface UserStatus {
  active: boolean;
  externalId: string | null;
}

/** A user without a `user_status` row is active and has no external id. */
export async function statusOf(q: Queryable, userId: string): Promise<UserStatus> {
  const [row] = await q.query<{ active: boolean; external_id: string | null }>('SELECT active, external_id FROM user_status WHERE user_id = $1', [userId]);
  return { active: row?.active ?? true, externalId: row?.external_id ?? null };
}

export async function isDeactivated(q: Queryable, userId: string): Promise<boolean> {
  return !(await statusOf(q, userId)).active;
}

/**
 * Activates or deactivates a user (and keeps the provisioning system's external id, when given).
 * Deactivation ends every session and one-time code of the user in the same transaction: their next call is refused.
 */
export async function setActive(q: Queryable, userId: string, active: boolean, now: Date, externalId?: string | null): Promise<void> {
  const keepId = externalId === undefined;
  await q.query(
    `INSERT INTO user_status (user_id, active, external_id, updated_at) VALUES ($1, $2, $3, CAST($4 AS TIMESTAMP))
     ON CONFLICT (user_id) DO UPDATE SET active = EXCLUDED.active, updated_at = EXCLUDED.updated_at,
       external_id = CASE WHEN CAST($5 AS BOOLEAN) THEN user_status.external_id ELSE EXCLUDED.external_id END`,
    [userId, active, keepId ? null : externalId, now, keepId],
  );
  if (active) return;
  await revokeUserSessions(q, userId);
  // Their unused one-time codes and links (QR sign-in codes, reset and invitation links) end with the sessions.
  await q.query('UPDATE one_time_tokens SET used = true WHERE user_id = $1 AND NOT used', [userId]);
}

/** Forgets a deleted user's status. */
export async function forgetStatus(q: Queryable, userId: string): Promise<void> {
  await q.query('DELETE FROM user_status WHERE user_id = $1', [userId]);
}
