import { Hono } from 'hono';
import type { Env } from '../context';
import { DASHBOARD_ROLES } from '../dashboards/roles';
import { readBody, z } from '../http/validate';
import { ALERT_CONDITIONS, ALERT_DRIVERS, ALERT_MEASURES, ALERT_SCHEDULES, type AlertDefinition } from '../../src/lib/alerts';
import { createAlert, deleteAlert, listAlerts, requireAlerting, updateAlert } from '../alerts/store';

/** The alerts page's roles (spec part 1 section 6: those of the home, with the alerting feature). */
export const ALERT_ROLES = DASHBOARD_ROLES;

const definition = z
  .object({
    name: z.string().max(120),
    moduleId: z.string().max(60),
    measure: z.enum(ALERT_MEASURES),
    driver: z.enum(ALERT_DRIVERS).optional(),
    condition: z.enum(ALERT_CONDITIONS),
    threshold: z.number().optional(),
    schedule: z.enum(ALERT_SCHEDULES),
    filters: z.array(z.object({ key: z.string().max(60), value: z.string().max(200) }).strict()).max(10, 'An alert has at most 10 filters.'),
  })
  .strict();
const withActive = definition.extend({ active: z.boolean() });

/** /api/alerts: a user's own alert subscriptions (another user's alert is not found). */
export const alertRoutes = new Hono<Env>()
  .use(async (c, next) => {
    await requireAlerting(c.var.deps.db);
    await next();
  })
  .get('/', async (c) => c.json(await listAlerts(c.var.deps.db, c.var.user.id)))
  .post('/', async (c) => c.json(await createAlert(c.var.deps.db, c.var.user, (await readBody(c, definition)) as AlertDefinition, c.var.deps.now()), 201))
  .put('/:id', async (c) => c.json(await updateAlert(c.var.deps.db, c.var.user, c.req.param('id'), (await readBody(c, withActive)) as AlertDefinition & { active: boolean }, c.var.deps.now())))
  .delete('/:id', async (c) => c.json(await deleteAlert(c.var.deps.db, c.var.user, c.req.param('id'))));
