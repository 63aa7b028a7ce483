import { DATE_CHOICES, type DateChoice } from './date-ranges';

/** Days 'YYYY-MM-DD', first and last included: a period that stays the same whenever it is opened. */
export interface DayRangeText {
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^Month:\d{4}-\d{2}$/;

/**
 * A dashboard address that opens with filters: `?date=Last7Days&f.Region=North`, or with fixed
 * days `?date=CustomRange&from=2026-03-01&to=2026-03-07` (an alert's e-mail and notification lead
 * there with the days it measured). Values are the dimension values as the filter bar shows them.
 */
export function filterLink(path: string, date: DateChoice | DayRangeText, filters: Array<{ key: string; value: string }>): string {
  const q = new URLSearchParams(typeof date === 'string' ? { date } : { date: 'CustomRange', from: date.from, to: date.to });
  for (const f of filters) q.append(`f.${f.key}`, f.value);
  return `${path}?${q}`;
}

export interface LinkedFilters {
  dateChoice: DateChoice;
  customFrom?: string;
  customTo?: string;
  values: Record<string, string[]>;
}

/** The filters such an address carries, or null when it carries none (a plain dashboard address). */
export function filtersOfLink(query: URLSearchParams): LinkedFilters | null {
  const date = query.get('date');
  const values: Record<string, string[]> = {};
  for (const [k, v] of query) if (k.startsWith('f.') && k.length > 2 && v) (values[k.slice(2)] ??= []).push(v);
  if (!date && Object.keys(values).length === 0) return null;
  const [from, to] = [query.get('from') ?? '', query.get('to') ?? ''];
  if (date === 'CustomRange' && DAY.test(from) && DAY.test(to)) return { dateChoice: 'CustomRange', customFrom: from, customTo: to, values };
  const known = (DATE_CHOICES as readonly string[]).includes(date ?? '') || MONTH.test(date ?? '');
  const dateChoice = date !== 'CustomRange' && known ? (date as DateChoice) : 'Last7Days';
  return { dateChoice, values };
}

/**
 * The inverse of filtersOfLink: the address of `path` with the filters chosen on it (a shared
 * dashboard link). A custom range without both days says the default period instead.
 */
export function linkOfFilters(path: string, filters: LinkedFilters): string {
  const { dateChoice, customFrom, customTo } = filters;
  const days = dateChoice === 'CustomRange' && customFrom && customTo && DAY.test(customFrom) && DAY.test(customTo) ? { from: customFrom, to: customTo } : null;
  const date = days ?? (dateChoice === 'CustomRange' ? 'Last7Days' : dateChoice);
  return filterLink(path, date, Object.entries(filters.values).flatMap(([key, values]) => values.map((value) => ({ key, value }))));
}
