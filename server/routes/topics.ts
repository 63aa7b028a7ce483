import { Hono, type Context } from 'hono';
import type { Env } from '../context';
import { badRequest, forbidden } from '../http/errors';
import { check, readBody, z } from '../http/validate';
import { readOnly } from '../auth/reads';
import { moduleById, type SmartModule } from '../smartdata/schema';
import { verbatimOf } from '../text/dimensions';
import { highlightsOf, MAX_HIGHLIGHT_ROWS } from '../text/highlights';
import { impactOf } from '../text/impact-query';
import { proposalsOf } from '../text/proposals';
import { saveTopics, taxonomyInput, taxonomyWithCounts } from '../text/taxonomy';
import { wakeTextWorker } from '../text/worker';
import { smartFilters } from './dataviewer';
import { SCOPE_REFUSED, scopedSource } from '../embed/scope';

/**
 * Topics of a source's comments (issue 49): the taxonomy administrators edit and the proposals to
 * edit it by (mounted with the data-source routes, their roles), and what analysts read of them:
 * topic impact and the highlights of displayed rows (the records' roles and row access).
 */

const sourceId = z.string().regex(/^[a-z][a-z0-9-]{0,60}$/, 'Not a data source id.');

/** The source of the path, as the caller's roles may read it (404 otherwise); 400 for a source without comments. */
function commentedSource(c: Context<Env>, id: string | undefined): SmartModule {
  const module = moduleById(c.var.deps.db, check(sourceId, id), c.var.user.roles);
  if (!verbatimOf(module)) throw badRequest(`The data source "${module.moduleId}" has no comments, so it has no topics.`);
  return module;
}

/** Under /api/datasources, for the data-source roles. */
export const topicRoutes = new Hono<Env>()
  .get('/:id/topics', async (c) => {
    const module = commentedSource(c, c.req.param('id'));
    return c.json({ topics: await taxonomyWithCounts(c.var.deps.db, module.moduleId) });
  })
  .put('/:id/topics', async (c) => {
    const module = commentedSource(c, c.req.param('id'));
    const topics = await readBody(c, taxonomyInput);
    // A pass reads history again only when what it matches by changed; this process's worker starts it at once.
    if (await saveTopics(c.var.deps.db, module.moduleId, topics, c.var.deps.now())) wakeTextWorker(c.var.deps.db);
    return c.json({ topics: await taxonomyWithCounts(c.var.deps.db, module.moduleId) });
  })
  .post('/:id/topics/proposals', async (c) => {
    const module = commentedSource(c, c.req.param('id'));
    return c.json({ candidates: await proposalsOf(c.var.deps.db, module, c.var.user.claims) });
  });

/** The filters of a GET: `filters` holds the smart filters as JSON, as the records' body holds them. */
function filtersOf(raw: string | undefined) {
  if (raw === undefined || raw === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest('filters must be a JSON array of smart filters.');
  }
  return check(smartFilters, parsed);
}

/** GET /api/datasources/{id}/topics/impact, for the dashboards' roles (mounted on its own path). */
export const topicImpactRoutes = new Hono<Env>().get(
  '/',
  readOnly(async (c) => {
    const module = commentedSource(c, c.req.param('id'));
    return c.json(await impactOf(c.var.deps.db, module, filtersOf(c.req.query('filters')), c.var.user.claims));
  }),
);

const highlightsBody = z.object({
  sourceId,
  rowKeys: z.array(z.string().min(1).max(100)).min(1, 'Ask for at least one row.').max(MAX_HIGHLIGHT_ROWS, `At most ${MAX_HIGHLIGHT_ROWS} rows at a time.`),
});

/** Under /api/text, for the records' roles. */
export const textRoutes = new Hono<Env>().post(
  '/highlights',
  readOnly(async (c) => {
    const body = await readBody(c, highlightsBody);
    // An embed token's path check let this through for its elements; the source is the body's.
    const module = scopedSource(c.var.user.scope, commentedSource(c, body.sourceId));
    if (!module) throw forbidden(SCOPE_REFUSED);
    return c.json({ rows: await highlightsOf(c.var.deps.db, module, body.rowKeys, c.var.user.claims) });
  }),
);
