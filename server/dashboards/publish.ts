import type { Db, Queryable } from '../db';
import type { Principal } from '../auth/tokens';
import { forbidden, notFound } from '../http/errors';
import type { DashboardBody } from '../../src/api/dashboard-builder';
import { mayEdit, viewable } from './access';
import { checkBodyColumns } from './columns';
import { DASHBOARD_ROLES } from './roles';
import { definitionOf, nextStamp, type DashboardRow } from './store';
import { lockRow, retryWhenTaken, sourceFor } from './write';

/** A published builder dashboard's menu item (once): in Insights, for the dashboard roles; who sees it is the dashboard's access. */
async function ensureMenuItem(q: Queryable, row: DashboardRow): Promise<void> {
  await q.query(
    `INSERT INTO nav_items (module_id, profile, nav_name, nav_url, nav_weight, module_template, accessible_to_roles, anonymous, hide_menu, hide_on_mobile, show_new_badge)
     SELECT CAST($1 AS VARCHAR), 'insights', CAST($2 AS VARCHAR), CAST($3 AS VARCHAR), 60, 'Dashboard', CAST($4 AS VARCHAR), FALSE, FALSE, FALSE, FALSE
     WHERE NOT EXISTS (SELECT 1 FROM nav_items WHERE module_id = CAST($1 AS VARCHAR))`,
    [row.dashboard_id, row.name, `/dashboard/${encodeURIComponent(row.dashboard_id)}/`, DASHBOARD_ROLES.join(',')],
  );
}

/**
 * Makes `body` the published one as a new version (numbered on from the last; the row is locked
 * and (dashboard, version) is a key, so two publishes never share a number). A dashboard
 * published before versions were kept (seeded) first keeps its body as its version.
 */
async function publishBody(db: Db, user: Principal, id: string, bodyOf: (row: DashboardRow) => DashboardBody, now: Date): Promise<void> {
  await db.tx(async (q) => {
    const row = await lockRow(q, id);
    const body = bodyOf(row);
    const current = definitionOf(row);
    const [{ last }] = await q.query<{ last: number | null }>('SELECT max(version) AS last FROM dashboard_versions WHERE dashboard_id = $1', [id]);
    const insert = (version: number, definition: string, by: string | null, at: Date) =>
      q.query('INSERT INTO dashboard_versions (dashboard_id, version, name, definition, published_by, published_at) VALUES ($1, $2, $3, $4, $5, CAST($6 AS TIMESTAMP))', [id, version, row.name, definition, by, at]);
    let version = (last === null ? null : Number(last)) ?? (row.published_version === null ? 0 : Number(row.published_version));
    if (last === null && row.published_version !== null) await insert(version, row.definition, null, row.updated_at ?? now);
    version += 1;
    const definition = JSON.stringify({ ...current, definitions: body.definitions, layouts: body.layouts });
    await insert(version, definition, user.userName, now);
    await q.query(
      'UPDATE dashboards SET definition = $2, draft = NULL, published_version = $3, draft_updated_at = CAST($4 AS TIMESTAMP), updated_at = CAST($5 AS TIMESTAMP) WHERE dashboard_id = $1',
      [id, definition, version, nextStamp(row.draft_updated_at, now), now],
    );
    await ensureMenuItem(q, row);
  });
}

async function editable(db: Db, user: Principal, id: string) {
  const access = await viewable(db, user, id);
  if (!mayEdit(user, access)) throw forbidden('You may not edit this dashboard.');
  return access;
}

/** POST /api/dashboards/{id}/publish: the draft (else the published body again) becomes the next version. */
export async function publishDashboard(db: Db, user: Principal, id: string, now: Date): Promise<void> {
  const access = await editable(db, user, id);
  const module = sourceFor(db, user, access.module_id);
  await retryWhenTaken(() =>
    publishBody(db, user, access.dashboard_id, (row) => {
      const current = definitionOf(row);
      const body: DashboardBody = row.draft === null ? { definitions: current.definitions, layouts: current.layouts } : (JSON.parse(row.draft) as DashboardBody);
      checkBodyColumns(module, body);
      return body;
    }, now),
  );
}

/** POST /api/dashboards/{id}/versions/{version}/restore: a copy of that version becomes the next; the draft is dropped. */
export async function restoreVersion(db: Db, user: Principal, id: string, version: number, now: Date): Promise<void> {
  const access = await editable(db, user, id);
  const [stored] = await db.query<{ definition: string }>('SELECT definition FROM dashboard_versions WHERE dashboard_id = $1 AND version = $2', [access.dashboard_id, version]);
  if (!stored) throw notFound(`Dashboard "${access.dashboard_id}" has no version ${version}.`);
  const { definitions, layouts } = definitionOf(stored);
  await retryWhenTaken(() => publishBody(db, user, access.dashboard_id, () => ({ definitions, layouts }), now));
}
