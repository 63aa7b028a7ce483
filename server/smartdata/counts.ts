import type { Db, Queryable } from '../db';
import type { Claim } from '../identity/users';
import { buildWhere, BLANK, NO_INFO, type SmartFilter, type Where } from './where';
import { rollupOf, countRows, rollupSource } from '../rollups/plan';
import type { Rollup } from '../rollups/store';
import { isMultiValued, type Column, type SmartModule } from './schema';
import { rowsOf } from './rows';

/** At most this many values per dimension are returned; more means RequiresFiltering. */
export const DIMENSION_VALUE_LIMIT = 100;

export interface DimensionValue {
  dimensionValue: string;
  count: number;
  dimensionLabel: string;
}

type Counted = { v: string | number | null; n: number };

/** The answer for one dimension from its counted values, largest first; every kind of blank is one [Blank] entry. */
function dimensionResult(col: Column, rows: Counted[], total: number) {
  // '(no info)' is a blank too (spec part 2 section 5): shown as [Blank], counted with the others.
  const isBlank = (v: Counted['v']) => v === null || v === '' || v === NO_INFO;
  const blanks = rows.filter((r) => isBlank(r.v)).reduce((n, r) => n + r.n, 0);
  const merged = [...rows.filter((r) => !isBlank(r.v)), ...(blanks ? [{ v: null, n: blanks }] : [])].sort(byCount);
  const values: DimensionValue[] = merged.slice(0, DIMENSION_VALUE_LIMIT).map((r) => {
    const blank = r.v === null;
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

const byCount = (a: Counted, b: Counted) => b.n - a.n || String(a.v ?? '').localeCompare(String(b.v ?? ''));

/**
 * Value counts of many dimensions in one scan (GROUPING SETS). Only for dimensions without a
 * filter of their own, whose counts all share the full WHERE clause.
 */
export async function dimensionCountsTogether(db: Db, module: SmartModule, cols: Column[], filters: SmartFilter[], claims: Claim[] | null): Promise<ReturnType<typeof dimensionResult>[]> {
  // A row counts once per topic it is about: that scan is the multi-valued column's own.
  if (cols.some(isMultiValued)) {
    const [apart, together] = [cols.filter(isMultiValued), cols.filter((c) => !isMultiValued(c))];
    const [shared, ...own] = await Promise.all([dimensionCountsTogether(db, module, together, filters, claims), ...apart.map((c) => dimensionCounts(db, module, c, filters, claims))]);
    return [...shared, ...own];
  }
  // The text analysis's columns (Sentiment) are read through a join: the source's own columns keep their plain scan beside it.
  if (cols.some((c) => c.derived) && cols.some((c) => !c.derived)) {
    const [own, derived] = await Promise.all([cols.filter((c) => !c.derived), cols.filter((c) => c.derived)].map((part) => dimensionCountsTogether(db, module, part, filters, claims)));
    return [...own, ...derived];
  }
  if (cols.length === 0) return [];
  const w = buildWhere(module, filters, claims);
  const q = rowsOf(db, module);
  const rolled = await fromRollups(q, module, cols, filters, claims, w);
  if (rolled) return rolled.map((counted, i) => dimensionResult(cols[i], counted, counted.length));
  const names = cols.map((c) => c.column);
  const rows = await q.query<Record<string, string | number | null> & { g: number; n: number }>(
    `SELECT ${names.join(', ')}, GROUPING(${names.join(', ')}) AS g, count(*) AS n
     FROM ${module.table} ${w.sql} GROUP BY GROUPING SETS (${names.map((c) => `(${c})`).join(', ')})`,
    w.params,
  );
  const full = 2 ** cols.length - 1;
  return cols.map((col, i) => {
    // GROUPING() sets a bit per column left out of the set; the first column is the highest bit.
    const g = full - 2 ** (cols.length - 1 - i);
    const counted = rows.filter((r) => Number(r.g) === g).map((r) => ({ v: r[col.column], n: r.n })).sort(byCount);
    return dimensionResult(col, counted, counted.length);
  });
}

/**
 * Value counts of one dimension under every filter except its own (so a chosen value does not
 * hide its siblings), and under the caller's claims. Only values with a count above 0 appear.
 */
export async function dimensionCounts(db: Db, module: SmartModule, col: Column, filters: SmartFilter[], claims: Claim[] | null, contains?: string) {
  const w = buildWhere(module, filters, claims, col.key);
  if (contains) w.add(`CAST(${col.column} AS VARCHAR) ILIKE ${w.bind(`%${contains.replace(/[\\%_]/g, (m) => `\\${m}`)}%`)} ESCAPE '\\'`);
  const q = rowsOf(db, module);
  const rows = await countRows<Counted & { total: number }>(q, isMultiValued(col) ? null : await rollupSource(q, module, filters, claims, undefined, col.key), [col.column], module.table, w, (from, count) =>
    `SELECT v, n, count(*) OVER () AS total FROM (
       SELECT ${col.column} AS v, ${count} AS n FROM ${from} ${w.sql} GROUP BY ${col.column}
     ) counted ORDER BY n DESC, v LIMIT ${DIMENSION_VALUE_LIMIT + 1}`,
  );
  return dimensionResult(col, rows.sort(byCount), rows[0]?.total ?? 0);
}

export async function recordCount(db: Db, module: SmartModule, filters: SmartFilter[], claims: Claim[] | null): Promise<number> {
  const w = buildWhere(module, filters, claims);
  const q = rowsOf(db, module);
  const [row] = await countRows<{ n: number }>(q, await rollupSource(q, module, filters, claims), [], module.table, w, (from, count) => `SELECT COALESCE(${count}, 0) AS n FROM ${from} ${w.sql}`);
  return Number(row.n);
}

/**
 * Each dimension's counted values from a rollup of the rows by day and by it (and the columns the
 * WHERE reads), when every one of them is ready; else null, and the rows are read in one scan.
 */
async function fromRollups(q: Queryable, module: SmartModule, cols: Column[], filters: SmartFilter[], claims: Claim[] | null, w: Where): Promise<Counted[][] | null> {
  const at = await rollupSource(q, module, filters, claims);
  const rollups = at ? cols.map((c) => rollupOf(at, [c.column])) : [];
  if (!at || !rollups.every((r) => r)) return null;
  const read = (col: Column, r: Rollup) => at.rollups.query<Counted>(`SELECT ${col.column} AS v, sum(${r.count}) AS n FROM ${r.table} ${w.sql} GROUP BY ${col.column}`, w.params);
  const counted = await Promise.all(cols.map((c, i) => read(c, rollups[i]!))).catch(() => null);
  return counted && counted.map((rows) => rows.map((r) => ({ v: r.v, n: Number(r.n) })).sort(byCount));
}
