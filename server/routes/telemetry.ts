import { Hono } from 'hono';
import type { Env } from '../context';
import { optionalAuth, requireAuth, requireRoles } from '../auth/middleware';
import { readBody, z } from '../http/validate';

const event = z.object({
  kind: z.enum(['pageView', 'event', 'exception'], { message: 'kind must be pageView, event or exception' }),
  name: z.string().trim().min(1, 'name is required').max(300),
  properties: z.record(z.string().max(100), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()])).default({}),
});
const batch = z.object({ events: z.array(event).min(1).max(50) });

/** Usage tracking: the portal posts page views and events; operators read the latest. */
export const telemetryRoutes = new Hono<Env>()
  .post('/', optionalAuth, async (c) => {
    const { db, now } = c.var.deps;
    const { events } = await readBody(c, batch);
    await db.tx(async (q) => {
      for (const e of events) {
        await q.query('INSERT INTO telemetry_events (id, kind, name, properties, user_id, created_at) VALUES ($1, $2, $3, $4, $5, CAST($6 AS TIMESTAMP))', [
          crypto.randomUUID(), e.kind, e.name, JSON.stringify(e.properties), c.var.user?.id ?? null, now(),
        ]);
      }
    });
    return c.json({ accepted: events.length }, 202);
  })
  .get('/', requireAuth, requireRoles('GlobalAdmin', 'System'), async (c) => {
    const limit = Math.min(500, Math.max(1, Number(c.req.query('limit') ?? 100) || 100));
    const rows = await c.var.deps.db.query<{ kind: string; name: string; properties: string; user_id: string | null; created_at: Date }>(
      `SELECT kind, name, properties, user_id, created_at FROM telemetry_events ORDER BY created_at DESC, id LIMIT ${limit}`,
    );
    return c.json({ results: rows.map((r) => ({ kind: r.kind, name: r.name, properties: JSON.parse(r.properties), userId: r.user_id, createdAt: r.created_at.toISOString() })) });
  });
