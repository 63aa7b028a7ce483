import { Hono } from 'hono';
import type { Env } from '../context';
import { badRequest, notFound } from '../http/errors';
import { readBody } from '../http/validate';
import { MODULES, type SmartModule } from '../smartdata/schema';
import { KPI_MEASURES, kpiSeries, type KpiMeasure } from '../smartdata/kpi';
import { selection } from './smartdata';

/**
 * The smart filter data source of a dashboard module (spec part 2 section 3): which module feeds
 * the filter bar, its filters and tags, defaults, and the links the viewer offers.
 */
function dataSource(module: SmartModule) {
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
  };
}

/** Dashboard data sources and visuals computed from the module's data (the first: KPI tiles with current vs previous period). */
export const dashboardRoutes = new Hono<Env>()
  .get('/datasource/:moduleId', (c) => {
    const module = MODULES[c.req.param('moduleId')];
    if (!module) throw notFound(`No smart-data module "${c.req.param('moduleId')}".`);
    return c.json(dataSource(module));
  })
  .post('/visuals/:moduleId/:visualKey', async (c) => {
  const module = MODULES[c.req.param('moduleId')];
  if (!module) throw notFound(`No smart-data module "${c.req.param('moduleId')}".`);
  const key = c.req.param('visualKey');
  if (!(key in KPI_MEASURES)) throw badRequest(`Unknown visual "${key}"; one of ${Object.keys(KPI_MEASURES).join(', ')}.`);
  const body = await readBody(c, selection);
  const claims = module.ignoreClaims && body.ignoreClaims ? null : c.var.user.claims;
  const series = await kpiSeries(c.var.deps.db, module, key as KpiMeasure, body.smartFilters, claims, c.var.deps.now());
  return c.json({
    name: key,
    totalRecordCount: series.currentRecordCount,
    primary: { header: { content: KPI_MEASURES[key as KpiMeasure].name }, subHeader: { content: '' }, heroLabel: { content: '' }, data: series },
  });
});
