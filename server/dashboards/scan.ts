import type { Claim } from '../identity/users';
import { columnByKey, type Column, type SmartModule } from '../smartdata/schema';
import { buildWhere, type SmartFilter, type Where } from '../smartdata/where';
import { formatBound, periodsFor, withPeriod, type Period } from '../smartdata/periods';
import { badRequest } from '../http/errors';
import type { PeriodBounds } from '../../src/api/visual-types';

/** One scan over both periods: the WHERE spans previous start to current end; `current`/`previous` split it. */
export interface PeriodScan {
  where: Where;
  current: string;
  previous: string;
  periods: { current: Period; previous: Period };
}

export const bounds = (p: Period): PeriodBounds => ({ startDateTime: formatBound(p.start), endDateTime: formatBound(p.end) });

export function periodScan(module: SmartModule, filters: SmartFilter[], claims: Claim[] | null, now: Date): PeriodScan {
  const periods = periodsFor(filters, module.dateKey, now);
  const where = buildWhere(module, withPeriod(filters, module.dateKey, { start: periods.previous.start, end: periods.current.end }), claims);
  const date = columnByKey(module, module.dateKey)!.column;
  const split = where.bind(periods.current.start);
  return {
    where,
    current: `${date} >= CAST(${split} AS TIMESTAMP)`,
    previous: `${date} < CAST(${split} AS TIMESTAMP)`,
    periods,
  };
}

/** A dimension column named by a visual's settings; anything else is a clear 400, never SQL. */
export function dimension(module: SmartModule, key: string): Column {
  const col = columnByKey(module, key);
  if (!col || !col.dimension) throw badRequest(`"${key}" is not a dimension of module "${module.moduleId}".`);
  return col;
}
