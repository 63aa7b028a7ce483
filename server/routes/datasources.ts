import { Hono } from 'hono';
import { z } from 'zod';
import type { Env } from '../context';
import { check, readBody } from '../http/validate';
import { previewLimits } from '../datasources/limits';
import { previewFile } from '../datasources/preview';
import { takePreviewSlot } from '../datasources/slots';
import { receiveFile } from '../datasources/upload';
import { definitionInput } from '../datasources/input';
import { createSource, deleteSource, dependentsOf, describe, sourceRow } from '../datasources/sources';
import { sourceChanges, updateSource } from '../datasources/update';
import { claimTypesOf, sourcesOf } from '../datasources/registry';
import { rowsOf } from '../smartdata/rows';
import { notFound } from '../http/errors';
import { createStarterDashboard } from '../datasources/starter';
import type { Db } from '../db';
import type { SmartModule } from '../smartdata/schema';
import { verbatimOf } from '../text/dimensions';
import { progressOf } from '../text/progress';
import { sentimentReaders } from '../text/readers';

/** Who may bring data in: the portal's administrators. */
export const DATASOURCE_ROLES = ['GlobalAdmin', 'PortalAdmin'];

/** The paths whose body is a file or a large definition: they have their own size limits, not the API's. */
export const PREVIEW_PATH = '/api/datasources/preview';
export const DEFINITION_PATH = '/api/datasources';

const sourceId = z.object({ id: z.string().regex(/^[a-z][a-z0-9-]{0,60}$/, 'Not a data source id.') });

/** The rows a source holds: counted for the built-in ones (their tables grow by themselves), as imported for the others. */
async function rowsIn(db: Db, module: SmartModule, stored: number, builtin: boolean): Promise<number> {
  if (!builtin) return Number(stored);
  const [row] = await rowsOf(db, module).query<{ n: number }>(`SELECT count(*) AS n FROM ${module.table}`);
  return Number(row.n);
}

/** A source by the path's id, with its row; 404 for none. */
async function sourceOf(c: { var: Env['Variables']; req: { param: () => Record<string, string> } }) {
  const { id } = check(sourceId, c.req.param());
  const module = sourcesOf(c.var.deps.db).get(id);
  if (!module) throw notFound(`No data source "${id}".`);
  const row = await sourceRow(c.var.deps.db, id);
  return { module, row, view: describe(module, row, await rowsIn(c.var.deps.db, module, row.row_count, row.builtin)) };
}

/** Data sources (issue 44): previews of files, the sources' definitions, and their starter dashboards. */
export const datasourceRoutes = new Hono<Env>()
  .post('/preview', async (c) => {
    const limits = previewLimits(c.var.deps.datasourceLimits);
    const release = takePreviewSlot(c.var.user.id, limits.parallel);
    try {
      const upload = await receiveFile(c, limits.maxBytes);
      try {
        return c.json(await previewFile(upload, limits, claimTypesOf(c.var.deps.db)));
      } finally {
        await upload.discard();
      }
    } finally {
      release();
    }
  })
  .get('/', async (c) => {
    const db = c.var.deps.db;
    const rows = await db.query<Parameters<typeof describe>[1]>('SELECT source_id, name, builtin, state, row_count, last_import_at, reading FROM datasources ORDER BY builtin, name');
    const sources = sourcesOf(db);
    const views = [];
    for (const row of rows) {
      const module = sources.get(row.source_id);
      if (module) views.push(describe(module, row, await rowsIn(db, module, row.row_count, row.builtin)));
    }
    return c.json(views);
  })
  .post('/', async (c) => {
    const module = await createSource(c.var.deps.db, await readBody(c, definitionInput), c.var.user.id);
    return c.json(describe(module, await sourceRow(c.var.deps.db, module.moduleId), 0), 201);
  })
  .get('/:id', async (c) => {
    const { view, module } = await sourceOf(c);
    // How far the reading of its comments has come and which learned models read it (issue 49): null for a source without comments.
    const db = c.var.deps.db;
    const textAnalysis = verbatimOf(module) ? { ...(await progressOf(db, view.id)), ...(await sentimentReaders(db, module)) } : null;
    return c.json({ ...view, dependents: await dependentsOf(c.var.deps.db, view.id), textAnalysis });
  })
  .patch('/:id', async (c) => {
    const { module, row } = await sourceOf(c);
    await updateSource(c.var.deps.db, module, row, await readBody(c, sourceChanges));
    const { view } = await sourceOf(c);
    return c.json(view);
  })
  .delete('/:id', async (c) => {
    const { module } = await sourceOf(c);
    await deleteSource(c.var.deps.db, module.moduleId);
    return c.json({ deleted: module.moduleId });
  })
  .post('/:id/dashboard', async (c) => {
    const { module } = await sourceOf(c);
    const dashboardId = await createStarterDashboard(c.var.deps.db, module);
    return c.json({ dashboardId, url: `/dashboard/${encodeURIComponent(dashboardId)}/` }, 201);
  });
