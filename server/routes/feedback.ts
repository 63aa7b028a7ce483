import { Hono } from 'hono';
import type { Env } from '../context';
import { requireRoles } from '../auth/middleware';
import { ADMIN_ROLES } from '../identity/rules';
import { readBody } from '../http/validate';
import { requestLang } from '../i18n';
import { feedbackConfig, feedbackConfigSchema, localiseConfig, SETTING_NAME } from '../feedback/config';
import { optOut, saveBody, saveFeedback, suppressionStatus } from '../feedback/sessions';
import { submissionLimits } from '../http/rate-counts';

/**
 * The feedback widget's calls (spec part 2 section 7), for every signed-in user: its config, a
 * post per answer, the opt-out and whether the widget is suppressed. Administrators change the
 * config with PUT; its checks keep every config one the widget can ask.
 */
export const feedbackRoutes = new Hono<Env>()
  .get('/config', async (c) => c.json(localiseConfig(await feedbackConfig(c.var.deps.db), requestLang(c))))
  .put('/config', requireRoles(...ADMIN_ROLES), async (c) => {
    const config = await readBody(c, feedbackConfigSchema);
    await c.var.deps.db.query('INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = excluded.value', [SETTING_NAME, JSON.stringify(config)]);
    return c.json(config);
  })
  .post('/save', async (c) => {
    const body = await readBody(c, saveBody);
    const { db, now, submissionLimits: limits } = c.var.deps;
    return c.json(await saveFeedback(db, c.var.user, body, await feedbackConfig(db), now(), submissionLimits(limits).feedbackPerUser));
  })
  .post('/optOut', async (c) => {
    const { db, now } = c.var.deps;
    await optOut(db, c.var.user.id, (await feedbackConfig(db)).noDaysSuppressed, now());
    return c.json(1);
  })
  .post('/supressionStatus', async (c) => c.json(await suppressionStatus(c.var.deps.db, c.var.user.id, c.var.deps.now())));
