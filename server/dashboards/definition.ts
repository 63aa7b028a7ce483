import { z } from 'zod';
import { MEASURE_KEYS, TILE_TYPES, type LayoutItem, type VisualDefinition, type Breadcrumb } from '../../src/api/visual-types';
import type { Db } from '../db';
import { REVIEW_TILE_KINDS, type ReviewTileKind } from '../../src/api/review-types';

const key = z.string().regex(/^[A-Za-z0-9_]{1,60}$/);
const measure = z.enum(MEASURE_KEYS);
const query = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('kpi'), measure }),
  z.object({ kind: z.literal('trend'), measure, seriesKey: key.optional() }),
  z.object({ kind: z.literal('breakdown'), measure, axisKey: key, seriesKey: key.optional() }),
  z.object({ kind: z.literal('table'), rowKey: key, measures: z.array(measure).min(1).max(6) }),
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
    ExtraSeries: z.record(z.string().regex(/^data[A-Za-z0-9]+$/), query).optional(),
    Filters: z.array(z.object({ filterKey: key, filterValue: z.union([z.string().max(200), z.number()]) })).max(10).optional(),
  }),
  secondaryTemplateBindings: z.record(z.string(), z.unknown()).optional(),
});

const layoutItem = z.object({ name: z.string(), x: z.number().int().min(0).max(11), y: z.number().int().min(0).max(99), w: z.number().int().min(1).max(12), h: z.number().int().min(1).max(100) });

/** A dashboard as stored: checked on every read, since its settings end up naming SQL columns. */
export const dashboardDefinition = z.object({
  breadcrumb: z.object({ name: z.string(), templateBindings: z.object({ path: z.array(z.object({ name: z.string(), url: z.string().optional() })) }) }),
  definitions: z.array(visualDefinition).min(1).max(60),
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

function parse(row: { dashboard_id: string; name: string; module_id: string; definition: string }): Dashboard {
  const def = dashboardDefinition.parse(JSON.parse(row.definition));
  return { dashboardId: row.dashboard_id, name: row.name, moduleId: row.module_id, ...(def as Omit<Dashboard, 'dashboardId' | 'name' | 'moduleId'>) };
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
    'SELECT dashboard_id, name, module_id, definition FROM dashboards WHERE module_id = $1 ORDER BY dashboard_id',
    [moduleId],
  );
  for (const row of rows) {
    const found = parse(row).definitions.find((d) => d.name === name);
    if (found) return found;
  }
  return undefined;
}
