import type { Db } from '../db';
import type { Claim } from '../identity/users';
import { isMultiValued, type SmartModule } from '../smartdata/schema';
import { dimensionCountsTogether } from '../smartdata/counts';
import { isReviewSource } from '../reviews/tiles';
import type { BuilderFields } from '../../src/api/dashboard-builder';

/** A dimension offers at most this many of its values (for "share of a value" and tile filters). */
export const MAX_FIELD_VALUES = 50;

/** The source's visible columns in the builder's words (roles, scores, hierarchy) and its dimensions' values under the caller's claims. */
export async function builderFields(db: Db, module: SmartModule, claims: Claim[]): Promise<BuilderFields> {
  // The row id is no measure or breakdown: averaging it would be offered as a number otherwise.
  const visible = module.columns.filter((c) => !c.isHidden && c.column !== module.idColumn);
  const dims = visible.filter((c) => c.dimension);
  const counted = await dimensionCountsTogether(db, module, dims, [], claims);
  const valuesOf = new Map(counted.map((d) => [d.filterKey, d.filterDimensionValues.filter((v) => v.dimensionValue !== '').slice(0, MAX_FIELD_VALUES).map((v) => v.dimensionValue)]));
  return {
    moduleId: module.moduleId,
    name: module.name,
    dateKey: module.dateKey,
    // Review tiles read the reviews table itself.
    reviews: isReviewSource(module),
    fields: visible.map((c) => ({
      key: c.key,
      name: c.name,
      typeName: c.typeName,
      role: c.role ?? null,
      ...(c.score ? { score: c.score } : {}),
      dimension: !!c.dimension,
      ...(isMultiValued(c) ? { multiValued: true } : {}),
      ...(c.hierarchy ? { hierarchy: c.hierarchy } : {}),
      ...(valuesOf.has(c.key) ? { values: valuesOf.get(c.key) } : {}),
    })),
  };
}
