import { localiseName, requestLang } from '../i18n';
import { Hono, type Context } from 'hono';
import type { Env } from '../context';
import { badRequest } from '../http/errors';
import { readBody, z } from '../http/validate';
import { isMultiValued, moduleById } from '../smartdata/schema';
import { analyticsData, defaultPivotOf, measuresOf } from '../smartdata/analytics';
import { countRecords, MAX_PAGE, recordsPageJson } from '../smartdata/records';
import { profileColumns, profileOf, profilesOf } from '../smartdata/profiles';
import { smartFilter } from './smartdata';
import { readOnly } from '../auth/reads';

const orderByOperator = z
  .string()
  .default('ASC')
  .transform((s) => s.toUpperCase())
  .pipe(z.enum(['ASC', 'DESC'], { message: 'orderByOperator must be ASC or DESC' }));
export const smartFilters = z.array(smartFilter).max(200).default([]);

export const recordsBody = z.object({
  skip: z.number().int().min(0).default(0),
  top: z.number().int().min(1).max(MAX_PAGE, `top must be at most ${MAX_PAGE}`).default(100),
  orderByFields: z.array(z.string().max(100)).max(5).default([]),
  orderByOperator,
  smartFilters,
});

const key = z.string().min(1).max(100);
export const analyticsBody = z.object({
  smartFilters,
  measureKeys: z.array(key).min(1, 'Choose at least one measure.').max(10),
  rowDimensions: z.array(key).max(4).default([]),
  columnDimensions: z.array(key).max(3).default([]),
});

const cardsBody = z.object({
  smartFilters,
  limit: z.number().int().min(1),
  orderByFields: z.array(z.string().max(100)).max(1).default([]),
  orderByOperator,
});

/** The module and profile named by the path (404 for either unknown). */
export function viewOf(c: Context<Env>) {
  const module = moduleById(c.var.deps.db, c.req.param('moduleId') ?? '', c.var.user.roles);
  const profile = profileOf(module, c.req.param('profile') ?? '');
  return { module, profile, columns: profileColumns(module, profile) };
}

/** An answer already written as JSON text (records.ts writes a page's). */
const jsonText = (c: Context<Env>, text: string) => c.body(text, 200, { 'Content-Type': 'application/json' });

/** Data viewer records, cards and analytics (spec part 2 section 7); the profile segment names the view of the module. */
export const dataViewerRoutes = new Hono<Env>()
  .post(
    '/data/:moduleId/:profile',
    readOnly(async (c) => {
      const { module, columns } = viewOf(c);
      const body = await readBody(c, recordsBody);
      return jsonText(c, await recordsPageJson(c.var.deps.db, module, body, c.var.user.claims, columns));
    }),
  )
  // The card viewer's cards: every record the filters let through, up to the limit the viewer has reached.
  .post('/cards/:moduleId/:profile', async (c) => {
    const { module, profile, columns } = viewOf(c);
    const body = await readBody(c, cardsBody);
    const { max } = profile.cardViewerViewModel.cardLimit;
    if (body.limit > max) throw badRequest(`limit must be at most ${max}, the profile's card limit.`);
    const n = await countRecords(c.var.deps.db, module, body, c.var.user.claims);
    if (n > body.limit) throw badRequest(`There are ${n} records, more than the ${body.limit} cards asked for.`);
    return jsonText(c, await recordsPageJson(c.var.deps.db, module, { ...body, skip: 0, top: body.limit }, c.var.user.claims, columns));
  })
  .get('/profiles/:moduleId', (c) => c.json(profilesOf(moduleById(c.var.deps.db, c.req.param('moduleId'), c.var.user.roles))))
  .post('/schema/:moduleId/:profile', (c) => {
    const { module, profile, columns } = viewOf(c);
    // A profile without its own column list shows the whole module, hidden columns marked as such.
    return c.json(
      (profile.columns.length ? columns : module.columns.filter((col) => !isMultiValued(col))).map((col) => ({
        name: localiseName(requestLang(c), col.name), key: col.key, templateKey: col.key, typeName: col.typeName, displayFormat: col.typeName === 'DateTime' ? 'YYYY-MM-DD HH:mm' : '',
        isHidden: !!col.isHidden, isCleaned: !!col.rawColumn, isVerbatim: col.role === 'verbatim', isCollection: false, SmartDataTags: col.smartDataTags ?? [],
      })),
    );
  })
  .get('/analytics/parameters/:moduleId/:profile', (c) => {
    const { module } = viewOf(c);
    return c.json({
      measureDefinitions: measuresOf(module).map(({ measureKey, measureName, format, aggregateFunction }) => ({ measureKey, measureName: localiseName(requestLang(c), measureName), format, aggregateFunction })),
      dimensions: module.columns.filter((col) => col.dimension).map((col) => ({ filterKey: col.key, filterName: localiseName(requestLang(c), col.name) })),
      defaultPivot: defaultPivotOf(module),
    });
  })
  .post(
    '/analytics/data/:moduleId/:profile',
    readOnly(async (c) => {
      const { module } = viewOf(c);
      const body = await readBody(c, analyticsBody);
      return c.json(await analyticsData(c.var.deps.db, module, body, c.var.user.claims));
    }),
  );
