import { z } from 'zod';
import { CATEGORY_SORTS, COMPARE_WITH, MAX_TOP, MEASURE_KEYS, TILE_TYPES, TREND_BUCKETS, type LayoutItem, type VisualDefinition, type Breadcrumb } from '../../src/api/visual-types';
import { acceptsQuery } from '../../src/lib/visual-catalogue';
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { REVIEW_TILE_KINDS, type ReviewTileKind } from '../../src/api/review-types';

const key = z.string().regex(/^[A-Za-z0-9_]{1,60}$/);
export const MAX_EXTRA_SERIES = 4;
/** A measure's columns are checked against the module as it draws (a 400 naming the column). */
const measure = z.union([
  z.enum(MEASURE_KEYS),
  z.string().regex(/^average:[A-Za-z0-9_]{1,60}$/, 'An average names a column: average:{column}.'),
  z.string().regex(/^share:[A-Za-z0-9_]{1,60}=[\s\S]{1,200}$/, 'A share names a column and a value: share:{column}={value}.'),
]);
const compare = z.enum(COMPARE_WITH).optional();
const categories = { top: z.number().int().min(1).max(MAX_TOP).optional(), others: z.boolean().optional(), sort: z.enum(CATEGORY_SORTS).optional() };
const query = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('kpi'), measure, compare }),
  z.object({ kind: z.literal('trend'), measure, seriesKey: key.optional(), bucket: z.enum(TREND_BUCKETS).optional(), compare }),
  z.object({ kind: z.literal('breakdown'), measure, axisKey: key, seriesKey: key.optional(), compare, ...categories }),
  z.object({ kind: z.literal('table'), rowKey: key, measures: z.array(measure).min(1).max(6), compare, ...categories }),
  z.object({
    kind: z.literal('comments'),
    fields: z.array(key).min(1).max(12),
    limit: z.number().int().min(1).max(100),
    tabs: z.array(z.object({ key, filterKey: key, filterValue: z.string().max(200) })).max(8).optional(),
  }),
  z.object({ kind: z.literal('review'), tile: z.enum(REVIEW_TILE_KINDS as [ReviewTileKind, ...ReviewTileKind[]]), pageSize: z.number().int().min(1).max(50).optional() }),
]);

export const visualDefinition = z.object({
  name: z.string().regex(/^[a-z0-9-]{1,60}$/, 'Visual names are lower-case words joined by -.'),
  width: z.number().int().min(1).max(12),
  height: z.number().int().min(1).max(100),
  template: z.enum(TILE_TYPES),
  templateBindings: z.looseObject({
    Query: query,
    // Each extra series is one more scan of the source per draw.
    ExtraSeries: z
      .record(z.string().regex(/^data[A-Za-z0-9]+$/), query)
      .refine((r) => Object.keys(r).length <= MAX_EXTRA_SERIES, `A tile draws at most ${MAX_EXTRA_SERIES} extra series.`)
      .optional(),
    Filters: z.array(z.object({ filterKey: key, filterValue: z.union([z.string().max(200), z.number()]) })).max(10).optional(),
  }),
  secondaryTemplateBindings: z.record(z.string(), z.unknown()).optional(),
}).superRefine((d, ctx) => {
  // Each visual draws some kinds of query only (a gauge one value, a line chart a trend).
  const kind = d.templateBindings.Query.kind;
  if (!acceptsQuery(d.template, kind)) ctx.addIssue({ code: 'custom', path: ['templateBindings', 'Query', 'kind'], message: `The tile "${d.name}" (${d.template}) cannot draw a "${kind}" query.` });
});

const layoutItem = z.object({ name: z.string(), x: z.number().int().min(0).max(11), y: z.number().int().min(0).max(99), w: z.number().int().min(1).max(12), h: z.number().int().min(1).max(100) });

/** A dashboard as stored: checked on every read, since its settings end up naming SQL columns. */
export const dashboardDefinition = z.object({
  breadcrumb: z.object({ name: z.string(), templateBindings: z.object({ path: z.array(z.object({ name: z.string(), url: z.string().optional() })) }) }),
  // A new dashboard has no tiles yet (the builder's empty grid).
  definitions: z.array(visualDefinition).max(60, 'A dashboard holds at most 60 tiles.'),
  layouts: z.record(z.string().regex(/^[A-Za-z0-9 _-]{1,40}$/), z.array(layoutItem)),
});

export interface Dashboard {
  dashboardId: string;
  name: string;
  moduleId: string;
  breadcrumb: Breadcrumb;
  definitions: VisualDefinition[];
  layouts: Record<string, LayoutItem[]>;
}

/**
 * Stored JSON (a dashboard's definition, its draft, a version) read with `schema`. One that no longer
 * passes (a schema tightened since it was saved, an edit in the database) is a 409 naming what and
 * the tile, never a 500.
 */
export function parseStored<T>(schema: z.ZodType<T>, json: string, what: string): T {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    value = undefined;
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const tiles = (value as { definitions?: unknown } | null | undefined)?.definitions;
  const tile = issue.path[0] === 'definitions' && Array.isArray(tiles) && typeof issue.path[1] === 'number' ? (tiles[issue.path[1]] as { name?: unknown } | null)?.name : undefined;
  throw new ApiError(409, `${what} is no longer valid${typeof tile === 'string' ? ` (the tile "${tile}")` : ''}: ${issue.message}`);
}

/** A dashboard's published definition, checked (see parseStored). */
export const publishedDefinition = (row: { name: string; definition: string }) =>
  parseStored(dashboardDefinition, row.definition, `The published definition of the dashboard "${row.name}"`) as Omit<Dashboard, 'dashboardId' | 'name' | 'moduleId'>;

function parse(row: { dashboard_id: string; name: string; module_id: string; definition: string }): Dashboard {
  return { dashboardId: row.dashboard_id, name: row.name, moduleId: row.module_id, ...publishedDefinition(row) };
}

export async function findDashboard(db: Db, id: string): Promise<Dashboard | undefined> {
  const rows = await db.query<{ dashboard_id: string; name: string; module_id: string; definition: string }>(
    'SELECT dashboard_id, name, module_id, definition FROM dashboards WHERE lower(dashboard_id) = lower($1)',
    [id],
  );
  return rows[0] && parse(rows[0]);
}

/** A visual by name among the dashboards of a module (for a tile on its own). */
export async function findVisual(db: Db, moduleId: string, name: string): Promise<VisualDefinition | undefined> {
  const rows = await db.query<{ dashboard_id: string; name: string; module_id: string; definition: string }>(
    // Only from dashboards published for everyone: a private (builder) dashboard's tiles stay its own.
    'SELECT dashboard_id, name, module_id, definition FROM dashboards WHERE module_id = $1 AND everyone AND published_version IS NOT NULL ORDER BY dashboard_id',
    [moduleId],
  );
  for (const row of rows) {
    const found = parse(row).definitions.find((d) => d.name === name);
    if (found) return found;
  }
  return undefined;
}
