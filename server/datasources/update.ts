import { z } from 'zod';
import type { Db } from '../db';
import { badRequest } from '../http/errors';
import type { Column, SmartModule } from '../smartdata/schema';
import { definitionText } from './builtin';
import { claimType, columnKey, hierarchy, score } from './input';
import { definitionsChanged, reloadSources } from './registry';
import type { SourceRow } from './sources';
import { checkRoles } from './sources';
import { columnOf, IMPORTED_AT, ROW_KEY } from './tables';
import { ROLES } from './roles';
import { verbatimOf } from '../text/dimensions';
import { requestPass } from '../text/progress';
import { forgetAnalyses } from '../text/store';
import { sourceTableChanged } from '../replica/capture';


/** What `PATCH /api/datasources/{id}` takes: a new name, readers, and columns' names and roles. */
export const sourceChanges = z.object({
  name: z.string().trim().min(1, 'Name the data source.').max(100).optional(),
  roles: z.array(z.string().max(60)).max(20).optional(),
  columns: z
    .array(
      z.object({
        key: columnKey,
        name: z.string().trim().min(1).max(200).optional(),
        role: z.enum(ROLES).optional(),
        score: score.nullable().optional(),
        hidden: z.boolean().optional(),
        claimType: claimType.nullable().optional(),
        hierarchy: hierarchy.nullable().optional(),
      }),
    )
    .max(1000)
    .optional(),
});
export type SourceChanges = z.infer<typeof sourceChanges>;

type ColumnChange = NonNullable<SourceChanges['columns']>[number];

/** Only the portal's own columns' names, visibility, claims and hierarchy change: its features write them by role. */
function changedBuiltin(c: Column, change: ColumnChange): Column {
  if (change.role && change.role !== c.role) throw badRequest(`"${c.name}" is a column of a built-in source: its role stays ${c.role}.`);
  const next: Column = { ...c, ...(change.name ? { name: change.name } : {}), ...(change.hidden !== undefined ? { isHidden: change.hidden } : {}) };
  if (change.claimType !== undefined) next.claimType = change.claimType ?? undefined;
  if (change.hierarchy !== undefined) next.hierarchy = change.hierarchy ?? undefined;
  return next;
}

/** A user source's column with its new role: its filters and search follow from it (a verbatim gains raw and flag columns). */
function changedColumn(c: Column, change: ColumnChange): Column {
  const role = change.role ?? c.role ?? 'attribute';
  const nextScore = change.score === null ? undefined : (change.score ?? c.score);
  if (role === 'score' && !nextScore) throw badRequest(`Column "${c.name}" is a score: give its kind (score.kind).`);
  if (role === 'score' && nextScore!.kind !== 'Sentiment' && c.typeName !== 'Number') throw badRequest(`Column "${c.name}" holds text: it can only be a Sentiment score.`);
  if (role === 'verbatim' && c.typeName !== 'String') throw badRequest(`Column "${c.name}" holds ${c.typeName === 'Number' ? 'numbers' : 'dates'}: only text can be a verbatim.`);
  if (change.claimType && (role !== 'dimension' || c.typeName !== 'String')) throw badRequest(`Column "${c.name}": only a text dimension can be restricted by a claim type.`);
  // A column that stops being a dimension stops restricting.
  const claim = role === 'dimension' && c.typeName === 'String' ? (change.claimType === null ? undefined : (change.claimType ?? c.claimType)) : undefined;
  const next = columnOf(
    {
      key: c.key,
      name: change.name ?? c.name,
      typeName: c.typeName,
      role,
      ...(role === 'score' || role === 'driver' ? { score: nextScore } : {}),
      whole: c.whole,
      hidden: change.hidden ?? c.isHidden,
      claimType: claim,
      hierarchy: change.hierarchy === null ? undefined : (change.hierarchy ?? c.hierarchy),
    },
    c.column,
  );
  return next;
}

/** Applies a PATCH: the definition and any columns a new verbatim needs, in one transaction; every process reads it again. */
export async function updateSource(db: Db, module: SmartModule, row: SourceRow, changes: SourceChanges): Promise<void> {
  await checkRoles(db, changes.roles);
  const byKey = new Map((changes.columns ?? []).map((c) => [c.key.toLowerCase(), c]));
  const unknown = [...byKey.keys()].filter((k) => !module.columns.some((c) => c.key.toLowerCase() === k));
  if (unknown.length) throw badRequest(`The data source has no column "${unknown[0]}".`);
  const columns = module.columns.map((c) => {
    const change = byKey.get(c.key.toLowerCase());
    if (!change) return c;
    if (c.derived) throw badRequest(`"${c.name}" is computed from the comments (text analysis): it cannot be changed.`);
    if (c.column === ROW_KEY || c.column === IMPORTED_AT) {
      if (change.role && change.role !== c.role) throw badRequest(`"${c.name}" keeps its role: it identifies or dates the rows.`);
      return { ...c, ...(change.name ? { name: change.name } : {}) };
    }
    return row.builtin ? changedBuiltin(c, change) : changedColumn(c, change);
  });
  if (!row.builtin) {
    // The filter bar's first six: recomputed, as the roles changed.
    columns.forEach((c) => (c.smartDataTags = c.smartDataTags?.filter((t) => t !== 'Core')));
    columns.filter((c) => c.dimension && c.role !== 'driver').slice(0, 6).forEach((c) => (c.smartDataTags = [...(c.smartDataTags ?? []), 'Core']));
  }
  const name = changes.name ?? row.name;
  const roles = changes.roles ?? module.roles;
  const next: SmartModule = { ...module, name, columns, roles: roles?.length ? roles : undefined };
  const added = columns.filter((c, i) => c.rawColumn && !module.columns[i].rawColumn);
  await db.tx(async (q) => {
    for (const c of added) {
      // A column that was a verbatim before has them already.
      await q.query(`ALTER TABLE ${module.table} ADD COLUMN IF NOT EXISTS ${c.rawColumn} VARCHAR`);
      await q.query(`ALTER TABLE ${module.table} ADD COLUMN IF NOT EXISTS ${c.flagColumn} VARCHAR`);
    }
    if (added.length) await sourceTableChanged(db, q, module.table, 'altered');
    await q.query("UPDATE nav_items SET nav_name = $2 WHERE module_id = $1 AND module_template = 'DataViewer'", [module.moduleId, name]);
    await q.query('UPDATE datasources SET name = $2, definition = $3, updated_at = CAST($4 AS TIMESTAMP) WHERE source_id = $1', [module.moduleId, name, definitionText(next), new Date()]);
    // Another column became the comment: what was read in the old one is forgotten, and the new one read.
    if (verbatimOf(next)?.key !== verbatimOf(module)?.key) {
      await forgetAnalyses(q, module.moduleId);
      if (verbatimOf(next)) await requestPass(q, module.moduleId, new Date(), true);
    }
    await definitionsChanged(q);
  });
  await reloadSources(db);
}
