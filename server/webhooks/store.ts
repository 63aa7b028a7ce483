import { inTurn } from '../db/turns';
import { z } from 'zod';
import type { Db } from '../db';
import { dataTime } from '../db';
import { ApiError, badRequest, notFound } from '../http/errors';
import { hostOf, MAX_URL_LENGTH, resolvePublic, urlProblem } from './address';
import { WEBHOOK_EVENTS } from './emit';
import { WEBHOOK_FORMATS, type WebhookFormat } from './format';
import { newSigningSecret, sealSecret } from './secret';
import { CLAIM_MS, sendClaimed, type AttemptResult } from './worker';

/** Webhooks a portal may have. */
export const MAX_WEBHOOKS = 20;

const fields = {
  name: z.string().trim().min(1, 'Name the webhook.').max(100, 'The name is longer than 100 characters.'),
  url: z
    .string()
    .trim()
    .min(1, 'Give the address (https://…) to send to.')
    .max(MAX_URL_LENGTH, `The address is longer than ${MAX_URL_LENGTH} characters.`)
    .superRefine((url, ctx) => {
      const problem = urlProblem(url);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { message: `An event is one of ${WEBHOOK_EVENTS.join(', ')}.` }))
    .min(1, 'Choose at least one event.')
    .max(WEBHOOK_EVENTS.length),
  format: z.enum(WEBHOOK_FORMATS, { message: `The format is one of ${WEBHOOK_FORMATS.join(', ')}.` }),
  enabled: z.boolean(),
};
export const webhookInput = z.object({ ...fields, format: fields.format.default('json'), enabled: fields.enabled.default(true) });
export const webhookChange = z.object(fields).partial();
export type WebhookInput = z.infer<typeof webhookInput>;

interface HookRow {
  id: string;
  name: string;
  url: string;
  events: string;
  format: WebhookFormat;
  enabled: boolean;
  created_at: Date;
  updated_at: Date;
  updated_by: string;
}
const COLUMNS = 'id, name, url, events, format, enabled, created_at, updated_at, updated_by';

/** A webhook as the API answers it: never its secret. */
const asWebhook = (r: HookRow) => ({
  id: r.id,
  name: r.name,
  url: r.url,
  events: JSON.parse(r.events) as string[],
  format: r.format,
  enabled: r.enabled,
  createdAt: dataTime(r.created_at),
  updatedAt: dataTime(r.updated_at),
  updatedBy: r.updated_by,
});

/** The host must resolve, and to public addresses only: a 400 on the url field otherwise. */
async function checkHost(url: string) {
  try {
    await resolvePublic(hostOf(new URL(url)));
  } catch (error) {
    const message = (error as Error).message;
    throw badRequest(`url: ${message}`, { url: [message] });
  }
}

async function rowOf(db: Db, id: string): Promise<HookRow> {
  const [row] = await db.query<HookRow & Record<string, unknown>>(`SELECT ${COLUMNS} FROM webhooks WHERE id = $1`, [id]);
  if (!row) throw notFound(`No webhook "${id}".`);
  return row;
}

/** Every webhook, by name, with the newest attempt of its log. */
export async function listWebhooks(db: Db) {
  const rows = await db.query<HookRow & Record<string, unknown>>(`SELECT ${COLUMNS} FROM webhooks ORDER BY name, id`);
  const last = await db.query<{ webhook_id: string; attempted_at: Date; status: number | null; error: string | null }>(
    `SELECT a.webhook_id, a.attempted_at, a.status, a.error FROM webhook_attempts a
     WHERE a.attempted_at = (SELECT MAX(b.attempted_at) FROM webhook_attempts b WHERE b.webhook_id = a.webhook_id)`,
  );
  const lastOf = new Map(last.map((a) => [a.webhook_id, { at: dataTime(a.attempted_at), status: a.status, error: a.error, ok: a.status !== null && a.status >= 200 && a.status < 300 }]));
  return { webhooks: rows.map((r) => ({ ...asWebhook(r), lastAttempt: lastOf.get(r.id) ?? null })), max: MAX_WEBHOOKS };
}

/** Registers a webhook; its new secret is in this answer only. */
export async function createWebhook(db: Db, input: WebhookInput, userId: string, now: Date) {
  await checkHost(input.url);
  const id = crypto.randomUUID();
  const secret = newSigningSecret();
  // The count and the insert take turns with other creations (PostgreSQL runs them side by side otherwise).
  const added = await db.tx(async (q) => {
    await inTurn(db, q, 'webhooks');
    return q.query(
      `INSERT INTO webhooks (id, name, url, events, format, enabled, secret, created_at, created_by, updated_at, updated_by)
       SELECT $1, $2, $3, $4, $5, $6, $7, CAST($8 AS TIMESTAMP), $9, CAST($8 AS TIMESTAMP), $9 WHERE (SELECT COUNT(*) FROM webhooks) < ${MAX_WEBHOOKS} RETURNING id`,
      [id, input.name, input.url, JSON.stringify([...new Set(input.events)]), input.format, input.enabled, sealSecret(secret, id), now, userId],
    );
  });
  if (!added.length) throw new ApiError(429, `A portal has at most ${MAX_WEBHOOKS} webhooks: delete one before adding another.`);
  return { ...asWebhook(await rowOf(db, id)), secret };
}

/** Changes the fields given; one switched off or pointed elsewhere drops what waited for it. */
export async function updateWebhook(db: Db, id: string, change: z.infer<typeof webhookChange>, userId: string, now: Date) {
  const before = await rowOf(db, id);
  if (change.url !== undefined && change.url !== before.url) await checkHost(change.url);
  const next = {
    name: change.name ?? before.name,
    url: change.url ?? before.url,
    events: change.events ? JSON.stringify([...new Set(change.events)]) : before.events,
    format: change.format ?? before.format,
    enabled: change.enabled ?? before.enabled,
  };
  await db.tx(async (q) => {
    await q.query('UPDATE webhooks SET name = $2, url = $3, events = $4, format = $5, enabled = $6, updated_at = CAST($7 AS TIMESTAMP), updated_by = $8 WHERE id = $1', [
      id, next.name, next.url, next.events, next.format, next.enabled, now, userId,
    ]);
    if (!next.enabled || next.url !== before.url) await q.query("DELETE FROM webhook_deliveries WHERE webhook_id = $1 AND state = 'pending'", [id]);
  });
  return asWebhook(await rowOf(db, id));
}

export async function deleteWebhook(db: Db, id: string): Promise<void> {
  await db.tx(async (q) => {
    const gone = await q.query('DELETE FROM webhooks WHERE id = $1 RETURNING id', [id]);
    if (!gone.length) throw notFound(`No webhook "${id}".`);
    await q.query('DELETE FROM webhook_deliveries WHERE webhook_id = $1', [id]);
    await q.query('DELETE FROM webhook_attempts WHERE webhook_id = $1', [id]);
  });
}

/** A new secret, answered this once; the old one signs nothing from now on. */
export async function rotateSecret(db: Db, id: string, userId: string, now: Date) {
  const secret = newSigningSecret();
  const rows = await db.query('UPDATE webhooks SET secret = $2, updated_at = CAST($3 AS TIMESTAMP), updated_by = $4 WHERE id = $1 RETURNING id', [id, sealSecret(secret, id), now, userId]);
  if (!rows.length) throw notFound(`No webhook "${id}".`);
  return { ...asWebhook(await rowOf(db, id)), secret };
}

/**
 * Sends a test event ('ping') to the webhook now, enabled or not, and answers its one attempt
 * (logged like any other). It is written as claimed already, so no worker sends it too.
 */
export async function sendTestEvent(db: Db, id: string, userId: string, now: Date): Promise<AttemptResult> {
  const hook = await rowOf(db, id);
  const deliveryId = crypto.randomUUID();
  const data = { message: 'This is a test event from the CX portal.', webhook: hook.name };
  const [claimed] = await db.query<{ id: string; webhook_id: string; event_id: string; event_type: string; data: string; created_at: Date; attempts: number }>(
    `INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_type, data, created_at, state, attempts, next_attempt_at, claimed_until)
     VALUES ($1, $2, $3, 'ping', $4, CAST($5 AS TIMESTAMP), 'sending', 1, CAST($5 AS TIMESTAMP), CAST($6 AS TIMESTAMP))
     RETURNING id, webhook_id, event_id, event_type, data, created_at, attempts`,
    [deliveryId, id, crypto.randomUUID(), JSON.stringify(data), now, new Date(now.getTime() + CLAIM_MS)],
  );
  const result = await sendClaimed(db, claimed, now, 1);
  if (!result) throw notFound(`No webhook "${id}".`);
  return result;
}

/** The webhook's log, newest first, and how many deliveries wait. */
export async function deliveryLog(db: Db, id: string) {
  await rowOf(db, id);
  const attempts = await db.query<{ id: string; delivery_id: string; event_type: string; attempt: number; attempted_at: Date; status: number | null; error: string | null; answer: string | null }>(
    'SELECT id, delivery_id, event_type, attempt, attempted_at, status, error, answer FROM webhook_attempts WHERE webhook_id = $1 ORDER BY attempted_at DESC, attempt DESC, id DESC',
    [id],
  );
  const [waiting] = await db.query<{ n: number }>("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE webhook_id = $1 AND state IN ('pending', 'sending')", [id]);
  return {
    pending: Number(waiting?.n ?? 0),
    attempts: attempts.map((a) => ({
      id: a.id,
      deliveryId: a.delivery_id,
      event: a.event_type,
      attempt: Number(a.attempt),
      at: dataTime(a.attempted_at),
      status: a.status === null ? null : Number(a.status),
      error: a.error,
      answer: a.answer,
      ok: a.status !== null && a.status >= 200 && a.status < 300,
    })),
  };
}
