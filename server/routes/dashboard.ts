import { Hono } from 'hono';
import type { Env } from '../context';
import { badRequest, notFound } from '../http/errors';
import { readBody } from '../http/validate';
import { MODULES } from '../smartdata/schema';
import { KPI_MEASURES, kpiSeries, type KpiMeasure } from '../smartdata/kpi';
import { selection } from './smartdata';

/** Dashboard visuals computed from the module's data (the first: KPI tiles with current vs previous period). */
export const dashboardRoutes = new Hono<Env>().post('/visuals/:moduleId/:visualKey', async (c) => {
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
