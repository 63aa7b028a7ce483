import type { Db } from '../db';
import type { Principal } from '../auth/tokens';
import { badRequest, forbidden, notFound } from '../http/errors';
import { hasAnyRole } from '../identity/users';
import { mayRead, sourcesOf } from '../datasources/registry';
import type { SmartModule } from '../smartdata/schema';
import { DASHBOARD_EDITOR_ROLES } from '../../src/lib/roles';
import { DASHBOARD_ROLES } from './roles';

/** Who may share dashboards and see or edit every one: the authors of edit mode (docs/decisions.md). */
export const DASHBOARD_ADMIN_ROLES: readonly string[] = DASHBOARD_EDITOR_ROLES;

/** Who asks: a signed-in user, or the principal an embed token will act as. */
type Caller = Pick<Principal, 'id' | 'roles'>;

/** A dashboard's row as access reads it, with the best share the user holds (0 none, 1 view, 2 edit). */
export type AccessRow = {
  dashboard_id: string;
  module_id: string;
  owner_id: string | null;
  everyone: boolean;
  published_version: number | null;
  shared: number;
};

export const isDashboardAdmin = (user: Caller) => hasAnyRole(user.roles, DASHBOARD_ADMIN_ROLES);

/** Sharing is the administrators'. */
export const mayShare = (user: Caller) => isDashboardAdmin(user);

/** Administrators, the owner, and those it is shared with to edit. */
export const mayEdit = (user: Caller, row: AccessRow) => isDashboardAdmin(user) || row.owner_id === user.id || Number(row.shared) >= 2;

/**
 * A dashboard role, a source the user may read (a deleted one is the drawing's 410 to tell), and:
 * an editor, or a published dashboard for everyone or shared with one of the user's roles or groups.
 */
export function mayView(db: Db, user: Caller, row: AccessRow): boolean {
  if (!hasAnyRole(user.roles, DASHBOARD_ROLES)) return false;
  const module = sourcesOf(db).get(row.module_id);
  if (module && !mayRead(module, user.roles)) return false;
  if (mayEdit(user, row)) return true;
  return row.published_version !== null && (row.everyone !== false || Number(row.shared) >= 1);
}

/**
 * Every dashboard (or the one named, in any case) with what the user's roles and groups are shared:
 * one query, the user's groups read inside it.
 */
export async function accessRows(db: Db, user: Caller, id?: string): Promise<AccessRow[]> {
  const roles = user.roles.length ? user.roles : [''];
  const rolePlaceholders = roles.map((_, i) => `lower($${i + 2})`).join(', ');
  const only = id === undefined ? '' : `WHERE lower(d.dashboard_id) = lower($${roles.length + 2})`;
  return db.query<AccessRow>(
    `SELECT d.dashboard_id, d.module_id, d.owner_id, d.everyone, d.published_version,
       COALESCE(max(CASE WHEN s.access = 'edit' THEN 2 WHEN s.access = 'view' THEN 1 END), 0) AS shared
     FROM dashboards d LEFT JOIN dashboard_shares s ON s.dashboard_id = d.dashboard_id AND (
       (s.kind = 'group' AND s.principal IN (SELECT group_id FROM group_members WHERE user_id = $1))
       OR (s.kind = 'role' AND lower(s.principal) IN (${rolePlaceholders})))
     ${only}
     GROUP BY d.dashboard_id, d.module_id, d.owner_id, d.everyone, d.published_version`,
    [user.id, ...roles, ...(id === undefined ? [] : [id])],
  );
}

/**
 * The ids of the dashboards the user may view: the menu and the catalogue show these only (an
 * allow-list, so a menu item whose dashboard is gone never shows).
 */
export async function viewableDashboards(db: Db, user: Caller): Promise<Set<string>> {
  return new Set((await accessRows(db, user)).filter((r) => mayView(db, user, r)).map((r) => r.dashboard_id));
}

/**
 * The dashboard's row when the user may view it; a 404 in the caller's words otherwise, checked
 * before anything else reads the dashboard (one they may not see is not revealed, not even by a
 * stored definition that no longer passes).
 */
export async function viewable(db: Db, user: Caller, id: string): Promise<AccessRow> {
  const [row] = await accessRows(db, user, id);
  if (!row || !mayView(db, user, row)) throw notFound(`No dashboard "${id}".`);
  return row;
}

/** The dashboard's row when the user may edit it: a 404 when they may not view it, a 403 when only view. */
export async function editable(db: Db, user: Caller, id: string): Promise<AccessRow> {
  const access = await viewable(db, user, id);
  if (!mayEdit(user, access)) throw forbidden('You may not edit this dashboard.');
  return access;
}

/** A source the user may read, for a dashboard's body: a 400 (`message`, else naming it) for one unknown or closed to them alike. */
export function sourceFor(db: Db, user: Caller, id: string, message = `No data source "${id}".`): SmartModule {
  const module = sourcesOf(db).get(id);
  if (!module || !mayRead(module, user.roles)) throw badRequest(message);
  return module;
}
