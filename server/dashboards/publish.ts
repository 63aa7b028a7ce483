import { z } from 'zod';
import type { Db, Queryable } from '../db';
import type { Principal } from '../auth/tokens';
import { conflict, notFound } from '../http/errors';
import { retryWhenTaken } from '../db/turns';
import type { DashboardBody } from '../../src/api/dashboard-builder';
import { editable, sourceFor } from './access';
import { checkBodyColumns } from './columns';
import { dashboardDefinition, parseStored } from './definition';
import { DASHBOARD_ROLES } from './roles';
import { bodyOf, definitionOf, draftOf, lockRow, nextStamp, type DashboardRow } from './store';
import { CONFLICT, draftStamp, stale } from './write';

/** The versions kept per dashboard: past these, the oldest are dropped (docs/decisions.md). */
export const MAX_VERSIONS = 50;

/** POST /api/dashboards/{id}/publish: `draftOf`, the draft's updatedAt as the publisher last read it. */
export const publishRequest = z.object({ draftOf: draftStamp });

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
 * Makes the body `bodyFor` gives (null: nothing to publish) the published one as a new version
 * (numbered on from the last; the row is locked and (dashboard, version) is a key, so two publishes
 * never share a number). A dashboard published before versions were kept (seeded) first keeps its
 * body as its version. Publishing a dashboard that is not in the menu adds it there, unless `menu` is false.
 */
export async function publishBody(db: Db, user: Principal, id: string, bodyFor: (row: DashboardRow) => DashboardBody | null, now: Date, menu = true): Promise<void> {
  await retryWhenTaken(() =>
    db.tx(async (q) => {
      const row = await lockRow(q, id);
      const body = bodyFor(row);
      if (!body) return;
      const current = definitionOf(row);
      const [{ last }] = await q.query<{ last: number | null }>('SELECT max(version) AS last FROM dashboard_versions WHERE dashboard_id = $1', [id]);
      const insert = (version: number, definition: string, by: string | null, at: Date) =>
        q.query('INSERT INTO dashboard_versions (dashboard_id, version, name, definition, published_by, published_at) VALUES ($1, $2, $3, $4, $5, CAST($6 AS TIMESTAMP))', [id, version, row.name, definition, by, at]);
      let version = (last === null ? null : Number(last)) ?? (row.published_version === null ? 0 : Number(row.published_version));
      if (last === null && row.published_version !== null) await insert(version, row.definition, null, row.updated_at ?? now);
      version += 1;
      const definition = JSON.stringify({ ...current, definitions: body.definitions, layouts: body.layouts });
      await insert(version, definition, user.userName, now);
      await q.query('DELETE FROM dashboard_versions WHERE dashboard_id = $1 AND version <= $2', [id, version - MAX_VERSIONS]);
      await q.query(
        'UPDATE dashboards SET definition = $2, draft = NULL, published_version = $3, draft_updated_at = CAST($4 AS TIMESTAMP), updated_at = CAST($5 AS TIMESTAMP) WHERE dashboard_id = $1',
        [id, definition, version, nextStamp(row.draft_updated_at, now), now],
      );
      if (menu) await ensureMenuItem(q, row);
    }),
  );
}

/**
 * POST /api/dashboards/{id}/publish: the draft becomes the next version; a 409 when a draft newer
 * than `draftOf` is stored. Without a draft a published dashboard stays as it is (no new version);
 * one never published publishes its body.
 */
export async function publishDashboard(db: Db, user: Principal, id: string, input: z.infer<typeof publishRequest>, now: Date): Promise<void> {
  const access = await editable(db, user, id);
  const module = sourceFor(db, user, access.module_id);
  await publishBody(db, user, access.dashboard_id, (row) => {
    if (input.draftOf !== undefined && stale(row, input.draftOf)) throw conflict(CONFLICT);
    const draft = draftOf(row);
    if (draft === null && row.published_version !== null) return null;
    const body = draft ?? bodyOf(row);
    checkBodyColumns(module, body);
    return body;
  }, now);
}

/** POST /api/dashboards/{id}/versions/{version}/restore: a copy of that version becomes the next; the draft is dropped. */
export async function restoreVersion(db: Db, user: Principal, id: string, version: number, now: Date): Promise<void> {
  const access = await editable(db, user, id);
  const module = sourceFor(db, user, access.module_id);
  const [stored] = await db.query<{ definition: string }>('SELECT definition FROM dashboard_versions WHERE dashboard_id = $1 AND version = $2', [access.dashboard_id, version]);
  if (!stored) throw notFound(`Dashboard "${access.dashboard_id}" has no version ${version}.`);
  const { definitions, layouts } = parseStored(dashboardDefinition, stored.definition, `Version ${version} of the dashboard "${access.dashboard_id}"`);
  const body = { definitions, layouts } as DashboardBody;
  // The source may have changed since: a version naming a column it no longer has is not published again.
  checkBodyColumns(module, body);
  await publishBody(db, user, access.dashboard_id, () => body, now);
}
