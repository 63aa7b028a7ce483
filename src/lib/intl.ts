import { utc } from './dates';

/**
 * Intl formatters, made once per language and options: making one costs far more than using it,
 * and a dashboard formats thousands of cells, ticks and dates while it draws (on a slow phone,
 * making them per value took a tenth of the first draw's main thread).
 */
const numbers = new Map<string, Intl.NumberFormat>();
const dates = new Map<string, Intl.DateTimeFormat>();

export function numberFormat(lang?: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify([lang, options]);
  let format = numbers.get(key);
  if (!format) numbers.set(key, (format = new Intl.NumberFormat(lang, options)));
  return format;
}

export function dateFormat(lang: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify([lang, options]);
  let format = dates.get(key);
  if (!format) dates.set(key, (format = new Intl.DateTimeFormat(lang, options)));
  return format;
}

// What `Date.prototype.toLocaleString` and `toLocaleDateString` show by default (ECMA-402's
// ToDateTimeOptions), from a formatter made once: each of those calls makes a formatter of its own.
const DATE_TIME: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' };
const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric' };

/** A Date, or a time as the server sends it (UTC without a zone). */
type When = Date | string;
const instant = (when: When) => (typeof when === 'string' ? utc(when) : when);

/** A date and time as `date.toLocaleString(lang)` shows it. */
export const dateTimeText = (when: When, lang?: string) => dateFormat(lang, DATE_TIME).format(instant(when));

/** A date as `date.toLocaleDateString(lang)` shows it. */
export const dateText = (when: When, lang?: string) => dateFormat(lang, DATE).format(instant(when));
