import type { Db, Queryable } from '../db';
import { dataTime } from '../db';
import { notFound } from '../http/errors';

/** How many notifications the pop-up lists (the newest); the unread count covers all of them. */
export const NOTIFICATION_PAGE = 20;

export interface NotificationItem {
  id: string;
  kind: string;
  text: string;
  /** Where the notification leads: its case, or an alert's filtered dashboard. */
  link: string | null;
  createdAt: string;
  read: boolean;
}

/** Adds a notification for a user (alert firings; mentions are added inside the case action's transaction). */
export async function notify(q: Queryable, userId: string, kind: string, text: string, link: string | null, now: Date): Promise<void> {
  await q.query('INSERT INTO notifications (notification_id, user_id, kind, pfo_id, text, link, created_at) VALUES ($1, $2, $3, NULL, $4, $5, CAST($6 AS TIMESTAMP))', [
    crypto.randomUUID(), userId, kind, text.slice(0, 500), link, now,
  ]);
}

/** The user's newest notifications and how many are unread. */
export async function notificationsOf(db: Db, userId: string): Promise<{ unread: number; items: NotificationItem[] }> {
  const [rows, [count]] = await Promise.all([
    db.query<{ notification_id: string; kind: string; text: string; link: string | null; module_id: string | null; source_object_id: number | null; created_at: Date; read_at: Date | null }>(
      `SELECT n.notification_id, n.kind, n.text, n.link, c.module_id, c.source_object_id, n.created_at, n.read_at
       FROM notifications n LEFT JOIN cases c ON c.pfo_id = n.pfo_id
       WHERE n.user_id = $1 ORDER BY n.created_at DESC, n.notification_id LIMIT ${NOTIFICATION_PAGE}`,
      [userId],
    ),
    db.query<{ n: number }>('SELECT count(*) AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL', [userId]),
  ]);
  return {
    unread: Number(count.n),
    items: rows.map((r) => ({
      id: r.notification_id,
      kind: r.kind,
      text: r.text,
      link: r.link ?? (r.module_id ? `/processflow/${encodeURIComponent(r.module_id)}/${r.source_object_id}/cases` : null),
      createdAt: String(dataTime(r.created_at)),
      read: r.read_at !== null,
    })),
  };
}

/** Marks one of the user's notifications read (another user's is not found). */
export async function markRead(db: Db, userId: string, id: string, now: Date): Promise<void> {
  const [row] = await db.query('UPDATE notifications SET read_at = coalesce(read_at, CAST($3 AS TIMESTAMP)) WHERE notification_id = $1 AND user_id = $2 RETURNING notification_id', [id, userId, now]);
  if (!row) throw notFound('No such notification.');
}

export async function markAllRead(db: Db, userId: string, now: Date): Promise<number> {
  const rows = await db.query('UPDATE notifications SET read_at = CAST($2 AS TIMESTAMP) WHERE user_id = $1 AND read_at IS NULL RETURNING notification_id', [userId, now]);
  return rows.length;
}
