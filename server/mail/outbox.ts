import type { Queryable } from '../db';

/** Queues an e-mail in `mail_outbox`, from where it is delivered (and where tests read it, as from an inbox). */
export async function queueMail(q: Queryable, recipient: string, subject: string, body: string, now: Date): Promise<void> {
  await q.query('INSERT INTO mail_outbox (id, recipient, subject, body, created_at) VALUES ($1, $2, $3, $4, CAST($5 AS TIMESTAMP))', [
    crypto.randomUUID(), recipient, subject, body, now,
  ]);
}
