/**
 * The smart filter bar's date choices (spec part 2): calendar ranges with weeks starting Monday,
 * in the user's local time, and the validation codes of a custom range.
 */

export const DATE_CHOICES = [
  'ThisWeek', 'LastWeek', 'ThisMonth', 'LastMonth', 'ThisQuarter', 'LastQuarter', 'ThisYear', 'LastYear',
  'Today', 'Yesterday', 'Last7Days', 'Last30Days', 'Last90Days', 'CustomRange', 'ClearDate',
] as const;
/** A calendar month of the month list, `Month:YYYY-MM`. */
export type MonthChoice = `Month:${number}-${string}`;
export type DateChoice = (typeof DATE_CHOICES)[number] | MonthChoice;

/** The smart filter's month list: the current month and the previous 5 (spec part 2), newest first. */
export function monthChoices(today: Date): MonthChoice[] {
  return Array.from({ length: 6 }, (_, i) => {
    const d = new Date(today.getFullYear(), today.getMonth() - i, 1);
    return `Month:${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}` as MonthChoice;
  });
}

/** The first day of a month choice, or null for any other choice. */
export function monthOf(choice: DateChoice): Date | null {
  const m = /^Month:(\d{4})-(\d{2})$/.exec(choice);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, 1) : null;
}

/** An inclusive range of whole days. */
export interface DayRange {
  from: Date;
  to: Date;
}

const day = (y: number, m: number, d: number) => new Date(y, m, d);
const addDays = (date: Date, n: number) => day(date.getFullYear(), date.getMonth(), date.getDate() + n);
const startOfWeek = (date: Date) => addDays(date, -((date.getDay() + 6) % 7)); // Monday

/** The days a choice covers on `today` (local time); null for Custom Range and Clear Date. */
export function rangeFor(choice: DateChoice, today: Date): DayRange | null {
  const month = monthOf(choice);
  if (month) return { from: month, to: day(month.getFullYear(), month.getMonth() + 1, 0) };
  const t = day(today.getFullYear(), today.getMonth(), today.getDate());
  const y = t.getFullYear();
  const m = t.getMonth();
  const q = Math.floor(m / 3) * 3;
  switch (choice) {
    case 'Today':
      return { from: t, to: t };
    case 'Yesterday':
      return { from: addDays(t, -1), to: addDays(t, -1) };
    case 'ThisWeek':
      return { from: startOfWeek(t), to: addDays(startOfWeek(t), 6) };
    case 'LastWeek':
      return { from: addDays(startOfWeek(t), -7), to: addDays(startOfWeek(t), -1) };
    case 'ThisMonth':
      return { from: day(y, m, 1), to: day(y, m + 1, 0) };
    case 'LastMonth':
      return { from: day(y, m - 1, 1), to: day(y, m, 0) };
    case 'ThisQuarter':
      return { from: day(y, q, 1), to: day(y, q + 3, 0) };
    case 'LastQuarter':
      return { from: day(y, q - 3, 1), to: day(y, q, 0) };
    case 'ThisYear':
      return { from: day(y, 0, 1), to: day(y, 11, 31) };
    case 'LastYear':
      return { from: day(y - 1, 0, 1), to: day(y - 1, 11, 31) };
    case 'Last7Days':
      return { from: addDays(t, -6), to: t };
    case 'Last30Days':
      return { from: addDays(t, -29), to: t };
    case 'Last90Days':
      return { from: addDays(t, -89), to: t };
    default:
      return null;
  }
}

/**
 * Today's date in the time zone `zone` (the portal's, from its settings), as a local Date of that
 * day: a browser elsewhere in the world counts Last 7 Days as the same days the server does.
 */
export function dayIn(zone: string, now: Date): Date {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(now).map((p) => [p.type, p.value]));
  return day(Number(parts.year), Number(parts.month) - 1, Number(parts.day));
}

const pad = (n: number) => String(n).padStart(2, '0');
/** YYYY-MM-DD in local time. */
export const formatDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/**
 * The smart filter values of a day range: the lower bound at the start of the first day, the upper
 * bound one second before the day after the last (spec: the upper bound is reduced by one second).
 */
export function toFilterBounds(range: DayRange): { filterValue: string; filterValueUpperBound: string } {
  return { filterValue: `${formatDay(range.from)}T00:00:00`, filterValueUpperBound: `${formatDay(range.to)}T23:59:59` };
}

export type DateRangeError = 'dateRangeRequired' | 'invalidDateFormat' | 'dateRangeExceeded' | 'dateRangeMoreThan6Weeks';

export const MAX_RANGE_DAYS = 42;

function parseDay(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const d = day(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.getMonth() === Number(m[2]) - 1 && d.getDate() === Number(m[3]) ? d : null;
}

export interface CustomRangeRules {
  /** Null dates allowed: an empty range clears the filter instead of failing. */
  allowNullDates?: boolean;
  /** Skip the 6-week limit. */
  ignoreRangeValidation?: boolean;
  /** A set default range (in days) that the custom range may not exceed. */
  defaultRangeDays?: number;
}

/** The custom-range rules a data source sets (its settings; none set means both dates and at most 6 weeks). */
export function customRangeRulesOf(source: { allowNullDates?: boolean; ignoreRangeValidation?: boolean; defaultRangeDays?: number | null } | null | undefined): CustomRangeRules {
  return {
    allowNullDates: source?.allowNullDates === true,
    ignoreRangeValidation: source?.ignoreRangeValidation === true,
    defaultRangeDays: typeof source?.defaultRangeDays === 'number' && source.defaultRangeDays > 0 ? source.defaultRangeDays : undefined,
  };
}

/** Checks a custom range typed as YYYY-MM-DD; the result is the range or the spec's error code. */
export function validateCustomRange(fromText: string, toText: string, rules: CustomRangeRules = {}): DayRange | null | { error: DateRangeError } {
  if (!fromText.trim() || !toText.trim()) return rules.allowNullDates && !fromText.trim() && !toText.trim() ? null : { error: 'dateRangeRequired' };
  const from = parseDay(fromText);
  const to = parseDay(toText);
  if (!from || !to || from > to) return { error: 'invalidDateFormat' };
  const days = Math.round((to.getTime() - from.getTime()) / 86_400_000) + 1;
  if (rules.defaultRangeDays !== undefined && days > rules.defaultRangeDays) return { error: 'dateRangeExceeded' };
  if (!rules.ignoreRangeValidation && days > MAX_RANGE_DAYS) return { error: 'dateRangeMoreThan6Weeks' };
  return { from, to };
}
