import type { Db } from '../db';
import { dataTime, isUniqueViolation } from '../db';
import { badRequest, conflict, notFound } from '../http/errors';
import type { SmartModule } from '../smartdata/schema';
import { definitionText } from './builtin';
import { checkShape, type DefinitionInput } from './input';
import { definitionsChanged, reloadSources, sourcesOf } from './registry';
import { createTableSql, moduleOf } from './tables';
import { forgetSource } from '../text/store';
import { sourceTableChanged } from '../replica/capture';

/** Who opens a source's data viewer from the menu (the source's own roles decide whether it shows them rows). */
const VIEWER_ROLES = 'PortalUser,GlobalAdmin,PortalAdmin';

/** Ids a source may not take: the routes beside `/api/datasources/{id}`, and ids of the past. */
const RESERVED = new Set(['preview', 'tokens', 'setup', 'new']);

/** A source's id from its name: lower-case words joined by -, unique among the sources. */
export function idFor(name: string, taken: (id: string) => boolean): string {
  let base = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40).replace(/-+$/, '');
  if (!/^[a-z]/.test(base)) base = `source-${base}`.replace(/-+$/, '');
  let id = base;
  for (let n = 2; taken(id) || RESERVED.has(id); n++) id = `${base}-${n}`;
  return id;
}

/** How the files of a source are read into its columns (what a later import reads a new file with). */
export type Reading = Omit<DefinitionInput, 'roles' | 'name'>;

/** Known roles only: a role that does not exist would lock everyone out of the source. */
export async function checkRoles(db: Db, roles: readonly string[] | undefined) {
  if (!roles?.length) return;
  const known = new Set((await db.query<{ name: string }>('SELECT name FROM roles')).map((r) => r.name));
  const unknown = roles.filter((r) => !known.has(r));
  if (unknown.length) throw badRequest(`Unknown role${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`);
}

/** Creates a source from a definition (a preview's, maybe edited): its row and its empty table, in one transaction. */
export async function createSource(db: Db, input: DefinitionInput, userId: string): Promise<SmartModule> {
  const shape = checkShape(input);
  await checkRoles(db, input.roles);
  const { roles: _roles, name: _name, ...reading } = input;
  // Two sources of one name created at once would take one id: the later one takes the next.
  for (let attempt = 1; ; attempt++) {
    const existing = await reloadSources(db);
    // Menu items are keyed by module id too: a source's data viewer gets one of its own.
    // Nor an id a deleted source's dashboards, favourites or alerts still name: they would attach to the new one.
    const menu = await takenIds(db);
    const id = idFor(input.name, (candidate) => existing.has(candidate) || menu.has(candidate));
    const module = moduleOf(id, input.name, shape, input.roles);
    try {
      await insertSource(db, module, JSON.stringify(reading satisfies Reading), userId);
      return (await reloadSources(db)).get(id)!;
    } catch (error) {
      if (attempt >= 3 || !(isUniqueViolation(error) || /already exists/i.test(String((error as Error).message)))) throw error;
    }
  }
}

/** Ids a new source may not take besides the sources': menu items' and what deleted sources left behind. */
async function takenIds(db: Db): Promise<Set<string>> {
  const [menu, named, alerts] = await Promise.all([
    db.query<{ id: string }>('SELECT module_id AS id FROM nav_items'),
    db.query<{ id: string }>('SELECT module_id AS id FROM dashboards UNION SELECT module_id AS id FROM favourites'),
    db.query<{ definition: string }>('SELECT definition FROM alerts'),
  ]);
  const ids = [...menu, ...named].map((r) => r.id);
  for (const a of alerts) ids.push(String((JSON.parse(a.definition) as { moduleId?: string }).moduleId ?? ''));
  return new Set(ids.map((id) => id.toLowerCase()));
}

async function insertSource(db: Db, module: SmartModule, reading: string, userId: string) {
  const now = new Date();
  const id = module.moduleId;
  await db.tx(async (q) => {
    await q.query(
      `INSERT INTO datasources (source_id, name, builtin, definition, reading, state, row_count, created_by, created_at, updated_at)
       VALUES ($1, $2, FALSE, $3, $4, 'empty', 0, $5, CAST($6 AS TIMESTAMP), CAST($6 AS TIMESTAMP))`,
      [id, module.name, definitionText(module), reading, userId, now],
    );
    await q.query(createTableSql(module));
    await sourceTableChanged(db, q, module.table, 'created');
    // Its records, pivot and cards open from the menu, as the built-in sources' do.
    await q.query(
      `INSERT INTO nav_items (module_id, profile, nav_name, nav_url, nav_weight, module_template, accessible_to_roles, anonymous, hide_menu, hide_on_mobile, show_new_badge)
       VALUES ($1, 'insights', $2, $3, 100, 'DataViewer', $4, FALSE, FALSE, FALSE, TRUE)`,
      [id, module.name, `/content/insights/${id}`, VIEWER_ROLES],
    );
    await definitionsChanged(q);
  });
}

export type SourceRow = {
  source_id: string;
  name: string;
  builtin: boolean;
  state: string;
  row_count: number;
  last_import_at: Date | null;
  reading: string | null;
};

export async function sourceRow(db: Db, id: string): Promise<SourceRow> {
  const [row] = await db.query<SourceRow>('SELECT source_id, name, builtin, state, row_count, last_import_at, reading FROM datasources WHERE source_id = $1', [id]);
  if (!row) throw notFound(`No data source "${id}".`);
  return row;
}

/** What reads a source: its dashboards, users' favourites and alerts (named before it is deleted). */
export async function dependentsOf(db: Db, id: string) {
  const [dashboards, favourites, alerts] = await Promise.all([
    db.query<{ dashboard_id: string; name: string }>('SELECT dashboard_id, name FROM dashboards WHERE module_id = $1 ORDER BY name', [id]),
    db.query<{ n: number }>('SELECT count(*) AS n FROM favourites WHERE module_id = $1', [id]),
    db.query<{ definition: string }>('SELECT definition FROM alerts'),
  ]);
  return {
    dashboards: dashboards.map((d) => ({ id: d.dashboard_id, name: d.name })),
    favourites: Number(favourites[0]?.n ?? 0),
    alerts: alerts.filter((a) => (JSON.parse(a.definition) as { moduleId?: string }).moduleId === id).length,
  };
}

/** A source as the list and the detail answer it. */
export function describe(module: SmartModule, row: SourceRow, rows: number) {
  return {
    id: module.moduleId,
    name: row.name,
    builtin: row.builtin,
    state: row.state,
    rows,
    lastImportAt: row.last_import_at ? String(dataTime(row.last_import_at)) : null,
    roles: module.roles ?? [],
    dateKey: module.dateKey,
    columns: module.columns.map((c) => ({
      key: c.key,
      name: c.name,
      typeName: c.typeName,
      role: c.role ?? 'attribute',
      ...(c.score ? { score: c.score } : {}),
      ...(c.claimType ? { claimType: c.claimType } : {}),
      ...(c.hierarchy ? { hierarchy: c.hierarchy } : {}),
      hidden: !!c.isHidden,
      // Computed by the portal (text analysis): shown, never edited.
      ...(c.derived ? { derived: c.derived } : {}),
    })),
  };
}

/** Deletes a user-defined source: its rows, imports and definition; the built-in ones stay. */
export async function deleteSource(db: Db, id: string): Promise<void> {
  const row = await sourceRow(db, id);
  if (row.builtin) throw conflict(`"${row.name}" is one of the portal's own data sources (its surveys, reviews or feedback write to it): it cannot be deleted.`);
  const module = sourcesOf(db).get(id);
  const running = conflict(`An import into "${row.name}" is running: cancel it first.`);
  if (row.state === 'importing') throw running;
  const tokens = await db.query<{ token_id: string; source_ids: string }>('SELECT token_id, source_ids FROM api_tokens');
  await db.tx(async (q) => {
    // Claimed by an import since the check above: the import goes on, the source stays.
    const deleted = await q.query("DELETE FROM datasources WHERE source_id = $1 AND state <> 'importing' RETURNING source_id", [id]);
    if (!deleted.length) throw running;
    if (module) {
      await q.query(`DROP TABLE IF EXISTS ${module.table}`);
      await sourceTableChanged(db, q, module.table, 'dropped');
    }
    await q.query('DELETE FROM datasource_imports WHERE source_id = $1', [id]);
    await forgetSource(q, id);
    await q.query("DELETE FROM nav_items WHERE module_id = $1 AND module_template = 'DataViewer'", [id]);
    // A token for it imports nowhere once it is gone, also into a later source of the same name.
    for (const t of tokens) {
      const ids = JSON.parse(t.source_ids) as string[];
      if (ids.includes(id)) await q.query('UPDATE api_tokens SET source_ids = $1 WHERE token_id = $2', [JSON.stringify(ids.filter((s) => s !== id)), t.token_id]);
    }
    await definitionsChanged(q);
  });
  await reloadSources(db);
}
