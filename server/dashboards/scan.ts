import type { Claim } from '../identity/users';
import { columnByKey, isMultiValued, type Column, type SmartModule } from '../smartdata/schema';
import { BLANK, buildWhere, type SmartFilter, type Where } from '../smartdata/where';
import { formatBound, periodsFor, withPeriod, yearBefore, type Period } from '../smartdata/periods';
import { badRequest } from '../http/errors';
import type { CompareWith, PeriodBounds } from '../../src/api/visual-types';

/** One scan over both periods: the WHERE spans previous start to current end; `current`/`previous` split it. */
export interface PeriodScan {
  where: Where;
  current: string;
  previous: string;
  periods: { current: Period; previous: Period };
}

export const bounds = (p: Period): PeriodBounds => ({ startDateTime: formatBound(p.start), endDateTime: formatBound(p.end) });

/**
 * The rows of the current period and of the one it is compared with: the period just before it
 * (default), or the same dates a year back, when the rows in between belong to neither.
 */
export function periodScan(module: SmartModule, filters: SmartFilter[], claims: Claim[] | null, now: Date, compare: CompareWith = 'previous'): PeriodScan {
  const before = periodsFor(filters, module.dateKey, now);
  const periods = compare === 'lastYear' ? { current: before.current, previous: yearBefore(before.current) } : before;
  const where = buildWhere(module, withPeriod(filters, module.dateKey, { start: periods.previous.start, end: periods.current.end }), claims);
  const date = columnByKey(module, module.dateKey)!.column;
  const split = where.bind(periods.current.start);
  const current = `${date} >= CAST(${split} AS TIMESTAMP)`;
  if (compare === 'previous') return { where, current, previous: `${date} < CAST(${split} AS TIMESTAMP)`, periods };
  const previous = `${date} <= CAST(${where.bind(periods.previous.end)} AS TIMESTAMP)`;
  where.add(`(${current} OR ${previous})`);
  return { where, current, previous, periods };
}

/**
 * A dimension column named by a visual's settings (an axis, a series, a table's rows, a share);
 * anything else is a clear 400, never SQL. A multi-valued one (Topic) is refused too: grouped by it a
 * row counts once per value, so a tile's totals, shares and "Others" would count rows twice (the
 * topic-impact tile and the analytics viewer read topics; a tile may still filter by one).
 */
export function dimension(module: SmartModule, key: string): Column {
  const col = columnByKey(module, key);
  if (!col || !col.dimension) throw badRequest(`"${key}" is not a dimension of module "${module.moduleId}".`);
  if (isMultiValued(col)) throw badRequest(`"${col.key}" cannot group a tile: a row may have several, so it would be counted more than once. Filter by it, or use the topic-impact tile.`);
  return col;
}

/**
 * A dimension of a GROUP BY: the rows are grouped by `key`, a cheap expression per row, and each
 * group is shown as `label(its key)`, computed once per group. Text made per row (a timestamp cast
 * to text, '[Blank]' for blanks) costs more than the aggregates (issue 50: a 90-day trend at 1M
 * responses took half its time formatting the week of each row).
 */
export interface Grouping {
  key: string;
  label: (key: string) => string;
  /** The columns `key` reads (a rollup must keep them, server/rollups/). */
  reads: string[];
}

/** No dimension: every row in one group, shown as ''. */
export const NO_GROUPING: Grouping = { key: "''", label: (k) => k, reads: [] };

/** A category: NULL and '' are one group (NULL), shown as '[Blank]' (the client's ShowBlank rule drops them). */
export const categoryOf = (column: string): Grouping => ({ key: `NULLIF(CAST(${column} AS VARCHAR), '')`, label: (k) => `COALESCE(${k}, '${BLANK}')`, reads: [column] });

/** A category label as SQL text, per row (a filter's or a share's comparison). */
export const categoryLabel = (column: string) => {
  const c = categoryOf(column);
  return c.label(c.key);
};

/**
 * A query of `values` ([alias, aggregate]) over `table`'s rows under `where`, grouped by `dims`
 * ([alias, grouping]) and sorted by their labels (none: one row, unsorted).
 */
export function groupedQuery(table: string, where: string, dims: ReadonlyArray<[string, Grouping]>, values: ReadonlyArray<[string, string]>): string {
  const select = (dim: (alias: string, g: Grouping) => string, value: (alias: string, v: string) => string) =>
    [...dims.map(([a, g]) => `${dim(a, g)} AS ${a}`), ...values.map(([a, v]) => `${value(a, v)} AS ${a}`)].join(', ');
  const inner = `SELECT ${select((_, g) => g.key, (_, v) => v)} FROM ${table} ${where}`;
  if (!dims.length) return inner;
  const positions = dims.map((_, i) => i + 1).join(', ');
  return `SELECT ${select((a, g) => g.label(a), (a) => a)} FROM (${inner} GROUP BY ${positions}) cx_groups ORDER BY ${positions}`;
}
