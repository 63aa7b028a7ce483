import type { Claim } from '../identity/users';
import { columnByKey, type SmartModule } from '../smartdata/schema';
import { isSearch, type SmartFilter, type Where } from '../smartdata/where';
import type { Period } from '../smartdata/periods';
import type { Queryable, Row } from '../db/types';
import type { Part, Rollup, Rollups } from './store';

const DAY = 86_400_000;
/** A bound a rollup's days compare with as the rows do: a day's start, or its last whole second (23:59:59). */
const startsDay = (d: Date) => d.getTime() % DAY === 0;
const endsDay = (d: Date) => (d.getTime() + 1000) % DAY === 0;

type Periods = { current: Period; previous: Period };

/**
 * The columns a scan's WHERE reads, when a rollup of them (by day) answers it as the rows do; null
 * when it cannot: a period that is not whole days (of UTC, as the rows' timestamps are stored), a
 * search, a text-analysis or topic filter (kept beside the rows), or a filter on another date.
 */
export function rollableWhere(module: SmartModule, filters: readonly SmartFilter[], claims: readonly Claim[] | null, periods?: Periods, skipKey?: string): string[] | null {
  if (periods && (![periods.current.start, periods.previous.start].every(startsDay) || ![periods.current.end, periods.previous.end].every(endsDay))) return null;
  const columns = new Set<string>();
  for (const scope of module.rows ? [module.rows].flat() : []) columns.add(scope.column);
  for (const f of filters) {
    if (isSearch(f)) return null;
    const col = columnByKey(module, f.filterKey);
    if (!col) return null;
    if (col.key === skipKey) continue;
    if (col.key.toLowerCase() === module.dateKey.toLowerCase()) {
      // A scan's date filter became its periods; any other bounds the rows as written.
      if (periods) continue;
      const [lo, hi] = [f.filterValue, f.filterValueUpperBound].map((v) => (v === null || v === undefined || v === '' ? null : new Date(String(v))));
      if ((lo && !startsDay(lo)) || (hi && !endsDay(hi))) return null;
      continue;
    }
    if (col.derived || col.typeName === 'DateTime') return null;
    columns.add(col.column);
  }
  for (const col of module.columns) {
    if (col.claimType && claims?.some(([type]) => type === col.claimType)) columns.add(col.column);
  }
  return [...columns];
}

/** Whether a rollup may keep `column` of `module`: a column of its own table, not one computed beside it. */
export const storedColumn = (module: SmartModule, column: string) => module.columns.some((c) => c.column === column && !c.derived);

/** Where a scan's rollups are read: the engine's rollups, the source and the columns its WHERE reads. */
export interface RollupSource {
  rollups: Rollups;
  source: { table: string; date: string; columns: string[]; stored: (column: string) => boolean };
}

/** The rollups a read of `module` under `filters` (and a scan's `periods`) may use on `q`, or null: read the rows. */
export async function rollupSource(q: Queryable, module: SmartModule, filters: readonly SmartFilter[], claims: readonly Claim[] | null, periods?: Periods, skipKey?: string): Promise<RollupSource | null> {
  const columns = q.rollups ? rollableWhere(module, filters, claims, periods, skipKey) : null;
  const rollups = columns && (await q.rollups!());
  if (!rollups || !columns) return null;
  const date = columnByKey(module, module.dateKey)!.column;
  return { rollups, source: { table: module.table, date, columns, stored: (c) => storedColumn(module, c) } };
}

/**
 * A counting query over the rows under `where`: `sql(from, count)` is asked with a rollup that
 * also keeps the columns `keep`, where one is ready, and the sum of its groups' row counts; else
 * with the source's table and `count(*)`.
 */
export async function countRows<T extends Row>(q: Queryable, at: RollupSource | null, keep: readonly string[], table: string, where: Where, sql: (from: string, count: string) => string): Promise<T[]> {
  const rollup = at && rollupOf(at, keep);
  const rows = rollup && (await at!.rollups.query<T>(sql(rollup.table, `sum(${rollup.count})`), where.params).catch(() => null));
  return rows ?? q.query<T>(sql(table, 'count(*)'), where.params);
}

/** A ready rollup that also keeps `keep` and `parts` (none: row counts alone), or null (one is then made, for a later call). */
export function rollupOf(at: RollupSource, keep: readonly string[], parts: Part[] = []): Rollup | null {
  const columns = [...new Set([...at.source.columns, ...keep])].sort();
  return columns.every(at.source.stored) ? at.rollups.ready({ source: at.source.table, date: at.source.date, columns, parts }) : null;
}
