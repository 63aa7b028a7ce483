import { localiseName, requestLang } from '../i18n';
import { Hono, type Context } from 'hono';
import type { Env } from '../context';
import { badRequest, forbidden, notFound } from '../http/errors';
import { check, readBody, z } from '../http/validate';
import { hasAnyRole } from '../identity/users';
import { readSetting } from './settings';
import type { Db } from '../db';
import { columnByKey, moduleById, type SmartModule } from '../smartdata/schema';
import { rowsOf } from '../smartdata/rows';
import { dimensionCounts, dimensionCountsTogether, recordCount } from '../smartdata/counts';
import { buildWhere } from '../smartdata/where';
import { FEED_TABS, SORT_ORDERS } from '../../src/api/review-types';
import { readOnly } from '../auth/reads';
import { refreshSmartData } from '../smartdata/refresh';

const DATE_FILTER_OPTIONS = [
  ['ThisWeek', 1], ['LastWeek', 1], ['ThisMonth', 2], ['LastMonth', 2], ['ThisQuarter', 3], ['LastQuarter', 3],
  ['ThisYear', 4], ['LastYear', 4], ['Today', 5], ['Yesterday', 5], ['Last7Days', 6], ['Last30Days', 6], ['Last90Days', 6],
  ['CustomRange', 7], ['ClearDate', 8],
].map(([name, groupNumber]) => ({ name, groupNumber }));

const filterValue = z.union([z.string().max(1000), z.number(), z.null()]).optional();
export const smartFilter = z.object({
  filterKey: z.string().min(1, 'filterKey is required').max(100),
  filterName: z.string().max(200).optional(),
  filterValue,
  filterValueUpperBound: filterValue,
  filterDataType: z.string().max(40).optional(),
});
export const selection = z.object({
  smartFilters: z.array(smartFilter).max(200).default([]),
  smartDataTags: z.array(z.string().max(100)).max(50).default([]),
  includeSiblings: z.boolean().default(false),
  ignoreClaims: z.boolean().default(false),
  /** A review feed's page, tab and order (spec part 3: the loader's ReviewFeed with page, feedTab and sortOrder). */
  feed: z.object({ page: z.number().int().min(0).max(100_000).default(0), feedTab: z.enum(FEED_TABS).default('None'), sortOrder: z.enum(SORT_ORDERS).default('NewestToOldest') }).optional(),
});
const oneDimension = selection.extend({
  filterDimensionSelection: z.object({ filterKey: z.string().min(1).max(100), DimensionValueContains: z.string().max(200).default('') }),
});
const segment = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'View segments may hold letters, digits, _ and -.');

type ModuleOf = (id: string, callerRoles: readonly string[], db: Db) => SmartModule;

/** Claims restrict every query unless the data source itself ignores claims. */
const claimsFor = (c: Context<Env>, module: SmartModule, askedToIgnore: boolean) => (module.ignoreClaims && askedToIgnore ? null : c.var.user.claims);

async function allFilters(c: Context<Env>, module: SmartModule) {
  for (const name of ['viewType', 'viewModuleId', 'subViewName']) {
    const value = c.req.param(name);
    if (value !== undefined) check(segment, value);
  }
  const { db } = c.var.deps;
  const body = await readBody(c, selection);
  const claims = claimsFor(c, module, body.ignoreClaims);
  const dims = module.columns.filter(
    (col) => col.dimension && (body.smartDataTags.length === 0 || col.smartDataTags?.some((t) => body.smartDataTags.includes(t))),
  );
  // Dimensions without a filter of their own share one scan; each filtered one needs its own WHERE.
  const ownFilter = new Set(body.smartFilters.map((f) => columnByKey(module, f.filterKey)?.key));
  const [count, together, ...apart] = await Promise.all([
    recordCount(db, module, body.smartFilters, claims),
    dimensionCountsTogether(db, module, dims.filter((d) => !ownFilter.has(d.key)), body.smartFilters, claims),
    ...dims.filter((d) => ownFilter.has(d.key)).map((col) => dimensionCounts(db, module, col, body.smartFilters, claims)),
  ]);
  const byKey = new Map([...together, ...apart].map((d) => [d.filterKey, d]));
  const counted = dims.map((d) => byKey.get(d.key)!);
  const date = columnByKey(module, module.dateKey)!;
  const lang = requestLang(c);
  return c.json({
    moduleId: module.moduleId,
    recordCount: count,
    smartFilters: [
      { filterName: localiseName(lang, date.name), filterKey: date.key, filterDataType: 'DateTime', dateFilterOptions: DATE_FILTER_OPTIONS, filterDimensionValues: [] },
      ...counted.map((d) => ({ ...d, filterName: localiseName(lang, d.filterName) })),
    ],
  });
}

/**
 * The filter, date and raw-value calls over the modules `moduleOf` names (it throws for any other):
 * the smart data's modules here, the cases under the process flow's roles.
 */
export function smartDataRoutesOver(moduleOf: ModuleOf) {
  const moduleOfPath = (c: Context<Env>) => moduleOf(c.req.param('moduleId') ?? '', c.var.user.roles, c.var.deps.db);
  return new Hono<Env>()
    .post('/filters/:moduleId', readOnly((c) => allFilters(c, moduleOfPath(c))))
    .post('/filters/:moduleId/:viewType/:viewModuleId/:subViewName', readOnly((c) => allFilters(c, moduleOfPath(c))))
    .post('/filter/:moduleId', readOnly(async (c) => {
      const module = moduleOfPath(c);
      const body = await readBody(c, oneDimension);
      const col = columnByKey(module, body.filterDimensionSelection.filterKey);
      if (!col?.dimension) throw badRequest(`"${body.filterDimensionSelection.filterKey}" is not a filter of this module.`);
      const claims = claimsFor(c, module, body.ignoreClaims);
      return c.json(await dimensionCounts(c.var.deps.db, module, col, body.smartFilters, claims, body.filterDimensionSelection.DimensionValueContains));
    }))
    .get('/lastRecordedDate/:moduleId', readOnly(async (c) => {
      const module = moduleOfPath(c);
      const key = c.req.query('dateFilterDimension') || module.dateKey;
      const col = columnByKey(module, key);
      if (!col || col.typeName !== 'DateTime') throw badRequest(`"${key}" is not a date field of this module.`);
      const w = buildWhere(module, [], c.var.user.claims);
      const [row] = await rowsOf(c.var.deps.db, module).query<{ d: Date | null }>(`SELECT max(${col.column}) AS d FROM ${module.table} ${w.sql}`, w.params);
      return c.json({ dateFilterDimension: col.key, lastRecordedDate: row.d ? row.d.toISOString().slice(0, 19) : null });
    }))
    .get('/rawdata/:moduleId', async (c) => {
      const { db } = c.var.deps;
      const module = moduleOfPath(c);
      const q = check(z.object({ cleanedFieldName: z.string().min(1, 'cleanedFieldName is required'), recordId: z.coerce.number().int('recordId must be a whole number') }), c.req.query());
      const col = columnByKey(module, q.cleanedFieldName);
      if (!col?.rawColumn) throw badRequest(`"${q.cleanedFieldName}" is not a cleaned field.`);
      const allowed = ((await readSetting<{ viewingProfanityCleanedFieldsAccessibleToRoles?: string[] }>(db, 'portal'))?.viewingProfanityCleanedFieldsAccessibleToRoles) ?? [];
      if (allowed.length > 0 && !hasAnyRole(c.var.user.roles, allowed)) throw forbidden('Your role may not reveal hidden values.');
      const w = buildWhere(module, [], c.var.user.claims);
      w.add(`${module.idColumn} = ${w.bind(q.recordId)}`);
      const [row] = await db.query<{ raw: string | null; cleaned: string | null }>(
        `SELECT ${col.rawColumn} AS raw, ${col.column} AS cleaned FROM ${module.table} ${w.sql}`,
        w.params,
      );
      if (!row) throw notFound('No such record.');
      return c.json({ recordId: q.recordId, fieldName: col.key, rawValue: row.raw ?? row.cleaned });
    });
}

export const smartDataRoutes = smartDataRoutesOver((id, roles, db) => moduleById(db, id, roles)).get('/refresh/SmartData/:force', (c) => {
  const { force } = check(z.object({ force: z.enum(['true', 'false'], { message: 'The last part of the path must be true or false.' }) }), c.req.param());
  return c.json(refreshSmartData(c.var.deps.now(), force === 'true'));
});
