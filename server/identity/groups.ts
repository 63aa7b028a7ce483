import type { Queryable } from '../db';

/** Deletes a group with its members and its provisioning id; the administrator's delete and SCIM's share it. Run in a transaction. */
export async function deleteGroup(q: Queryable, groupId: string): Promise<void> {
  await q.query('DELETE FROM group_members WHERE group_id = $1', [groupId]);
  await q.query('DELETE FROM group_external WHERE group_id = $1', [groupId]);
  await q.query('DELETE FROM groups WHERE id = $1', [groupId]);
}
