import { badRequest } from '../http/errors';
import type { SmartFilter } from './where';

export interface Period {
  start: Date;
  end: Date;
}

/** 'YYYY-MM-DD HH:mm:ss' in UTC, the format of the spec's period bounds. */
export const formatBound = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

/**
 * The current period is the date filter's window (else the last 7 days up to `now`); the previous
 * period is the window of the same length that ends just before it (spec: current vs previous).
 */
export function periodsFor(filters: SmartFilter[], dateKey: string, now: Date): { current: Period; previous: Period } {
  const date = filters.find((f) => f.filterKey.toLowerCase() === dateKey.toLowerCase());
  let start: Date;
  let end: Date;
  if (date && date.filterValue && date.filterValueUpperBound) {
    start = new Date(String(date.filterValue));
    end = new Date(String(date.filterValueUpperBound));
    if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || start > end) throw badRequest(`Filter "${dateKey}": the period is not valid (invalidDateFormat).`);
  } else {
    // To the whole second, as the bounds are shown: the same question within a second is the same
    // SQL and parameters, so the query cache can answer it.
    end = new Date(Math.floor(now.getTime() / 1000) * 1000);
    start = new Date(end.getTime() - 7 * 86_400_000 + 1000);
  }
  const length = end.getTime() - start.getTime();
  const previousEnd = new Date(start.getTime() - 1000);
  return { current: { start, end }, previous: { start: new Date(previousEnd.getTime() - length), end: previousEnd } };
}

/** The filters with the date filter replaced by a period. */
export function withPeriod(filters: SmartFilter[], dateKey: string, period: Period): SmartFilter[] {
  return [
    ...filters.filter((f) => f.filterKey.toLowerCase() !== dateKey.toLowerCase()),
    { filterKey: dateKey, filterDataType: 'DateTime', filterValue: period.start.toISOString(), filterValueUpperBound: period.end.toISOString() },
  ];
}
