import { request, type ApiTarget } from './client';
import type { BadRequest } from './errors';

/** The events a webhook may subscribe to (server/webhooks/emit.ts). */
export const WEBHOOK_EVENTS = ['case.opened', 'case.assigned', 'case.overdue', 'case.closed', 'response.received', 'alert.fired'] as const;
export const WEBHOOK_FORMATS = ['json', 'slack', 'teams'] as const;

export interface WebhookInput {
  name: string;
  url: string;
  events: string[];
  format: (typeof WEBHOOK_FORMATS)[number];
  enabled: boolean;
}

export interface Webhook extends WebhookInput {
  id: string;
  createdAt: string;
  updatedAt: string;
  updatedBy: string;
  lastAttempt: { at: string; status: number | null; error: string | null; ok: boolean } | null;
}

/** One attempt of a delivery, as the log and a test send answer it. */
export interface Attempt {
  deliveryId: string;
  event: string;
  attempt: number;
  at: string;
  status: number | null;
  error: string | null;
  answer: string | null;
  ok: boolean;
}

type Maybe<T> = Promise<T | BadRequest>;
const path = (id: string, rest = '') => `/api/webhooks/${encodeURIComponent(id)}${rest}`;

export const listWebhooks = (target?: ApiTarget): Maybe<{ webhooks: Webhook[]; max: number }> => request('GET', '/api/webhooks', { target });
export const createWebhook = (w: WebhookInput, target?: ApiTarget): Maybe<Webhook & { secret: string }> => request('POST', '/api/webhooks', { target, json: w });
export const updateWebhook = (id: string, w: Partial<WebhookInput>, target?: ApiTarget): Maybe<Webhook> => request('PATCH', path(id), { target, json: w });
export const deleteWebhook = (id: string, target?: ApiTarget): Maybe<undefined> => request('DELETE', path(id), { target });
export const rotateWebhookSecret = (id: string, target?: ApiTarget): Maybe<Webhook & { secret: string }> => request('POST', path(id, '/rotate'), { target });
export const sendTestEvent = (id: string, target?: ApiTarget): Maybe<Attempt> => request('POST', path(id, '/test'), { target });
export const webhookDeliveries = (id: string, target?: ApiTarget): Maybe<{ pending: number; attempts: Array<Attempt & { id: string }> }> =>
  request('GET', path(id, '/deliveries'), { target });
