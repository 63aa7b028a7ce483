import type { Db, Queryable } from '../db';
import type { Principal } from '../auth/tokens';
import { notFound } from '../http/errors';
import { sourcesOf } from '../datasources/registry';
import { accessRows, mayEdit, mayShare, mayView, viewable, type AccessRow } from './access';
import { dashboardDefinition, parseStored, publishedDefinition } from './definition';
import type { Breadcrumb } from '../../src/api/visual-types';
import type { DashboardBody, DashboardDocument, DashboardShare, DashboardSummary } from '../../src/api/dashboard-builder';

/** A dashboard's row as the builder reads it. */
export type DashboardRow = {
  dashboard_id: string;
  name: string;
  module_id: string;
  definition: string;
  description: string | null;
  updated_at: Date | null;
  owner_id: string | null;
  everyone: boolean | null;
  draft: string | null;
  draft_updated_at: Date | null;
  published_version: number | null;
};

/**
 * The most a dashboard's body may hold (as UTF-8 JSON): one limit for a new one, a saved draft and
 * an imported file, so whatever was imported can be saved again (server/app.ts sizes the requests by it).
 */
export const MAX_DASHBOARD_BYTES = 1024 * 1024;
export const TOO_LARGE = `A dashboard is at most ${MAX_DASHBOARD_BYTES / 1024 / 1024} MB.`;

/** The body the builder edits: the stored definition's tiles and layouts, checked as on every read. */
export const dashboardBody = dashboardDefinition
  .pick({ definitions: true, layouts: true })
  .refine((b) => new Set(b.definitions.map((d) => d.name)).size === b.definitions.length, 'Two tiles have the same name.')
  .refine((b) => Object.values(b.layouts).every((items) => items.every((l) => b.definitions.some((d) => d.name === l.name))), 'A layout places a tile the dashboard does not have.')
  .refine((b) => new TextEncoder().encode(JSON.stringify(b)).length <= MAX_DASHBOARD_BYTES, TOO_LARGE);

export const EMPTY_BODY: DashboardBody = { definitions: [], layouts: { Default: [] } };

/** The stored definition (breadcrumb and body) of a row, checked: a 409 when it no longer passes. */
export const definitionOf = (row: Pick<DashboardRow, 'definition' | 'name'>) => publishedDefinition(row) as DashboardBody & { breadcrumb: Breadcrumb };
/** The published body (tiles and layouts) of a row. */
export const bodyOf = (row: Pick<DashboardRow, 'definition' | 'name'>): DashboardBody => {
  const { definitions, layouts } = definitionOf(row);
  return { definitions, layouts };
};
/** The row's unpublished draft (null: none), checked as every read is: a 409 when it no longer passes. */
export const draftOf = (row: Pick<DashboardRow, 'draft' | 'name'>): DashboardBody | null =>
  row.draft === null ? null : (parseStored(dashboardBody, row.draft, `The draft of the dashboard "${row.name}"`) as DashboardBody);

/** The breadcrumb of a dashboard of this name: Insights, then the dashboard. */
export const breadcrumbFor = (name: string): Breadcrumb => ({ name, templateBindings: { path: [{ name: 'Insights', url: '/home' }, { name }] } });

/** A full stored definition of a body, under a name. */
export const storedDefinition = (name: string, body: DashboardBody) => JSON.stringify({ breadcrumb: breadcrumbFor(name), definitions: body.definitions, layouts: body.layouts });

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The edit stamp after `previous`: later than it even when the clock has not moved (a draftOf compares by it). */
export const nextStamp = (previous: Date | null, now: Date) => (previous && previous.getTime() >= now.getTime() ? new Date(previous.getTime() + 1) : now);

const COLUMNS = 'dashboard_id, name, module_id, definition, description, updated_at, owner_id, everyone, draft, draft_updated_at, published_version';

export async function readRow(q: Queryable, id: string): Promise<DashboardRow> {
  const [row] = await q.query<DashboardRow>(`SELECT ${COLUMNS} FROM dashboards WHERE lower(dashboard_id) = lower($1)`, [id]);
  if (!row) throw notFound(`No dashboard "${id}".`);
  return row;
}

/** Takes the dashboard's row for this transaction (PostgreSQL: a row lock; DuckDB's writes take turns anyway). */
export async function lockRow(q: Queryable, id: string): Promise<DashboardRow> {
  await q.query('UPDATE dashboards SET draft_updated_at = draft_updated_at WHERE dashboard_id = $1', [id]);
  return readRow(q, id);
}

/** Where a dashboard opens: its menu address, else /dashboard/{id}/. */
async function urlsOf(db: Db): Promise<Map<string, string>> {
  const rows = await db.query<{ module_id: string; nav_url: string }>("SELECT module_id, nav_url FROM nav_items WHERE module_template = 'Dashboard'");
  return new Map(rows.map((r) => [r.module_id, r.nav_url]));
}

/** A dashboard as listed. Who owns it and its unpublished draft are its editors' to see; a viewer gets the published one's time. */
function summaryOf(db: Db, row: DashboardRow, url: string | undefined, edit: boolean): DashboardSummary {
  return {
    id: row.dashboard_id,
    name: row.name,
    description: row.description ?? '',
    moduleId: row.module_id,
    moduleName: sourcesOf(db).get(row.module_id)?.name ?? row.module_id,
    ownerId: edit ? row.owner_id : null,
    publishedVersion: row.published_version === null ? null : Number(row.published_version),
    hasDraft: edit && row.draft !== null,
    updatedAt: iso(edit ? (row.draft_updated_at ?? row.updated_at) : row.updated_at),
    url: url ?? `/dashboard/${encodeURIComponent(row.dashboard_id)}/`,
    mayEdit: edit,
  };
}

/** Every dashboard the user may view, by name. */
export async function listDashboards(db: Db, user: Principal): Promise<DashboardSummary[]> {
  const [access, rows, urls] = await Promise.all([accessRows(db, user), db.query<DashboardRow>(`SELECT ${COLUMNS} FROM dashboards ORDER BY lower(name), dashboard_id`), urlsOf(db)]);
  const byId = new Map(access.map((a) => [a.dashboard_id, a]));
  return rows.flatMap((row) => {
    const a = byId.get(row.dashboard_id);
    return a && mayView(db, user, a) ? [summaryOf(db, row, urls.get(row.dashboard_id), mayEdit(user, a))] : [];
  });
}

/** Who a dashboard is shared with, with the groups' names. */
export async function sharesOf(q: Queryable, id: string): Promise<DashboardShare[]> {
  const rows = await q.query<{ kind: 'role' | 'group'; principal: string; access: 'view' | 'edit'; group_name: string | null }>(
    `SELECT s.kind, s.principal, s.access, g.name AS group_name FROM dashboard_shares s
     LEFT JOIN groups g ON s.kind = 'group' AND g.id = s.principal WHERE s.dashboard_id = $1 ORDER BY s.kind, s.principal`,
    [id],
  );
  return rows.map((r) => ({ kind: r.kind, id: r.principal, name: r.group_name ?? r.principal, access: r.access }));
}

/** Everything the builder needs of one dashboard the user may view (a 404 otherwise). */
export async function readDocument(db: Db, user: Principal, id: string, known?: AccessRow): Promise<DashboardDocument> {
  const access = known ?? (await viewable(db, user, id));
  const row = await readRow(db, access.dashboard_id);
  const [versions, shares, urls] = await Promise.all([
    db.query<{ version: number; published_at: Date; published_by: string | null }>('SELECT version, published_at, published_by FROM dashboard_versions WHERE dashboard_id = $1 ORDER BY version DESC', [row.dashboard_id]),
    sharesOf(db, row.dashboard_id),
    urlsOf(db),
  ]);
  const published = row.published_version === null ? null : bodyOf(row);
  const edit = mayEdit(user, access);
  // Unpublished changes, who published and sharing are their editors' to see; a viewer reads the published body.
  const draft = edit ? draftOf(row) : null;
  return {
    ...summaryOf(db, row, urls.get(row.dashboard_id), edit),
    draft: draft ?? published ?? bodyOf(row),
    published,
    versions: versions.map((v) => ({ version: Number(v.version), publishedAt: iso(v.published_at)!, publishedBy: edit ? v.published_by : null })),
    everyone: row.everyone !== false,
    shares: edit ? shares : [],
    mayShare: mayShare(user),
  };
}
