import type { Queryable } from '../db';

/** Every table that holds rows of one user (by `user_id`): what deleting the user removes with it. */
const USER_TABLES = ['user_claims', 'group_members', 'refresh_tokens', 'one_time_tokens', 'app_registrations', 'user_preferences', 'user_state', 'sessions', 'user_status',
  'user_sso', 'second_factors', 'recovery_codes'];

/** Deletes a user and everything of theirs; the administrator's delete and SCIM's share it. Run in a transaction. */
export async function deleteUser(q: Queryable, userId: string): Promise<void> {
  // Kept by session id, not user id: removed while the user's sessions still name them.
  await q.query('DELETE FROM session_sso WHERE session_id IN (SELECT id FROM sessions WHERE user_id = $1)', [userId]);
  for (const table of USER_TABLES) await q.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId]);
  await q.query('DELETE FROM users WHERE id = $1', [userId]);
}
