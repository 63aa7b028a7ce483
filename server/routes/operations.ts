import { Hono } from 'hono';
import type { Env } from '../context';
import { requireRoles } from '../auth/middleware';
import { requestLang } from '../i18n';
import { catalogueFor } from '../dashboards/catalogue';
import { logOperation, operationsLog, outbox, trialRequests } from '../operations/log';
import { runDueAlerts } from '../alerts/scheduler';

/** Operations home's roles (spec part 1 section 6). */
export const OPERATIONS_ROLES = ['GlobalAdmin', 'System'];

/**
 * The operations page's calls beyond refresh and clear cache (which stay under /api/settings):
 * the log of what operators did, the e-mail outbox, the free-trial requests and the menu of
 * data viewer and dashboard paths (the panel's part, for any signed-in user), and running the
 * alert scheduler now.
 */
export const operationsRoutes = new Hono<Env>()
  .get('/paths', async (c) => c.json(await catalogueFor(c.var.deps.db, c.var.user, requestLang(c))))
  .get('/log', requireRoles(...OPERATIONS_ROLES), async (c) => c.json(await operationsLog(c.var.deps.db)))
  .get('/outbox', requireRoles(...OPERATIONS_ROLES), async (c) => c.json(await outbox(c.var.deps.db)))
  .get('/trials', requireRoles(...OPERATIONS_ROLES), async (c) => c.json(await trialRequests(c.var.deps.db)))
  .post('/runalerts', requireRoles(...OPERATIONS_ROLES), async (c) => {
    const { db, now, publicOrigin } = c.var.deps;
    const result = await runDueAlerts(db, now(), publicOrigin);
    await logOperation(db, c.var.user, 'Run alerts', `${result.checked} checked, ${result.fired} fired`, now());
    return c.json(result);
  });
