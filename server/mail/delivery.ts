import nodemailer from 'nodemailer';
import type { Db } from '../db';

export interface DeliveryOptions {
  /** The sender of every message. */
  from?: string;
  /** How often the outbox is looked at. */
  intervalMs?: number;
  /** A message is tried this many times, then left with its last error. */
  maxAttempts?: number;
  /** A claim older than this is someone's crash: the message may be taken again. */
  claimTimeoutMs?: number;
}

export const DEFAULT_FROM = 'CX Portal <no-reply@cx-portal.local>';

/**
 * Sends the outbox over SMTP (nodemailer): every message once, whatever the number of server
 * processes, as each is claimed by one of them before it is sent. Returns a stop function.
 */
export function startMailDelivery(db: Db, smtpUrl: string, { from = DEFAULT_FROM, intervalMs = 2000, maxAttempts = 5, claimTimeoutMs = 60_000 }: DeliveryOptions = {}): () => Promise<void> {
  const transport = nodemailer.createTransport(smtpUrl);
  let running: Promise<void> | null = null;
  let stopped = false;

  async function deliverDue(): Promise<void> {
    const now = new Date();
    const due = await db.query<{ id: string }>(
      `SELECT id FROM mail_outbox WHERE sent_at IS NULL AND coalesce(attempts, 0) < $1 AND (claimed_at IS NULL OR claimed_at < CAST($2 AS TIMESTAMP)) ORDER BY created_at LIMIT 20`,
      [maxAttempts, new Date(now.getTime() - claimTimeoutMs)],
    );
    for (const { id } of due) {
      if (stopped) return;
      // The claim: only the process whose update took the row sends it.
      const [mine] = await db.query<{ recipient: string; subject: string; body: string }>(
        `UPDATE mail_outbox SET claimed_at = CAST($2 AS TIMESTAMP), attempts = coalesce(attempts, 0) + 1
         WHERE id = $1 AND sent_at IS NULL AND (claimed_at IS NULL OR claimed_at < CAST($3 AS TIMESTAMP)) RETURNING recipient, subject, body`,
        [id, now, new Date(now.getTime() - claimTimeoutMs)],
      );
      if (!mine) continue;
      try {
        await transport.sendMail({ from, to: mine.recipient, subject: mine.subject, text: mine.body });
        await db.query('UPDATE mail_outbox SET sent_at = CAST($2 AS TIMESTAMP), last_error = NULL WHERE id = $1', [id, new Date()]);
      } catch (error) {
        // Released for the next round, with what went wrong.
        await db.query('UPDATE mail_outbox SET claimed_at = NULL, last_error = $2 WHERE id = $1', [id, String((error as Error).message ?? error).slice(0, 500)]);
      }
    }
  }

  const tick = () => {
    running ??= deliverDue()
      .catch((error: unknown) => console.error('mail delivery:', error))
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, intervalMs);
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
    transport.close();
  };
}
