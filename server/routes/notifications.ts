import { Hono } from 'hono';
import type { Env } from '../context';
import { markAllRead, markRead, notificationsOf } from '../notifications/notifications';

/** The notification pop-up's calls, for every signed-in user and only their own notifications. */
export const notificationRoutes = new Hono<Env>()
  .get('/', async (c) => c.json(await notificationsOf(c.var.deps.db, c.var.user.id)))
  .post('/read/:id', async (c) => {
    await markRead(c.var.deps.db, c.var.user.id, c.req.param('id'), c.var.deps.now());
    return c.json(await notificationsOf(c.var.deps.db, c.var.user.id));
  })
  .post('/readall', async (c) => {
    await markAllRead(c.var.deps.db, c.var.user.id, c.var.deps.now());
    return c.json(await notificationsOf(c.var.deps.db, c.var.user.id));
  });
