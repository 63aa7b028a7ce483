import type { Db } from '../db';
import type { Principal } from '../auth/tokens';
import { notFound } from '../http/errors';
import { hasAnyRole } from '../identity/users';
import { mayRead, sourcesOf } from '../datasources/registry';
import { DASHBOARD_ROLES } from './roles';

/** Who may share dashboards and see or edit every one (docs/decisions.md). */
export const DASHBOARD_ADMIN_ROLES = ['GlobalAdmin', 'PortalAdmin'];

/** A dashboard's row as access reads it, with the best share the user holds (0 none, 1 view, 2 edit). */
export type AccessRow = {
  dashboard_id: string;
  module_id: string;
  owner_id: string | null;
  everyone: boolean;
  published_version: number | null;
  shared: number;
};

export const isDashboardAdmin = (user: Principal) => hasAnyRole(user.roles, DASHBOARD_ADMIN_ROLES);

/** Sharing is the administrators'. */
export const mayShare = (user: Principal) => isDashboardAdmin(user);

/** Administrators, the owner, and those it is shared with to edit. */
export const mayEdit = (user: Principal, row: AccessRow) => isDashboardAdmin(user) || row.owner_id === user.id || Number(row.shared) >= 2;

/**
 * A dashboard role, a source the user may read (a deleted one is the drawing's 410 to tell), and:
 * an editor, or a published dashboard for everyone or shared with one of the user's roles or groups.
 */
export function mayView(db: Db, user: Principal, row: AccessRow): boolean {
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
export async function accessRows(db: Db, user: Principal, id?: string): Promise<AccessRow[]> {
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

/** The ids of the dashboards the user may not view (left out of the menu and the catalogue). */
export async function hiddenDashboards(db: Db, user: Principal): Promise<Set<string>> {
  return new Set((await accessRows(db, user)).filter((r) => !mayView(db, user, r)).map((r) => r.dashboard_id));
}

/** The dashboard's row when the user may view it; a 404 otherwise (a dashboard they may not see is not revealed). */
export async function viewable(db: Db, user: Principal, id: string): Promise<AccessRow> {
  const [row] = await accessRows(db, user, id);
  if (!row || !mayView(db, user, row)) throw notFound(`No dashboard "${id}".`);
  return row;
}
