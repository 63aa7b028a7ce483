import type { Db } from '../db';
import type { Principal } from '../auth/tokens';
import { badRequest } from '../http/errors';
import { sourcesOf } from '../datasources/registry';
import { columnByKey, type SmartModule } from '../smartdata/schema';
import type { DashboardBody } from '../../src/api/dashboard-builder';
import { mapBodyKeys, missingColumn } from './columns';
import { readDocument } from './store';
import { createDashboard } from './write';
import { sourceFor } from './access';

/**
 * A body moved onto another source: each column a tile names is the target's column of the same
 * key, else of the same name (as `from` names it); a 400 naming the tile and the column otherwise.
 */
export function mapOnto(body: DashboardBody, from: ReadonlyArray<{ key: string; name: string }>, to: SmartModule): DashboardBody {
  return mapBodyKeys(body, (key, tile) => {
    const same = columnByKey(to, key);
    if (same) return same.key;
    const origin = from.find((c) => c.key.toLowerCase() === key.toLowerCase());
    const named = origin && to.columns.find((c) => !c.isHidden && c.name.toLowerCase() === origin.name.toLowerCase());
    if (named) return named.key;
    throw badRequest(missingColumn(tile, key, to.name, origin?.name));
  });
}

/** POST /api/dashboards/{id}/duplicate: a draft of the caller's with what they see of it, on its source or another. */
export async function duplicateDashboard(db: Db, user: Principal, id: string, input: { name: string; moduleId?: string }, now: Date): Promise<string> {
  const doc = await readDocument(db, user, id);
  // `draft` is what the caller sees of it: an editor's draft, a viewer's published body.
  const body = doc.draft;
  const target = sourceFor(db, user, input.moduleId ?? doc.moduleId);
  const from = sourcesOf(db).get(doc.moduleId)?.columns ?? [];
  return createDashboard(db, user, { name: input.name, description: doc.description, module: target, body: target.moduleId === doc.moduleId ? body : mapOnto(body, from, target) }, now);
}
