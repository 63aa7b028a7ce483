import type { Db } from '../db';
import type { Principal } from '../auth/tokens';
import { dataTime } from '../db';
import { mayRead, sourcesOf } from '../datasources/registry';
import { hasAnyRole } from '../identity/users';
import { localiseName, type Lang } from '../i18n';
import { DASHBOARD_ROLES } from './roles';
import { viewableDashboards } from './access';

import type { CatalogueItem } from '../../src/api/operations';

const rolesOf = (list: string) => list.split(',').map((r) => r.trim()).filter(Boolean);

/**
 * Every dashboard and data viewer the user can open (the data visualisation home and the
 * operations menu of paths): a module they may read, and for a menu item, its roles. A dashboard
 * in the menu opens at its menu address; one outside it at /dashboard/{id}/.
 */
export async function catalogueFor(db: Db, user: Principal, lang: Lang): Promise<CatalogueItem[]> {
  const [dashboards, nav, shown] = await Promise.all([
    db.query<{ dashboard_id: string; name: string; module_id: string; description: string | null; updated_at: Date | null }>('SELECT dashboard_id, name, module_id, description, updated_at FROM dashboards ORDER BY name'),
    db.query<{ module_id: string; nav_name: string; nav_url: string; module_template: string; accessible_to_roles: string }>(
      "SELECT module_id, nav_name, nav_url, module_template, accessible_to_roles FROM nav_items WHERE module_template IN ('Dashboard', 'DataViewer')",
    ),
    viewableDashboards(db, user),
  ]);
  const readable = (moduleId: string) => {
    const m = sourcesOf(db).get(moduleId);
    return !!m && mayRead(m, user.roles);
  };
  const navAllows = (roles: string) => rolesOf(roles).length === 0 || hasAnyRole(user.roles, rolesOf(roles));
  // Dashboards and data pages open on routes of their own roles (spec part 1 section 6).
  if (!hasAnyRole(user.roles, DASHBOARD_ROLES)) return [];
  const items: CatalogueItem[] = [];
  for (const d of dashboards) {
    const menu = nav.find((n) => n.module_template === 'Dashboard' && n.module_id === d.dashboard_id);
    if (!shown.has(d.dashboard_id) || !readable(d.module_id) || (menu && !navAllows(menu.accessible_to_roles))) continue;
    items.push({
      kind: 'Dashboard',
      id: d.dashboard_id,
      name: localiseName(lang, d.name),
      description: localiseName(lang, d.description ?? ''),
      url: menu?.nav_url ?? `/dashboard/${encodeURIComponent(d.dashboard_id)}/`,
      moduleId: d.module_id,
      updatedAt: d.updated_at ? String(dataTime(d.updated_at)) : null,
    });
  }
  for (const n of nav.filter((x) => x.module_template === 'DataViewer' && navAllows(x.accessible_to_roles) && readable(x.module_id))) {
    items.push({ kind: 'DataViewer', id: n.module_id, name: localiseName(lang, n.nav_name), description: localiseName(lang, sourcesOf(db).get(n.module_id)!.name), url: n.nav_url, moduleId: n.module_id, updatedAt: null });
  }
  return items;
}
