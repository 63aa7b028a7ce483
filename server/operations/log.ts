import type { Db, Queryable } from '../db';
import { dataTime } from '../db';
import type { Principal } from '../auth/tokens';

/** Records what an operator did (shown in the operations log). */
export async function logOperation(q: Queryable, user: Principal | undefined, action: string, detail: string | null, now: Date): Promise<void> {
  await q.query("INSERT INTO operations_log (id, seq, action, detail, user_id, user_name, created_at) VALUES ($1, nextval('operations_log_seq'), $2, $3, $4, $5, CAST($6 AS TIMESTAMP))", [
    crypto.randomUUID(), action, detail, user?.id ?? null, user?.userName ?? null, now,
  ]);
}

export const LOG_PAGE = 100;

/** The newest entries of the operations log. */
export async function operationsLog(db: Db) {
  const rows = await db.query<{ action: string; detail: string | null; user_name: string | null; created_at: Date }>(
    `SELECT action, detail, user_name, created_at FROM operations_log ORDER BY seq DESC LIMIT ${LOG_PAGE}`,
  );
  return rows.map((r) => ({ action: r.action, detail: r.detail, userName: r.user_name, at: dataTime(r.created_at) }));
}

/** The newest e-mails of the outbox with their delivery state; the text stays private (it can hold a one-time link). */
export async function outbox(db: Db) {
  const rows = await db.query<{ recipient: string; subject: string; created_at: Date; sent_at: Date | null; attempts: number | null; last_error: string | null }>(
    'SELECT recipient, subject, created_at, sent_at, attempts, last_error FROM mail_outbox ORDER BY created_at DESC, id LIMIT 100',
  );
  const [count] = await db.query<{ n: number; waiting: number }>('SELECT count(*) AS n, count(*) FILTER (WHERE sent_at IS NULL) AS waiting FROM mail_outbox');
  return {
    total: Number(count.n),
    waiting: Number(count.waiting),
    items: rows.map((r) => ({ recipient: r.recipient, subject: r.subject, queuedAt: dataTime(r.created_at), sentAt: r.sent_at ? dataTime(r.sent_at) : null, attempts: Number(r.attempts ?? 0), lastError: r.last_error })),
  };
}

/** Free-trial requests, newest first, with who asked. */
export async function trialRequests(db: Db) {
  const rows = await db.query<{ created_at: Date; email: string | null; first_name: string | null; last_name: string | null; company: string | null }>(
    'SELECT t.created_at, u.email, u.first_name, u.last_name, u.company FROM trial_requests t LEFT JOIN users u ON u.id = t.user_id ORDER BY t.created_at DESC LIMIT 100',
  );
  return rows.map((r) => ({ at: dataTime(r.created_at), email: r.email, name: [r.first_name, r.last_name].filter(Boolean).join(' '), company: r.company }));
}
