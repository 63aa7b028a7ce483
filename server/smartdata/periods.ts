import { badRequest } from '../http/errors';
import { FIRST_DATE, parseDate, type SmartFilter } from './where';

export interface Period {
  start: Date;
  end: Date;
}

/** 'YYYY-MM-DD HH:mm:ss' in UTC, the format of the spec's period bounds. */
export const formatBound = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

/** Midnight starting the day `days` after the day of `d`, in the portal's time zone (server/portal-time.ts). */
export function dayStart(d: Date, days = 0): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);
}

/** Days a period has when no date is chosen: the spec's default range, the last 7 days. */
export const DEFAULT_PERIOD_DAYS = 7;

/**
 * The current period is the date filter's window, else the last 7 whole days up to the end of
 * today (the filter bar's Last 7 Days, in the portal's time zone); the previous period is the window
 * of the same length that ends one second before it (spec: current vs previous), so they never
 * overlap. A rolling "now minus 168 hours" had spanned eight dates and moved minute by minute.
 */
export function periodsFor(filters: SmartFilter[], dateKey: string, now: Date): { current: Period; previous: Period } {
  const date = filters.find((f) => f.filterKey.toLowerCase() === dateKey.toLowerCase());
  if (date && date.filterValue && date.filterValueUpperBound) {
    const start = parseDate(date.filterValue, dateKey);
    const end = parseDate(date.filterValueUpperBound, dateKey);
    if (start > end) throw badRequest(`Filter "${dateKey}": the period is not valid (invalidDateFormat).`);
    const previousEnd = new Date(start.getTime() - 1000);
    const previousStart = new Date(previousEnd.getTime() - (end.getTime() - start.getTime()));
    // The previous period must be a date the engines hold too (a period starting in year 1 has none before it).
    if (previousStart.getTime() < FIRST_DATE) throw badRequest(`Filter "${dateKey}": the period is not valid (invalidDateFormat).`);
    return { current: { start, end }, previous: { start: previousStart, end: previousEnd } };
  }
  // Whole days counted by the calendar, so a change of summer time keeps each day whole.
  const start = dayStart(now, 1 - DEFAULT_PERIOD_DAYS);
  const end = new Date(dayStart(now, 1).getTime() - 1000);
  const previousStart = dayStart(now, 1 - 2 * DEFAULT_PERIOD_DAYS);
  return { current: { start, end }, previous: { start: previousStart, end: new Date(start.getTime() - 1000) } };
}

/** The filters with the date filter replaced by a period. */
export function withPeriod(filters: SmartFilter[], dateKey: string, period: Period): SmartFilter[] {
  return [
    ...filters.filter((f) => f.filterKey.toLowerCase() !== dateKey.toLowerCase()),
    { filterKey: dateKey, filterDataType: 'DateTime', filterValue: period.start.toISOString(), filterValueUpperBound: period.end.toISOString() },
  ];
}

/** The same dates one year back (29 February falls on 1 March), in the portal's time zone like the periods themselves. */
export function yearBefore(p: Period): Period {
  const back = (d: Date) => {
    const x = new Date(d);
    x.setFullYear(x.getFullYear() - 1);
    return x;
  };
  const start = back(p.start);
  // The engines hold years from 1 on (see periodsFor).
  if (start.getTime() < FIRST_DATE) throw badRequest('The period a year back is not a date the data can hold.');
  return { start, end: back(p.end) };
}
