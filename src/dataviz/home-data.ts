import { isBadRequest, type ApiTarget } from '../api/client';
import { datavizHome, type CatalogueItem } from '../api/operations';
import { listDashboards, type DashboardSummary } from '../api/dashboard-builder';
import { listSources } from '../api/datasources';
import { builderPath } from './create-dialogs';

/** A data source a dashboard can be built on, as the selects offer it. */
export interface SourceChoice {
  id: string;
  name: string;
}

export interface HomeData {
  items: CatalogueItem[];
  /** The dashboards the user may view, with what they may do (empty without a dashboard role). */
  dashboards: DashboardSummary[];
  sources: SourceChoice[];
}

/**
 * The sources the user may read: every source for administrators (GET /api/datasources is
 * theirs), and for everyone those the catalogue's data viewers and their dashboards are drawn
 * from. The server still answers 400 for a source the user may not read.
 */
export function sourceChoices(items: CatalogueItem[], dashboards: DashboardSummary[], sources: SourceChoice[] = []): SourceChoice[] {
  const byId = new Map<string, SourceChoice>();
  const add = (id: string, name: string) => id && !byId.has(id) && byId.set(id, { id, name: name || id });
  for (const s of sources) add(s.id, s.name);
  for (const d of dashboards) add(d.moduleId, d.moduleName);
  // A data viewer's description is its source's name.
  for (const i of items) if (i.kind === 'DataViewer') add(i.moduleId, i.description || i.name);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The catalogue with the user's own dashboards it leaves out (drafts never published), last. A
 * draft never published opens in the builder: as a dashboard it has nothing to show yet.
 */
export function withOwnDashboards(items: CatalogueItem[], dashboards: DashboardSummary[]): CatalogueItem[] {
  const listed = new Set(items.filter((i) => i.kind === 'Dashboard').map((i) => i.id));
  const missing = dashboards.filter((d) => !listed.has(d.id) && d.mayEdit);
  const drafts = new Set(dashboards.filter((d) => d.mayEdit && d.publishedVersion === null).map((d) => d.id));
  const all = [...items, ...missing.map((d): CatalogueItem => ({ kind: 'Dashboard', id: d.id, name: d.name, description: d.description, url: d.url, moduleId: d.moduleId, updatedAt: d.updatedAt }))];
  return all.map((i) => (i.kind === 'Dashboard' && drafts.has(i.id) ? { ...i, url: builderPath(i.id) } : i));
}

/**
 * The home's lists: the catalogue (a failure fails the page), and for dashboard builders their
 * dashboards and sources (a failure there leaves the catalogue as it is, without the actions).
 */
export async function loadHome(api: ApiTarget, builder: boolean, admin: boolean): Promise<HomeData | null> {
  const quiet = <T>(p: Promise<T>) => p.catch(() => null);
  const [items, mine, all] = await Promise.all([datavizHome(api), builder ? quiet(listDashboards(api)) : null, admin ? quiet(listSources(api)) : null]);
  if (isBadRequest(items)) return null;
  const dashboards = mine && !isBadRequest(mine) ? mine.items : [];
  const sources = all && !isBadRequest(all) ? all.map((s) => ({ id: s.id, name: s.name })) : [];
  return { items: withOwnDashboards(items, dashboards), dashboards, sources: builder ? sourceChoices(items, dashboards, sources) : [] };
}
