import { Hono, type Context } from 'hono';
import type { Env } from '../context';
import { ApiError, notFound } from '../http/errors';
import { check, readBody, z } from '../http/validate';
import { moduleById, type SmartModule } from '../smartdata/schema';
import { sourcesOf } from '../datasources/registry';
import { findDashboard, findVisual } from '../dashboards/definition';
import { visualItem } from '../dashboards/visual-item';
import { dashboardItems } from '../dashboards/one-scan';
import { flow } from '../../src/lib/grid-layout';
import type { SingleVisualResponse, VisualsResponse } from '../../src/api/visual-types';
import { selection } from './smartdata';
import { localiseName, requestLang } from '../i18n';
import { layoutLabels, localiseBreadcrumb, localiseDefinition } from '../dashboards/localise';
import { requireRoles } from '../auth/middleware';
import { catalogueFor } from '../dashboards/catalogue';
import { DASHBOARD_EDITOR_ROLES, layoutChange, saveLayout } from '../dashboards/save-layout';
import { readOnly } from '../auth/reads';
import { mayEdit, viewable } from '../dashboards/access';

/** Dashboard routes need one of the dashboard roles of spec part 2 section 6. */
export { DASHBOARD_ROLES } from '../dashboards/roles';


/**
 * The smart filter data source of a dashboard module (spec part 2 section 3): which module feeds
 * the filter bar, its filters and tags, defaults, and the links the viewer offers.
 */
export function dataSource(module: SmartModule) {
  const dims = module.columns.filter((c) => c.dimension);
  return {
    smartDataModuleId: module.moduleId,
    smartFilters: dims.map((c) => ({ filterName: c.name, filterKey: c.key, filterDataType: c.typeName })),
    smartFilterTags: ['Core'],
    defaultSmartFilters: [],
    ignoreClaimsForFilters: module.ignoreClaims,
    favouritesModuleId: 'favourites',
    isSocial: false,
    dateFilterType: 'DateTime',
    dateFilterKey: module.dateKey,
    dataViewerModuleId: module.moduleId,
    showRecordViewerLink: true,
    showCardViewerLink: true,
    // The custom date range's rules: both dates, at most 6 weeks, no default range to exceed.
    allowNullDates: module.dateRules?.allowNullDates ?? false,
    ignoreRangeValidation: module.dateRules?.ignoreRangeValidation ?? false,
    defaultRangeDays: module.dateRules?.defaultRangeDays ?? null,
  };
}

/** What a tile is drawn from: the caller's filters, claims (none on a source that may ignore them, when asked) and roles. */
export const inputFor = (c: Context<Env>, module: SmartModule, body: z.infer<typeof selection>) => ({
  db: c.var.deps.db,
  module,
  filters: body.smartFilters,
  claims: module.ignoreClaims && body.ignoreClaims ? null : c.var.user.claims,
  roles: c.var.user.roles,
  now: c.var.deps.now(),
  feed: body.feed,
  lang: requestLang(c),
});

const layoutName = z.string().regex(/^[A-Za-z0-9 _-]{1,40}$/, 'A layout name holds letters, digits, spaces, _ and -.');

/** A dashboard the caller may view (any case), read only once that is known, with the caller's access to it: a 404 in the caller's words otherwise. */
async function viewableDashboard(c: Context<Env>, id: string) {
  const access = await viewable(c.var.deps.db, c.var.user, id);
  const dashboard = await findDashboard(c.var.deps.db, access.dashboard_id);
  if (!dashboard) throw notFound(`No dashboard "${id}".`);
  return { ...dashboard, access };
}

/** The dashboard and the layout (any case) a route's :dashboardId and :layout name. */
async function dashboardLayout(c: Context<Env>) {
  const dashboard = await viewableDashboard(c, c.req.param('dashboardId') ?? '');
  // The router has decoded the segment once already; decoding again would misread '%' (and throw on it).
  const name = check(layoutName, c.req.param('layout'));
  const layoutKey = Object.keys(dashboard.layouts).find((k) => k.toLowerCase() === name.toLowerCase());
  if (!layoutKey) throw notFound(`Dashboard "${dashboard.dashboardId}" has no layout "${name}".`);
  return { dashboard, layoutKey };
}

/** /api/dashboard: a module's data source and one visual computed on its own (a tile outside a dashboard). */
export const dashboardRoutes = new Hono<Env>()
  .get('/datasource/:moduleId', (c) => c.json(dataSource(moduleById(c.var.deps.db, c.req.param('moduleId'), c.var.user.roles))))
  .post('/visuals/:moduleId/:visualKey', readOnly(async (c) => {
    const module = moduleById(c.var.deps.db, c.req.param('moduleId') ?? '', c.var.user.roles);
    const body = await readBody(c, selection);
    const found = await findVisual(c.var.deps.db, module.moduleId, c.req.param('visualKey') ?? '');
    if (!found) throw notFound(`No visual "${c.req.param('visualKey')}" in module "${module.moduleId}".`);
    const def = localiseDefinition(requestLang(c), found);
    const item = await visualItem(inputFor(c, module, body), def);
    return c.json({ ...item, definition: def, dateKey: module.dateKey } satisfies SingleVisualResponse);
  }));

/** A dashboard's data source; a 410 that says so when it was deleted (the dashboard stays, to be pointed elsewhere or removed). */
function dashboardSource(c: Context<Env>, dashboard: { name: string; moduleId: string }): SmartModule {
  if (!sourcesOf(c.var.deps.db).has(dashboard.moduleId)) throw new ApiError(410, `The data source of the dashboard "${dashboard.name}" was deleted.`);
  return moduleById(c.var.deps.db, dashboard.moduleId, c.var.user.roles);
}

/** /api/dataviz: a whole dashboard (definitions, layout, every visual) and its filter data source. */
export const datavizRoutes = new Hono<Env>()
  // The data visualisation home: every dashboard and data viewer the user can open.
  .get('/home', async (c) => c.json(await catalogueFor(c.var.deps.db, c.var.user, requestLang(c))))
  .post('/visuals/:dashboardId/:layout', readOnly(async (c) => {
    const { dashboard, layoutKey } = await dashboardLayout(c);
    const module = dashboardSource(c, dashboard);
    const body = await readBody(c, selection);
    const input = inputFor(c, module, body);
    // Titles in the request's language: the tiles and the definitions the editor shows alike.
    const lang = requestLang(c);
    const definitions = dashboard.definitions.map((d) => localiseDefinition(lang, d));
    // "No records" means none in the period the tiles show (the date filter, else the last 7 days); tiles over the same rows read them in one scan.
    const { total, visuals } = await dashboardItems(input, definitions);
    const layout = dashboard.layouts[layoutKey];
    const response: VisualsResponse = {
      dashboardId: dashboard.dashboardId,
      moduleId: module.moduleId,
      breadcrumb: localiseBreadcrumb(lang, dashboard.breadcrumb),
      definitions,
      // Tiles a layout leaves out still get a place, after the others.
      layout: layout.length >= dashboard.definitions.length ? layout : [...layout, ...flow(dashboard.definitions.filter((d) => !layout.some((l) => l.name === d.name)))],
      layouts: Object.keys(dashboard.layouts),
      layoutLabels: layoutLabels(lang, Object.keys(dashboard.layouts)),
      layoutName: layoutKey,
      token: `${dashboard.dashboardId}/${layoutKey}`,
      settings: { dateKey: module.dateKey, filterTags: ['Core'] },
      advancedLayout: { rowMargins: [], layoutGroups: [] },
      layoutFilter: null,
      hasRecordsToDisplay: total > 0,
      totalRecordCount: total,
      visuals,
    };
    return c.json(response);
  }))
  // Edit mode's save: the dashboard's authors only (server/dashboards/save-layout.ts).
  .post('/layout/:dashboardId/:layout', requireRoles(...DASHBOARD_EDITOR_ROLES), async (c) => {
    const { dashboard, layoutKey } = await dashboardLayout(c);
    await saveLayout(c.var.deps.db, c.var.user, dashboard.dashboardId, layoutKey, await readBody(c, layoutChange), c.var.deps.now());
    return c.json({ dashboardId: dashboard.dashboardId, layoutName: layoutKey, saved: true });
  })
  .post('/smartFilterDataSource/:id', async (c) => {
    const dashboard = await viewableDashboard(c, c.req.param('id'));
    const keys = Object.keys(dashboard.layouts);
    return c.json({
      ...dataSource(dashboardSource(c, dashboard)), dashboardId: dashboard.dashboardId, name: localiseName(requestLang(c), dashboard.name), layouts: keys, layoutLabels: layoutLabels(requestLang(c), keys),
      // The viewer's "Edit" link (the builder) by the builder's own rule; never under an embed token, which may not use the builder.
      mayEdit: !c.var.user.scope && mayEdit(c.var.user, dashboard.access),
    });
  });
