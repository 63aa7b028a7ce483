import { Hono } from 'hono';
import type { Env } from '../context';
import { requireRoles } from '../auth/middleware';
import { requestLang } from '../i18n';
import { catalogueFor } from '../dashboards/catalogue';
import { logOperation, operationsLog, outbox, trialRequests } from '../operations/log';
import { runDueAlerts } from '../alerts/scheduler';
import { runCaseClocks } from '../caserules/escalation';
import { badRequest } from '../http/errors';
import { readBody, z } from '../http/validate';

/** Operations home's roles (spec part 1 section 6). */
export const OPERATIONS_ROLES = ['GlobalAdmin', 'System'];

/**
 * The operations page's calls beyond refresh and clear cache (which stay under /api/settings):
 * the log of what operators did, the e-mail outbox, the free-trial requests and the menu of
 * data viewer and dashboard paths (the panel's part, for any signed-in user), and running the
 * alert scheduler and the case clocks now.
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
  })
  .post('/runcaseclocks', requireRoles(...OPERATIONS_ROLES), async (c) => {
    const { db, now, publicOrigin, caseClockAt } = c.var.deps;
    const { at } = await readBody(c, z.object({ at: z.string().datetime().optional() }));
    // A later time only on a test server: elsewhere every deadline is read as of now.
    if (at && !caseClockAt) throw badRequest('The case clocks are read as of now: "at" is taken only by a test server (CASE_CLOCK_AT=1).');
    const result = await runCaseClocks(db, at ? new Date(at) : now(), publicOrigin, now());
    await logOperation(db, c.var.user, 'Run case clocks', `${result.escalated} escalated`, now());
    return c.json(result);
  });
