import { z } from 'zod';
import type { Db, Queryable } from '../db';
import type { Principal } from '../auth/tokens';
import { badRequest, conflict, forbidden } from '../http/errors';
import { inTurn, retryWhenTaken } from '../db/turns';
import type { SmartModule } from '../smartdata/schema';
import type { DashboardBody, DashboardShare } from '../../src/api/dashboard-builder';
import { editable, isDashboardAdmin, mayShare, sourceFor, viewable } from './access';
import { checkBodyColumns } from './columns';
import { dashboardBody, definitionOf, EMPTY_BODY, lockRow, nextStamp, storedDefinition, type DashboardRow } from './store';

export const MAX_PER_OWNER = 200;
export const CONFLICT = 'This dashboard was changed elsewhere; reload it.';

export const dashboardName = z.string({ message: 'Enter a name.' }).trim().min(1, 'Enter a name.').max(80, 'A name is at most 80 characters.');
const description = z.string().trim().max(500, 'A description is at most 500 characters.');
const share = z.object({ kind: z.enum(['role', 'group']), id: z.string().min(1).max(100), name: z.string().max(200).optional(), access: z.enum(['view', 'edit']) });
/** The draft's updatedAt as the client last read it (PUT, publish): a newer draft stored is a 409. */
export const draftStamp = z.string().max(40).refine((s) => !Number.isNaN(Date.parse(s)), 'draftOf is the draft’s updatedAt.').nullable().optional();
const sourceId = z.string({ message: 'Choose a data source.' }).min(1, 'Choose a data source.').max(100);

/** POST /api/dashboards. */
export const createBody = z.object({ name: dashboardName, description: description.default(''), moduleId: sourceId, dashboard: dashboardBody.optional() });
/** PUT /api/dashboards/{id}: only the fields given change. */
export const updateBody = z.object({
  name: dashboardName.optional(),
  description: description.optional(),
  draft: dashboardBody.optional(),
  everyone: z.boolean().optional(),
  shares: z.array(share).max(100, 'A dashboard is shared with at most 100 roles and groups.').optional(),
  draftOf: draftStamp,
});

/** The words of /api/dashboards' own routes (GET /fields/{id}, POST /import ...): never a dashboard's id. */
const ROUTE_WORDS = ['fields', 'import', 'preview', 'schema'];

/** An id from the name (lower-case words joined by -), not taken by a dashboard, a menu item or a route. */
async function freeId(q: Queryable, name: string): Promise<string> {
  const base = name.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+/, '').slice(0, 40).replace(/-+$/, '') || 'dashboard';
  const rows = await q.query<{ id: string }>('SELECT dashboard_id AS id FROM dashboards UNION SELECT module_id AS id FROM nav_items');
  const taken = new Set([...ROUTE_WORDS, ...rows.map((r) => r.id.toLowerCase())]);
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

/** A new dashboard of the user's (a draft only they and the administrators see); its id. */
export async function createDashboard(db: Db, user: Principal, input: { name: string; description: string; module: SmartModule; body?: DashboardBody }, now: Date): Promise<string> {
  if (input.body) checkBodyColumns(input.module, input.body);
  // Two dashboards of one name made at once: the second takes the next free id.
  return retryWhenTaken(() =>
    db.tx(async (q) => {
      // Parallel creates of one owner take turns, so the count below cannot be passed.
      await inTurn(db, q, `dashboards-of:${user.id}`);
      const [{ n }] = await q.query<{ n: number }>('SELECT count(*) AS n FROM dashboards WHERE owner_id = $1', [user.id]);
      if (Number(n) >= MAX_PER_OWNER) throw badRequest(`You have ${MAX_PER_OWNER} dashboards, the most one person may have. Delete one to make another.`);
      const id = await freeId(q, input.name);
      await q.query(
        `INSERT INTO dashboards (dashboard_id, name, module_id, definition, description, updated_at, owner_id, everyone, draft, draft_updated_at, published_version)
         VALUES ($1, $2, $3, $4, $5, CAST($6 AS TIMESTAMP), $7, FALSE, $8, CAST($6 AS TIMESTAMP), NULL)`,
        [id, input.name, input.module.moduleId, storedDefinition(input.name, EMPTY_BODY), input.description, now, user.id, input.body ? JSON.stringify(input.body) : null],
      );
      return id;
    }),
  );
}

/** A draft stored after the one the client read (`draftOf`; null: it read none). */
export const stale = (row: DashboardRow, draftOf: string | null) =>
  row.draft_updated_at !== null && (draftOf === null || new Date(row.draft_updated_at).getTime() > Date.parse(draftOf));

async function checkShares(q: Queryable, shares: DashboardShare[]) {
  const [roles, groups] = await Promise.all([q.query<{ name: string }>('SELECT name FROM roles'), q.query<{ id: string }>('SELECT id FROM groups')]);
  for (const s of shares) {
    const known = s.kind === 'role' ? roles.some((r) => r.name.toLowerCase() === s.id.toLowerCase()) : groups.some((g) => g.id === s.id);
    if (!known) throw badRequest(`No ${s.kind} "${s.id}" to share with.`);
  }
}

/** The stored definition under a new name: its breadcrumb follows the name. */
function renamed(row: DashboardRow, name: string): string {
  const def = definitionOf(row);
  const path = def.breadcrumb.templateBindings.path.map((p, i, all) => (i === all.length - 1 ? { ...p, name } : p));
  return JSON.stringify({ ...def, breadcrumb: { ...def.breadcrumb, name, templateBindings: { ...def.breadcrumb.templateBindings, path } } });
}

/** Autosave, rename and sharing (PUT /api/dashboards/{id}). */
export async function updateDashboard(db: Db, user: Principal, id: string, input: z.infer<typeof updateBody>, now: Date): Promise<string> {
  const access = await editable(db, user, id);
  if ((input.everyone !== undefined || input.shares) && !mayShare(user)) throw forbidden('Only administrators may share a dashboard.');
  if (input.draft) checkBodyColumns(sourceFor(db, user, access.module_id), input.draft as DashboardBody);
  if (input.shares) await checkShares(db, input.shares);
  const dashboardId = access.dashboard_id;
  await db.tx(async (q) => {
    const row = await lockRow(q, dashboardId);
    if (input.draft && input.draftOf !== undefined && stale(row, input.draftOf)) throw conflict(CONFLICT);
    if (input.name !== undefined && input.name !== row.name) {
      await q.query('UPDATE dashboards SET name = $2, definition = $3 WHERE dashboard_id = $1', [dashboardId, input.name, renamed(row, input.name)]);
      await q.query("UPDATE nav_items SET nav_name = $2 WHERE module_id = $1 AND module_template = 'Dashboard'", [dashboardId, input.name]);
    }
    if (input.description !== undefined) await q.query('UPDATE dashboards SET description = $2 WHERE dashboard_id = $1', [dashboardId, input.description]);
    if (input.everyone !== undefined) await q.query('UPDATE dashboards SET everyone = $2 WHERE dashboard_id = $1', [dashboardId, input.everyone]);
    if (input.draft) {
      await q.query('UPDATE dashboards SET draft = $2, draft_updated_at = CAST($3 AS TIMESTAMP) WHERE dashboard_id = $1', [dashboardId, JSON.stringify(input.draft), nextStamp(row.draft_updated_at, now)]);
    }
    if (input.shares) {
      await q.query('DELETE FROM dashboard_shares WHERE dashboard_id = $1', [dashboardId]);
      const unique = new Map(input.shares.map((s) => [`${s.kind}:${s.kind === 'role' ? s.id.toLowerCase() : s.id}`, s]));
      for (const s of unique.values()) await q.query('INSERT INTO dashboard_shares (dashboard_id, kind, principal, access) VALUES ($1, $2, $3, $4)', [dashboardId, s.kind, s.id, s.access]);
    }
    // A draft's save is the draft's time only: viewers see when what they see changed.
    if (input.name !== undefined || input.description !== undefined || input.everyone !== undefined || input.shares) {
      await q.query('UPDATE dashboards SET updated_at = CAST($2 AS TIMESTAMP) WHERE dashboard_id = $1', [dashboardId, now]);
    }
  });
  return dashboardId;
}

/** Deletes a dashboard with its menu item, versions and shares: its owner's or an administrator's. */
export async function deleteDashboard(db: Db, user: Principal, id: string): Promise<void> {
  const access = await viewable(db, user, id);
  if (!isDashboardAdmin(user) && access.owner_id !== user.id) throw forbidden('Only its owner or an administrator may delete a dashboard.');
  await db.tx(async (q) => {
    // The row first: a publish that holds it ends (with its menu item and version) before the deletes see what is there.
    await lockRow(q, access.dashboard_id);
    for (const sql of [
      "DELETE FROM nav_items WHERE module_id = $1 AND module_template = 'Dashboard'",
      'DELETE FROM dashboard_versions WHERE dashboard_id = $1',
      'DELETE FROM dashboard_shares WHERE dashboard_id = $1',
      'DELETE FROM dashboards WHERE dashboard_id = $1',
    ])
      await q.query(sql, [access.dashboard_id]);
  });
}
