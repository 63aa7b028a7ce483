import { Hono, type MiddlewareHandler } from 'hono';
import type { Env } from '../context';
import { requireAuth, requireRoles } from '../auth/middleware';
import { refusedCsv } from '../datasources/imports/refused-csv';
import { startImport } from '../datasources/imports/run';
import { cancelImport, describeImport, listImports, refusalsOf, type ImportMode } from '../datasources/imports/store';
import { previewLimits } from '../datasources/limits';
import { TOKEN_PREFIX, tokenOf } from '../datasources/tokens';
import { receiveFile } from '../datasources/upload';
import { badRequest, forbidden, unauthorized } from '../http/errors';
import { sourceRow } from '../datasources/sources';
import { DATASOURCE_ROLES } from './datasources';

/** The path whose body is an import's file: its own size limit (DATASOURCE_MAX_BYTES), not the API's. */
export const IMPORT_PATH = /^\/api\/datasources\/[^/]+\/imports$/;

const apiToken = (header: string | undefined) => new RegExp(`^Bearer (${TOKEN_PREFIX}\\S+)$`, 'i').exec(header ?? '')?.[1];

/**
 * Who may call the import routes: an administrator, or an API token issued for this source. A
 * token is good for these routes only: anywhere else it is no session, so a 401.
 */
const importers: MiddlewareHandler<Env> = async (c, next) => {
  const text = apiToken(c.req.header('authorization'));
  if (!text) {
    await requireAuth(c, async () => {
      await requireRoles(...DATASOURCE_ROLES)(c, next);
    });
    return;
  }
  const { db, now } = c.var.deps;
  const token = await tokenOf(db, text, now());
  if (!token) throw unauthorized('This API token is not valid, or it was revoked.');
  if (!token.sourceIds.includes(c.req.param('id') ?? '')) throw forbidden('This API token may not import into this data source.');
  c.set('user', { id: `token:${token.tokenId}`, userName: token.name, roles: [], claims: [], sessionId: '' });
  await next();
};

const modeOf = (mode: string | undefined): ImportMode => {
  if (mode === undefined || mode === 'append' || mode === 'replace') return mode ?? 'append';
  throw badRequest('mode is append (add the rows not there yet) or replace (the file becomes the data).');
};

/** Imports of files into a data source (issue 44), under /api/datasources/{id}/imports. */
export const datasourceImportRoutes = new Hono<Env>()
  .use('/:id/imports/*', importers)
  .post('/:id/imports', async (c) => {
    const { db, now } = c.var.deps;
    const limits = previewLimits(c.var.deps.datasourceLimits);
    const { importId, finished } = await startImport({
      db,
      sourceId: c.req.param('id'),
      mode: modeOf(c.req.query('mode')),
      receive: () => receiveFile(c, limits.maxBytes),
      startedBy: c.var.user.id,
      now,
      limits,
    });
    void finished;
    return c.json({ importId }, 202);
  })
  .get('/:id/imports', async (c) => {
    const { db } = c.var.deps;
    await sourceRow(db, c.req.param('id'));
    return c.json(await listImports(db, c.req.param('id')));
  })
  .get('/:id/imports/:importId', async (c) => c.json(await describeImport(c.var.deps.db, c.req.param('id'), c.req.param('importId'))))
  .delete('/:id/imports/:importId', async (c) => {
    await cancelImport(c.var.deps.db, c.req.param('id'), c.req.param('importId'), c.var.deps.now());
    return c.json({ state: 'cancelled' });
  })
  .get('/:id/imports/:importId/refused.csv', async (c) => {
    const refused = await refusalsOf(c.var.deps.db, c.req.param('id'), c.req.param('importId'));
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="refused-${c.req.param('importId')}.csv"`);
    return c.body(refusedCsv(refused));
  });
