import type { Db } from '../db';
import type { Claim } from '../identity/users';
import { buildWhere, BLANK, type SmartFilter } from './where';
import type { Column, SmartModule } from './schema';

/** At most this many values per dimension are returned; more means RequiresFiltering. */
export const DIMENSION_VALUE_LIMIT = 100;

export interface DimensionValue {
  dimensionValue: string;
  count: number;
  dimensionLabel: string;
}

/**
 * Value counts of one dimension under every filter except its own (so a chosen value does not
 * hide its siblings), and under the caller's claims. Only values with a count above 0 appear.
 */
export async function dimensionCounts(db: Db, module: SmartModule, col: Column, filters: SmartFilter[], claims: Claim[] | null, contains?: string) {
  const w = buildWhere(module, filters, claims, col.key);
  if (contains) w.add(`CAST(${col.column} AS VARCHAR) ILIKE ${w.bind(`%${contains.replace(/[\\%_]/g, (m) => `\\${m}`)}%`)} ESCAPE '\\'`);
  const rows = await db.query<{ v: string | number | null; n: number; total: number }>(
    `SELECT v, n, count(*) OVER () AS total FROM (
       SELECT ${col.column} AS v, count(*) AS n FROM ${module.table} ${w.sql} GROUP BY ${col.column}
     ) counted ORDER BY n DESC, v LIMIT ${DIMENSION_VALUE_LIMIT + 1}`,
    w.params,
  );
  const total = rows[0]?.total ?? 0;
  const values: DimensionValue[] = rows.slice(0, DIMENSION_VALUE_LIMIT).map((r) => {
    const blank = r.v === null || r.v === '';
    return { dimensionValue: blank ? '' : String(r.v), count: r.n, dimensionLabel: blank ? BLANK : String(r.v) };
  });
  return {
    filterName: col.name,
    filterKey: col.key,
    filterDataType: col.typeName,
    filterDimensionStatus: total > DIMENSION_VALUE_LIMIT ? 'RequiresFiltering' : 'FullyReturned',
    totalFilterDimension: total,
    filterDimensionValues: values,
  };
}

export async function recordCount(db: Db, module: SmartModule, filters: SmartFilter[], claims: Claim[] | null): Promise<number> {
  const w = buildWhere(module, filters, claims);
  const [row] = await db.query<{ n: number }>(`SELECT count(*) AS n FROM ${module.table} ${w.sql}`, w.params);
  return row.n;
}
