import type { Db } from '../db';
import { renderBody, type WebhookFormat } from './format';
import { openSecret } from './secret';
import { ATTEMPT_TIMEOUT_MS, postSigned, type SendResult } from './send';

/** Attempts of one delivery before it is given up as failed. */
export const MAX_ATTEMPTS = 6;
/** A delivery still not sent after this long is dropped (a receiver down for a week, a worker stopped). */
export const DROP_AFTER_MS = 7 * 24 * 3_600_000;
/** Attempts each webhook's log keeps. */
export const LOG_KEEP = 200;
/** How long a claimed delivery is a worker's: one whose process died is sent again after this. */
export const CLAIM_MS = ATTEMPT_TIMEOUT_MS + 50_000;
export const WEBHOOK_INTERVAL_MS = 5000;
export const WEBHOOK_RETRY_BASE_MS = 60_000;
/** Deliveries one run takes on; the rest wait for the next. */
const BATCH = 20;

/** The wait after failed attempt `n` (1-based): base, 4×base, 16×base, … (WEBHOOK_RETRY_BASE_MS). */
export const retryDelayMs = (attempt: number, env: NodeJS.ProcessEnv = process.env) => Number(env.WEBHOOK_RETRY_BASE_MS || WEBHOOK_RETRY_BASE_MS) * 4 ** (attempt - 1);

export interface Claimed {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  data: string;
  created_at: Date;
  attempts: number;
}

export interface AttemptResult extends SendResult {
  deliveryId: string;
  event: string;
  attempt: number;
  at: string;
  ok: boolean;
}

const CLAIMED_COLUMNS = 'id, webhook_id, event_id, event_type, data, created_at, attempts';

/**
 * Takes a due delivery for this worker: the update names the attempt count it read, so of two
 * workers (or processes) only one moves it on and sends; the other gets no row.
 */
async function claim(db: Db, id: string, attempts: number, now: Date): Promise<Claimed | undefined> {
  const [row] = await db.query<Claimed & Record<string, unknown>>(
    `UPDATE webhook_deliveries SET state = 'sending', attempts = attempts + 1, claimed_until = CAST($3 AS TIMESTAMP)
     WHERE id = $1 AND attempts = $2 AND ((state = 'pending' AND next_attempt_at <= CAST($4 AS TIMESTAMP)) OR (state = 'sending' AND claimed_until <= CAST($4 AS TIMESTAMP)))
     RETURNING ${CLAIMED_COLUMNS}`,
    [id, attempts, new Date(now.getTime() + CLAIM_MS), now],
  );
  return row;
}

/**
 * Sends a claimed delivery once and records the attempt in the webhook's log; the delivery is
 * then delivered (a 2xx), due again after its back-off, or failed after `maxAttempts`.
 */
export async function sendClaimed(db: Db, d: Claimed, now: Date, maxAttempts = MAX_ATTEMPTS, env: NodeJS.ProcessEnv = process.env): Promise<AttemptResult | undefined> {
  const [hook] = await db.query<{ url: string; format: WebhookFormat; secret: string }>('SELECT url, format, secret FROM webhooks WHERE id = $1', [d.webhook_id]);
  if (!hook) {
    await db.query('DELETE FROM webhook_deliveries WHERE id = $1', [d.id]);
    return undefined;
  }
  const attempt = Number(d.attempts);
  const body = renderBody(hook.format, { id: d.event_id, type: d.event_type, createdAt: d.created_at.toISOString(), data: JSON.parse(d.data) as Record<string, unknown> });
  let result: SendResult;
  try {
    const secret = openSecret(hook.secret, d.webhook_id, env);
    result = await postSigned(hook.url, body, { event: d.event_type, deliveryId: d.id, secret, timestamp: Math.floor(now.getTime() / 1000) }, env);
  } catch (error) {
    result = { status: null, error: (error as Error).message, answer: null };
  }
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const state = ok ? 'delivered' : attempt >= maxAttempts ? 'failed' : 'pending';
  const next = ok || state === 'failed' ? now : new Date(now.getTime() + retryDelayMs(attempt, env));
  await db.tx(async (q) => {
    await q.query(
      'INSERT INTO webhook_attempts (id, webhook_id, delivery_id, event_type, attempt, attempted_at, status, error, answer) VALUES ($1, $2, $3, $4, $5, CAST($6 AS TIMESTAMP), $7, $8, $9)',
      [crypto.randomUUID(), d.webhook_id, d.id, d.event_type, attempt, now, result.status, result.error, result.answer],
    );
    await q.query(
      `UPDATE webhook_deliveries SET state = $3, next_attempt_at = CAST($4 AS TIMESTAMP), claimed_until = NULL, finished_at = ${state === 'pending' ? 'NULL' : 'CAST($5 AS TIMESTAMP)'}
       WHERE id = $1 AND attempts = $2 AND state = 'sending'`,
      state === 'pending' ? [d.id, attempt, state, next] : [d.id, attempt, state, next, now],
    );
    await q.query(
      `DELETE FROM webhook_attempts WHERE webhook_id = $1 AND id NOT IN (SELECT id FROM webhook_attempts WHERE webhook_id = $1 ORDER BY attempted_at DESC, attempt DESC, id DESC LIMIT ${LOG_KEEP})`,
      [d.webhook_id],
    );
  });
  return { deliveryId: d.id, event: d.event_type, attempt, at: now.toISOString().slice(0, 19), ok, ...result };
}

/**
 * One run of the worker: drops what waited longer than DROP_AFTER_MS (and tidies finished
 * deliveries as old; the log keeps their attempts), then sends the due deliveries one by one.
 */
export async function deliverDue(db: Db, now: Date, env: NodeJS.ProcessEnv = process.env): Promise<{ delivered: number; retrying: number; failed: number }> {
  await db.query('DELETE FROM webhook_deliveries WHERE created_at < CAST($1 AS TIMESTAMP)', [new Date(now.getTime() - DROP_AFTER_MS)]);
  const due = await db.query<{ id: string; attempts: number }>(
    `SELECT id, attempts FROM webhook_deliveries
     WHERE (state = 'pending' AND next_attempt_at <= CAST($1 AS TIMESTAMP)) OR (state = 'sending' AND claimed_until <= CAST($1 AS TIMESTAMP))
     ORDER BY next_attempt_at, id LIMIT ${BATCH}`,
    [now],
  );
  const counts = { delivered: 0, retrying: 0, failed: 0 };
  for (const row of due) {
    const claimed = await claim(db, row.id, Number(row.attempts), now);
    if (!claimed) continue;
    const result = await sendClaimed(db, claimed, now, MAX_ATTEMPTS, env);
    if (!result) continue;
    if (result.ok) counts.delivered++;
    else if (result.attempt >= MAX_ATTEMPTS) counts.failed++;
    else counts.retrying++;
  }
  return counts;
}

/**
 * Runs the worker every `intervalMs` (WEBHOOK_INTERVAL_MS) until stopped; a tick while the last run
 * is still going is skipped; a failed run is logged and the next one tries again. Several processes
 * may run it over one database: each delivery is claimed by one.
 */
export function startWebhookWorker(db: Db, intervalMs = WEBHOOK_INTERVAL_MS): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = deliverDue(db, new Date())
      .catch((error) => console.error('Webhook worker:', error))
      .finally(() => (running = undefined));
  }, intervalMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
