import { z } from 'zod';
import { badRequest, notFound } from '../http/errors';
import type { Db } from '../db';
import { dashboardDefinition, findDashboard } from './definition';

// Who may save (a decision, docs/decisions.md): PortalAdmin and GlobalAdmin, the rule the client shows edit mode by.
export { DASHBOARD_EDITOR_ROLES } from '../../src/lib/roles';

const setting = z.union([z.string().max(500), z.number().finite(), z.boolean()]);

/** What edit mode sends: the layout as edited, and the changed plain settings per visual. */
export const layoutChange = z.object({
  layout: z
    .array(z.object({ name: z.string().max(60), x: z.number().int().min(0).max(11), y: z.number().int().min(0).max(99), w: z.number().int().min(1).max(12), h: z.number().int().min(1).max(100) }))
    .max(60)
    .refine((items) => items.every((l) => l.x + l.w <= 12), 'A tile must end within the 12 columns.'),
  changes: z.record(z.string().max(60), z.object({ templateBindings: z.record(z.string().max(60), setting).optional() }).loose()).default({}),
});

const overlap = (a: { x: number; y: number; w: number; h: number }, b: typeof a) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * Saves one named layout of a dashboard and the changed settings of its visuals. Only settings a
 * visual already has as plain values may change (its query, which names SQL columns, never).
 */
export async function saveLayout(db: Db, dashboardId: string, layoutKey: string, change: z.infer<typeof layoutChange>, now: Date): Promise<void> {
  const dashboard = await findDashboard(db, dashboardId);
  if (!dashboard) throw notFound(`No dashboard "${dashboardId}".`);
  const names = new Set(dashboard.definitions.map((d) => d.name));
  const placed = new Set<string>();
  for (const item of change.layout) {
    if (!names.has(item.name)) throw badRequest(`"${item.name}" is not a visual of dashboard "${dashboard.dashboardId}".`);
    if (placed.has(item.name)) throw badRequest(`"${item.name}" is placed twice.`);
    placed.add(item.name);
  }
  const clash = change.layout.find((a, i) => change.layout.some((b, j) => j > i && overlap(a, b)));
  if (clash) throw badRequest(`"${clash.name}" overlaps another tile.`);
  const definitions = dashboard.definitions.map((d) => {
    const bindings = change.changes[d.name]?.templateBindings ?? {};
    for (const [key, value] of Object.entries(bindings)) {
      const before = d.templateBindings[key];
      if (typeof before !== typeof value) throw badRequest(`"${key}" of "${d.name}" is not a setting that can be changed here.`);
    }
    return { ...d, templateBindings: { ...d.templateBindings, ...bindings } };
  });
  for (const name of Object.keys(change.changes)) if (!names.has(name)) throw badRequest(`"${name}" is not a visual of dashboard "${dashboard.dashboardId}".`);
  const definition = dashboardDefinition.parse({ breadcrumb: dashboard.breadcrumb, definitions, layouts: { ...dashboard.layouts, [layoutKey]: change.layout } });
  await db.query('UPDATE dashboards SET definition = $1, updated_at = CAST($3 AS TIMESTAMP) WHERE dashboard_id = $2', [JSON.stringify(definition), dashboard.dashboardId, now]);
}
