import { Hono } from 'hono';
import type { Env } from '../context';
import { readBody } from '../http/validate';
import { createWebhook, deleteWebhook, deliveryLog, listWebhooks, rotateSecret, sendTestEvent, updateWebhook, webhookChange, webhookInput } from '../webhooks/store';

/** Who may manage webhooks (mounted so in app.ts). */
export const WEBHOOK_ROLES = ['GlobalAdmin', 'PortalAdmin'];

/** Outbound webhooks (issue 45) under /api/webhooks. A secret is answered only by create and rotate. */
export const webhookRoutes = new Hono<Env>()
  .get('/', async (c) => c.json(await listWebhooks(c.var.deps.db)))
  .post('/', async (c) => {
    const input = await readBody(c, webhookInput);
    return c.json(await createWebhook(c.var.deps.db, input, c.var.user.id, c.var.deps.now()), 201);
  })
  .put('/:id', async (c) => {
    const input = await readBody(c, webhookInput);
    return c.json(await updateWebhook(c.var.deps.db, c.req.param('id'), input, c.var.user.id, c.var.deps.now()));
  })
  .patch('/:id', async (c) => {
    const change = await readBody(c, webhookChange);
    return c.json(await updateWebhook(c.var.deps.db, c.req.param('id'), change, c.var.user.id, c.var.deps.now()));
  })
  .delete('/:id', async (c) => {
    await deleteWebhook(c.var.deps.db, c.req.param('id'));
    return c.body(null, 204);
  })
  .post('/:id/rotate', async (c) => c.json(await rotateSecret(c.var.deps.db, c.req.param('id'), c.var.user.id, c.var.deps.now())))
  .post('/:id/test', async (c) => c.json(await sendTestEvent(c.var.deps.db, c.req.param('id'), c.var.user.id, c.var.deps.now())))
  .get('/:id/deliveries', async (c) => c.json(await deliveryLog(c.var.deps.db, c.req.param('id'))));
