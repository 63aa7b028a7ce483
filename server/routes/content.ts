import { Hono } from 'hono';
import type { Env } from '../context';
import type { Principal } from '../auth/tokens';
import { optionalAuth } from '../auth/middleware';
import { notFound, unauthorized } from '../http/errors';
import { hasAnyRole } from '../identity/users';
import type { Db } from '../db';
import { portalFeatures, readSetting } from './settings';
import { viewableDashboards } from '../dashboards/access';
import { localiseName, requestLang, type Lang } from '../i18n';

interface NavRow {
  module_id: string;
  profile: string;
  nav_name: string;
  nav_url: string;
  nav_weight: number;
  module_template: string;
  accessible_to_roles: string;
  anonymous: boolean;
  hide_menu: boolean;
  hide_on_mobile: boolean;
  show_new_badge: boolean;
}

/**
 * Menu visibility (spec part 1 section 6): anonymous callers see only anonymous items; signed-in
 * users see items without permissions or with a role of theirs.
 */
export function visibleTo(user: Principal | undefined, item: Pick<NavRow, 'accessible_to_roles' | 'anonymous'>): boolean {
  if (!user) return item.anonymous;
  const roles = item.accessible_to_roles.split(',').map((r) => r.trim()).filter(Boolean);
  return roles.length === 0 || hasAnyRole(user.roles, roles);
}

const navItem = (n: NavRow, lang: Lang = 'en') => ({
  moduleId: n.module_id,
  navName: localiseName(lang, n.nav_name),
  showNewBadge: n.show_new_badge,
  moduleTemplate: n.module_template,
  navUrl: n.nav_url,
  navWeight: n.nav_weight,
  accessibleToRoles: n.accessible_to_roles ? n.accessible_to_roles.split(',') : [],
  hideMenu: n.hide_menu,
  hideOnMobile: n.hide_on_mobile,
});

/** Built-in items that exist only with a feature of the settings (spec: alerts need the alerting feature). */
const FEATURE_OF_TEMPLATE: Record<string, string> = { Alerts: 'alerting', ProcessFlow: 'workflow' };

async function profiles(q: Db, user: Principal | undefined, lang: Lang, only?: string) {
  const on = await portalFeatures(q);
  const featureAllows = (n: NavRow) => !FEATURE_OF_TEMPLATE[n.module_template] || on[FEATURE_OF_TEMPLATE[n.module_template]] === true;
  const rows = await q.query<{ name: string; title: string; hide_on_mobile: boolean }>(
    `SELECT name, title, hide_on_mobile FROM content_profiles ${only ? 'WHERE name = $1' : ''} ORDER BY weight, name`,
    only ? [only] : [],
  );
  const nav = await q.query<NavRow & Record<string, unknown>>('SELECT * FROM nav_items ORDER BY nav_weight, module_id');
  // A dashboard's menu item shows to those who may view the dashboard (server/dashboards/access.ts):
  // only for a dashboard they may view, so an item left without its dashboard shows to nobody.
  const shown = user && nav.some((n) => n.module_template === 'Dashboard') ? await viewableDashboards(q, user) : new Set<string>();
  const dashboardAllows = (n: NavRow) => n.module_template !== 'Dashboard' || shown.has(n.module_id);
  return rows
    .map((p) => ({
      name: p.name,
      title: localiseName(lang, p.title),
      hideOnMobile: p.hide_on_mobile,
      navigationItems: nav.filter((n) => n.profile === p.name && visibleTo(user, n) && featureAllows(n) && dashboardAllows(n)).map((n) => navItem(n, lang)),
    }))
    .filter((p) => p.navigationItems.length > 0);
}

export const contentRoutes = new Hono<Env>()
  .use(optionalAuth)
  .get('/', async (c) => c.json({ profiles: await profiles(c.var.deps.db, c.var.user, requestLang(c)) }))
  // An operator may set { "displayMode": "Expanded" } in the `content` setting (the logo then leads to the data page).
  .get('/settings', async (c) => c.json({ displayMode: 'Default', loadNativeNavigation: true, ...(await readSetting<Record<string, unknown>>(c.var.deps.db, 'content')) }))
  .get('/clientplugins', async (c) => {
    const rows = await c.var.deps.db.query<{ element_name: string; enabled: boolean; hide_on_mobile: boolean; parent_selector: string; retry_interval: number; script_url: string }>(
      'SELECT * FROM client_plugins ORDER BY element_name',
    );
    return c.json(
      rows.map((r) => ({ elementName: r.element_name, enabled: r.enabled, hideOnMobile: r.hide_on_mobile, parentSelector: r.parent_selector, retryInterval: r.retry_interval, scriptUrl: r.script_url })),
    );
  })
  .get('/profile/:profile', async (c) => {
    const [profile] = await profiles(c.var.deps.db, c.var.user, requestLang(c), c.req.param('profile'));
    if (!profile) throw notFound(`No content profile "${c.req.param('profile')}".`);
    return c.json(profile);
  })
  .get('/module/:moduleId/profile/:profile', async (c) => {
    if (!c.var.user) throw unauthorized();
    const { db } = c.var.deps;
    const [item] = await db.query<NavRow & Record<string, unknown>>('SELECT * FROM nav_items WHERE module_id = $1 AND profile = $2', [
      c.req.param('moduleId'),
      c.req.param('profile'),
    ]);
    if (!item || !visibleTo(c.var.user, item)) throw notFound('No such module in this profile.');
    if (item.module_template === 'Dashboard' && !(await viewableDashboards(db, c.var.user)).has(item.module_id)) throw notFound('No such module in this profile.');
    const [module] = await db.query<{ name: string; kind: string; config: string }>('SELECT name, kind, config FROM modules WHERE module_id = $1', [item.module_id]);
    return c.json({ ...navItem(item, requestLang(c)), profile: item.profile, content: module ? { name: module.name, kind: module.kind, ...JSON.parse(module.config) } : null });
  });
