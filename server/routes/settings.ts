import { Hono } from 'hono';
import type { Env } from '../context';
import { requireAuth, requireRoles } from '../auth/middleware';
import { notFound } from '../http/errors';
import type { Queryable } from '../db';
import { logOperation } from '../operations/log';
import { clearPositionIndexes } from '../smartdata/position-index';
import { portalTimeZone } from '../portal-time';
import { providers } from '../sso/store';

/** Named configurations readable by anyone; everything else in the table stays private. */
const PUBLIC_NAMES = new Set(['feedback', 'support']);

export async function readSetting<T = Record<string, unknown>>(q: Queryable, name: string): Promise<T | undefined> {
  const [row] = await q.query<{ value: string }>('SELECT value FROM settings WHERE name = $1', [name]);
  return row ? (JSON.parse(row.value) as T) : undefined;
}

/** The portal's feature switches (alerting, workflow, reporting): what is off is absent or false. */
export async function portalFeatures(q: Queryable): Promise<Record<string, boolean>> {
  return (await readSetting<{ features?: Record<string, boolean> }>(q, 'portal'))?.features ?? {};
}

export const settingsRoutes = new Hono<Env>()
  .get('/', async (c) => {
    const { db } = c.var.deps;
    const portal = (await readSetting(db, 'portal')) ?? {};
    const roles = (await db.query<{ name: string }>('SELECT name FROM roles ORDER BY rank, name')).map((r) => r.name);
    // The sign-in page's buttons: each enabled identity provider by id and name (nothing of its configuration).
    const sso = { ...(portal.sso as Record<string, unknown> | undefined), providers: (await providers.enabled(db)).map(({ id, name }) => ({ id, name })) };
    // The zone the server counts days in: the filter bars' Last 7 Days are the same days as the tiles'.
    return c.json({ ...portal, sso, roles, timeZone: portalTimeZone() });
  })
  .get('/roles', async (c) => {
    const roles = (await c.var.deps.db.query<{ name: string }>('SELECT name FROM roles ORDER BY rank, name')).map((r) => r.name);
    return c.json({ roles });
  })
  .get('/version', async (c) => {
    const portal = (await readSetting<Record<string, string>>(c.var.deps.db, 'portal')) ?? {};
    return c.json({ portalCoreVersion: portal.portalCoreVersion, cacheBusterHash: portal.cacheBusterHash, cacheBusterContentHash: portal.cacheBusterContentHash });
  })
  .get('/refresh', requireAuth, requireRoles('GlobalAdmin', 'System'), async (c) => {
    // Reloads local files: the settings are read from the database on every call, so only the content hash moves.
    const { db } = c.var.deps;
    const portal = (await readSetting(db, 'portal')) ?? {};
    const next = { ...portal, cacheBusterContentHash: `c${Date.now().toString(36)}` };
    await db.query("UPDATE settings SET value = $1 WHERE name = 'portal'", [JSON.stringify(next)]);
    await logOperation(db, c.var.user, 'Refresh local files', next.cacheBusterContentHash, c.var.deps.now());
    return c.json({ isSuccess: true, message: 'Local files were refreshed.', cacheBusterContentHash: next.cacheBusterContentHash });
  })
  .get('/clearcache', requireAuth, requireRoles('GlobalAdmin', 'System'), async (c) => {
    // The only server-side cache is the queues' and grids' position samples; they rebuild on demand.
    const cleared = clearPositionIndexes();
    await logOperation(c.var.deps.db, c.var.user, 'Clear cache', `${cleared} position indexes`, c.var.deps.now());
    return c.json({ isSuccess: true, message: 'The cache was cleared.' });
  })
  .get('/:name', async (c) => {
    const name = c.req.param('name');
    const value = PUBLIC_NAMES.has(name) ? await readSetting(c.var.deps.db, name) : undefined;
    if (!value) throw notFound(`No setting named "${name}".`);
    return c.json(value);
  });
