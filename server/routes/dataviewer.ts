import { Hono } from 'hono';
import type { Env } from '../context';
import { notFound } from '../http/errors';
import { readBody, z } from '../http/validate';
import { MODULES, type SmartModule } from '../smartdata/schema';
import { analyticsData, MEASURES } from '../smartdata/analytics';
import { MAX_PAGE, recordsPage } from '../smartdata/records';
import { smartFilter } from './smartdata';

const recordsBody = z.object({
  skip: z.number().int().min(0).default(0),
  top: z.number().int().min(1).max(MAX_PAGE, `top must be at most ${MAX_PAGE}`).default(100),
  orderByFields: z.array(z.string().max(100)).max(5).default([]),
  orderByOperator: z
    .string()
    .default('ASC')
    .transform((s) => s.toUpperCase())
    .pipe(z.enum(['ASC', 'DESC'], { message: 'orderByOperator must be ASC or DESC' })),
  smartFilters: z.array(smartFilter).max(200).default([]),
});

const key = z.string().min(1).max(100);
const analyticsBody = z.object({
  smartFilters: z.array(smartFilter).max(200).default([]),
  measureKeys: z.array(key).min(1, 'Choose at least one measure.').max(10),
  rowDimensions: z.array(key).max(4).default([]),
  columnDimensions: z.array(key).max(3).default([]),
});

function moduleOf(id: string): SmartModule {
  const module = MODULES[id];
  if (!module) throw notFound(`No smart-data module "${id}".`);
  return module;
}

/** The module's one profile (spec part 2: Profile); its details link opens a response by id. */
function profileOf(module: SmartModule) {
  return {
    name: 'default', smartDataModuleId: module.moduleId, smartFilterTags: ['Core'], defaultSmartFilters: [], ignoreClaimsForFilters: module.ignoreClaims,
    favouritesModuleId: 'favourites', detailsLink: `/content/insights/${module.moduleId}/default/{${module.columns.find((c) => c.column === module.idColumn)!.key}}`,
    enableSelectedCellTextSelection: true, dateFilterType: 'DateTime', hasExport: false,
    defaultOrderBy: { fieldKey: module.dateKey, operatorAsString: 'DESC' }, recordIdField: module.columns.find((c) => c.column === module.idColumn)!.key,
  };
}

/** Data viewer records and analytics (spec part 2 section 7); the profile segment names the view of the module. */
export const dataViewerRoutes = new Hono<Env>()
  .post('/data/:moduleId/:profile', async (c) => {
    const module = moduleOf(c.req.param('moduleId'));
    const body = await readBody(c, recordsBody);
    return c.json(await recordsPage(c.var.deps.db, module, body, c.var.user.claims));
  })
  .get('/profiles/:moduleId', (c) => {
    const module = moduleOf(c.req.param('moduleId'));
    return c.json([profileOf(module)]);
  })
  .post('/schema/:moduleId/:profile', (c) => {
    const module = moduleOf(c.req.param('moduleId'));
    return c.json(
      module.columns.map((col) => ({
        name: col.name, key: col.key, templateKey: col.key, typeName: col.typeName, displayFormat: col.typeName === 'DateTime' ? 'YYYY-MM-DD HH:mm' : '',
        isHidden: !!col.isHidden, isCleaned: !!col.rawColumn, isCollection: false, SmartDataTags: col.smartDataTags ?? [],
      })),
    );
  })
  .get('/analytics/parameters/:moduleId/:profile', (c) => {
    const module = moduleOf(c.req.param('moduleId'));
    return c.json({
      measureDefinitions: MEASURES.map(({ measureKey, measureName, format, aggregateFunction }) => ({ measureKey, measureName, format, aggregateFunction })),
      dimensions: module.columns.filter((col) => col.dimension).map((col) => ({ filterKey: col.key, filterName: col.name })),
    });
  })
  .post('/analytics/data/:moduleId/:profile', async (c) => {
    const module = moduleOf(c.req.param('moduleId'));
    const body = await readBody(c, analyticsBody);
    return c.json(await analyticsData(c.var.deps.db, module, body, c.var.user.claims));
  });
