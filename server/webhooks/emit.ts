import type { Queryable } from '../db';

/** The events an administrator may subscribe a webhook to. */
export const WEBHOOK_EVENTS = ['case.opened', 'case.assigned', 'case.overdue', 'case.closed', 'response.received', 'alert.fired'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * Queues `type` with `data` for every enabled webhook subscribed to it: one pending delivery each,
 * written with the caller's queryable so that an action rolled back sends nothing. The worker
 * (server/webhooks/worker.ts) delivers them.
 */
export async function emitEvent(q: Queryable, type: WebhookEvent, data: Record<string, unknown>, now: Date): Promise<void> {
  const hooks = await q.query<{ id: string; events: string }>('SELECT id, events FROM webhooks WHERE enabled = true');
  const subscribed = hooks.filter((h) => (JSON.parse(h.events) as string[]).includes(type));
  if (!subscribed.length) return;
  const eventId = crypto.randomUUID();
  const json = JSON.stringify(data);
  for (const h of subscribed) await queueDelivery(q, h.id, eventId, type, json, now);
}

/** One pending delivery of an event to one webhook, due at once. */
export async function queueDelivery(q: Queryable, webhookId: string, eventId: string, type: string, data: string, now: Date): Promise<string> {
  const id = crypto.randomUUID();
  await q.query(
    `INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_type, data, created_at, state, attempts, next_attempt_at)
     VALUES ($1, $2, $3, $4, $5, CAST($6 AS TIMESTAMP), 'pending', 0, CAST($6 AS TIMESTAMP))`,
    [id, webhookId, eventId, type, data, now],
  );
  return id;
}
