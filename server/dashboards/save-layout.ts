import { z } from 'zod';
import { ApiError, badRequest } from '../http/errors';
import type { Db } from '../db';
import type { Principal } from '../auth/tokens';
import type { DashboardBody } from '../../src/api/dashboard-builder';
import { definitionOf, type DashboardRow } from './store';
import { publishBody } from './publish';

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

/** The published body with one named layout and the visuals' plain settings changed (a 400 for what may not change). */
function changed(dashboard: DashboardBody & { dashboardId: string }, layoutKey: string, change: z.infer<typeof layoutChange>): DashboardBody {
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
  return { definitions, layouts: { ...dashboard.layouts, [layoutKey]: change.layout } } as DashboardBody;
}

/**
 * Saves one named layout of a dashboard and the changed settings of its visuals, as its next
 * published version (so the versions stay what was shown, and "restore" can bring it back). Only
 * settings a visual already has as plain values may change (its query, which names SQL columns,
 * never). A dashboard with a builder draft waiting (or never published) is edited in the builder:
 * a 409, so publishing that draft later cannot silently drop this change.
 */
export async function saveLayout(db: Db, user: Principal, dashboardId: string, layoutKey: string, change: z.infer<typeof layoutChange>, now: Date): Promise<void> {
  const edit = (row: DashboardRow) => {
    if (row.draft !== null) throw new ApiError(409, 'This dashboard has unpublished changes in the builder: publish them there first.');
    if (row.published_version === null) throw new ApiError(409, 'This dashboard is not published yet: publish it in the builder first.');
    return changed({ ...definitionOf(row), dashboardId: row.dashboard_id }, layoutKey, change);
  };
  // Its menu item is the builder's to add (a seeded dashboard's edit keeps it out of the menu).
  await publishBody(db, user, dashboardId, edit, now, false);
}
