import { Hono, type Context } from 'hono';
import type { Env } from '../context';
import { forbidden } from '../http/errors';
import { check, readBody, z } from '../http/validate';
import { localiseName, requestLang } from '../i18n';
import { selection } from './smartdata';
import { inputFor } from './dashboard';
import { visualDefinition } from '../dashboards/definition';
import { visualItem } from '../dashboards/visual-item';
import { checkBodyColumns } from '../dashboards/columns';
import { listDashboards, readDocument } from '../dashboards/store';
import { createBody, createDashboard, deleteDashboard, dashboardName, updateBody, updateDashboard } from '../dashboards/write';
import { sourceFor } from '../dashboards/access';
import { publishDashboard, publishRequest, restoreVersion } from '../dashboards/publish';
import { duplicateDashboard } from '../dashboards/copy';
import { exportDashboard, fileJsonSchema, importBody, importDashboard } from '../dashboards/portable';
import { builderFields } from '../dashboards/fields';
import type { DashboardBody } from '../../src/api/dashboard-builder';
import type { VisualDefinition } from '../../src/api/visual-types';

const duplicateBody = z.object({ name: dashboardName, moduleId: z.string().min(1).max(100).optional() });
const previewBody = selection.extend({ moduleId: z.string({ message: 'Choose a data source.' }).min(1).max(100), visual: visualDefinition });
const version = z.coerce.number({ message: 'A version is a whole number.' }).int('A version is a whole number.').min(1).max(1_000_000);

const id = (c: Context<Env>) => c.req.param('id') ?? '';
/** A dashboard's name and description as the caller reads them: the portal's own (seeded) ones in the request's language. */
const inLanguage = <T extends { name: string; description: string }>(c: Context<Env>, d: T): T => ({ ...d, name: localiseName(requestLang(c), d.name), description: localiseName(requestLang(c), d.description) });
const documentOf = async (c: Context<Env>, dashboardId: string, status: 200 | 201 = 200) => c.json(inLanguage(c, await readDocument(c.var.deps.db, c.var.user, dashboardId)), status);

/**
 * /api/dashboards: the dashboard builder (issue 46; types in src/api/dashboard-builder.ts). Who may
 * view, edit and share is server/dashboards/access.ts; an embed token reads dashboards only by
 * drawing them (/api/dataviz), never here.
 */
export const dashboardsRoutes = new Hono<Env>()
  .use(async (c, next) => {
    if (c.var.user.scope) throw forbidden('An embed token may not use the dashboard builder.');
    await next();
  })
  .get('/', async (c) => c.json({ items: (await listDashboards(c.var.deps.db, c.var.user)).map((d) => inLanguage(c, d)) }))
  .post('/', async (c) => {
    const { db, now } = c.var.deps;
    const body = await readBody(c, createBody);
    const module = sourceFor(db, c.var.user, body.moduleId);
    const made = await createDashboard(db, c.var.user, { name: body.name, description: body.description, module, body: body.dashboard as DashboardBody | undefined }, now());
    return documentOf(c, made, 201);
  })
  .get('/schema.json', (c) => c.json(fileJsonSchema()))
  .get('/fields/:moduleId', async (c) => {
    const { db } = c.var.deps;
    return c.json(await builderFields(db, sourceFor(db, c.var.user, c.req.param('moduleId')), c.var.user.claims));
  })
  // One tile drawn from an unsaved definition, as its dashboard would draw it (claims, roles).
  .post('/preview', async (c) => {
    const body = await readBody(c, previewBody);
    const module = sourceFor(c.var.deps.db, c.var.user, body.moduleId);
    const visual = body.visual as VisualDefinition;
    checkBodyColumns(module, { definitions: [visual], layouts: {} });
    return c.json(await visualItem(inputFor(c, module, body), visual));
  })
  .post('/import', async (c) => {
    const made = await importDashboard(c.var.deps.db, c.var.user, await readBody(c, importBody), c.var.deps.now());
    return documentOf(c, made, 201);
  })
  .get('/:id', (c) => documentOf(c, id(c)))
  .put('/:id', async (c) => {
    const saved = await updateDashboard(c.var.deps.db, c.var.user, id(c), await readBody(c, updateBody), c.var.deps.now());
    return documentOf(c, saved);
  })
  .delete('/:id', async (c) => {
    await deleteDashboard(c.var.deps.db, c.var.user, id(c));
    return c.json({ deleted: true as const });
  })
  .post('/:id/publish', async (c) => {
    await publishDashboard(c.var.deps.db, c.var.user, id(c), await readBody(c, publishRequest), c.var.deps.now());
    return documentOf(c, id(c));
  })
  .post('/:id/versions/:version/restore', async (c) => {
    const { db, now } = c.var.deps;
    await restoreVersion(db, c.var.user, id(c), check(version, c.req.param('version')), now());
    return documentOf(c, id(c));
  })
  .post('/:id/duplicate', async (c) => {
    const made = await duplicateDashboard(c.var.deps.db, c.var.user, id(c), await readBody(c, duplicateBody), c.var.deps.now());
    return documentOf(c, made, 201);
  })
  .get('/:id/export', async (c) => {
    const { dashboardId, file } = await exportDashboard(c.var.deps.db, c.var.user, id(c));
    c.header('Content-Disposition', `attachment; filename="${dashboardId.replace(/[^A-Za-z0-9_-]/g, '_')}.dashboard.json"`);
    return c.json(file);
  });
