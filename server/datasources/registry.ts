import type { Db, Queryable } from '../db';
import { notFound } from '../http/errors';
import { hasAnyRole } from '../identity/users';
import type { SmartModule } from '../smartdata/schema';
import { withTextColumns } from '../text/dimensions';

/** The definitions a process has read, by database, and the epoch they were read at. */
const loaded = new WeakMap<Db, { epoch: number; modules: Map<string, SmartModule> }>();

/**
 * The data sources' definitions, read again when this process has not read the latest. DuckDB's one
 * process reloads after its own changes (`reloadSources`), so it reads nothing per request; each of
 * several PostgreSQL processes compares one number per request (the epoch a change raises).
 */
export async function syncSources(db: Db): Promise<ReadonlyMap<string, SmartModule>> {
  const mine = loaded.get(db);
  if (mine && db.writes) return mine.modules;
  const [row] = await db.query<{ epoch: number }>('SELECT epoch FROM datasource_epoch WHERE id = 1');
  const epoch = Number(row?.epoch ?? 0);
  if (mine && mine.epoch === epoch) return mine.modules;
  const rows = await db.query<{ source_id: string; name: string; definition: string }>('SELECT source_id, name, definition FROM datasources ORDER BY source_id');
  // A source with a verbatim reads its comments' sentiment too (issue 49), whatever its definition says.
  const modules = new Map(rows.map((r) => [r.source_id, withTextColumns({ ...(JSON.parse(r.definition) as Omit<SmartModule, 'moduleId' | 'name'>), moduleId: r.source_id, name: r.name })]));
  loaded.set(db, { epoch, modules });
  return modules;
}

/** Marks the definitions changed, in the transaction that changed them: every process reads them again. */
export const definitionsChanged = (q: Queryable) => q.query('UPDATE datasource_epoch SET epoch = epoch + 1 WHERE id = 1');

/** After this process changed a definition: forget what it read, and read again. */
export async function reloadSources(db: Db): Promise<ReadonlyMap<string, SmartModule>> {
  loaded.delete(db);
  return syncSources(db);
}

/** The definitions as last read (the API reads them before every request: `syncSources`). */
export function sourcesOf(db: Db): ReadonlyMap<string, SmartModule> {
  const mine = loaded.get(db);
  if (!mine) throw new Error('The data sources were not read yet: await syncSources(db) first.');
  return mine.modules;
}

/** A module a caller may read: its roles allow them. */
export const mayRead = (module: SmartModule, callerRoles: readonly string[]) => !module.roles || hasAnyRole(callerRoles, module.roles);

/** The module of a request's path or query; 404 for an unknown one, or one the caller's roles may not read. */
export function moduleById(db: Db, id: string, callerRoles: readonly string[]): SmartModule {
  const module = sourcesOf(db).get(id);
  if (!module || !mayRead(module, callerRoles)) throw notFound(`No smart-data module "${id}".`);
  return module;
}

/** The claim types the portal knows: those the sources' columns are restricted by. */
export function claimTypesOf(db: Db): string[] {
  const types = new Set<string>();
  for (const m of sourcesOf(db).values()) for (const c of m.columns) if (c.claimType) types.add(c.claimType);
  return [...types];
}
