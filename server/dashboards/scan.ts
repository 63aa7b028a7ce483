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

/** A category label as SQL text: blanks become '[Blank]' (the client's ShowBlank rule drops them). */
export const categoryLabel = (column: string) => `COALESCE(NULLIF(CAST(${column} AS VARCHAR), ''), '${BLANK}')`;
