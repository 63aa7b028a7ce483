/**
 * The portal's two date formats (spec part 1 section 9), used for every date a screen shows:
 * short `DD/MM/YYYY` and long `YYYY-MM-DDTHH:mm:ss`. The formats are fixed, not the browser's
 * locale. An instant (ISO text with a zone, or a Date) shows in the viewer's time zone; a data
 * value without a zone (`2026-11-20T09:15:00`, as the smart data answers) shows as it is.
 */

/** The server's times are UTC without a zone ('YYYY-MM-DDTHH:mm:ss'); a time with a zone keeps it. */
export const utc = (text: string) => new Date(/[zZ]|[+-]\d\d:\d\d$/.test(text) ? text : `${text}Z`);

const pad = (n: number, size = 2) => String(n).padStart(size, '0');
const NAIVE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/;

interface Parts {
  y: number;
  m: number;
  d: number;
  h: number;
  min: number;
  s: number;
}

function partsOf(value: string | Date | null | undefined): Parts | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'string' && !/(Z|[+-]\d{2}:?\d{2})$/.test(value)) {
    const m = NAIVE.exec(value);
    if (m) return { y: +m[1], m: +m[2], d: +m[3], h: +(m[4] ?? 0), min: +(m[5] ?? 0), s: +(m[6] ?? 0) };
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  return { y: date.getFullYear(), m: date.getMonth() + 1, d: date.getDate(), h: date.getHours(), min: date.getMinutes(), s: date.getSeconds() };
}

/** `DD/MM/YYYY`; '' for no date, the text itself when it is not a date. */
export function shortDate(value: string | Date | null | undefined): string {
  const p = partsOf(value);
  if (!p) return typeof value === 'string' ? value : '';
  return `${pad(p.d)}/${pad(p.m)}/${pad(p.y, 4)}`;
}

/** `YYYY-MM-DDTHH:mm:ss`; '' for no date, the text itself when it is not a date. */
export function longDate(value: string | Date | null | undefined): string {
  const p = partsOf(value);
  if (!p) return typeof value === 'string' ? value : '';
  return `${pad(p.y, 4)}-${pad(p.m)}-${pad(p.d)}T${pad(p.h)}:${pad(p.min)}:${pad(p.s)}`;
}

/** A time the server sends (UTC without a zone; one with a zone keeps it) or a Date: the instant it names. */
const instant = (when: string | Date) => (typeof when === 'string' ? utc(when) : when);

/** A server time as `DD/MM/YYYY` in the viewer's time zone. */
export const shortInstant = (when: string | Date) => shortDate(instant(when));

/** A server time as `YYYY-MM-DDTHH:mm:ss` in the viewer's time zone. */
export const longInstant = (when: string | Date) => longDate(instant(when));

// Intl date formatters, made once per language and options: making one costs far more than using
// it, and a chart names thousands of ticks while it draws. Only month names come from the
// browser's locale; the order of day, month and year is the portal's.
const formatters = new Map<string, Intl.DateTimeFormat>();
function dateFormat(lang: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify([lang, options]);
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(lang, options)));
  return format;
}

/** The short name of a Date's month (its UTC month: chart axes carry UTC days), in `lang`. */
export const monthShortName = (date: Date, lang?: string) => dateFormat(lang, { month: 'short', timeZone: 'UTC' }).format(date);

/** A chart axis day, day and short month in `lang` ('Mar 05', '05. März'), of a UTC day. */
export const axisDay = (date: Date, lang?: string) => dateFormat(lang, { day: '2-digit', month: 'short', timeZone: 'UTC' }).format(date);

/** A month of the date filter's list, its name and year in `lang` ('March 2026'). */
export const monthYear = (date: Date, lang?: string) => dateFormat(lang, { month: 'long', year: 'numeric' }).format(date);

/** The name of day `day` of the week (0 Sunday .. 6 Saturday) in `lang` ('Monday', 'Mo.'); 7 January 2024 was a Sunday. */
export const weekdayName = (day: number, lang?: string, weekday: 'long' | 'short' = 'long') => dateFormat(lang, { weekday, timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 7 + day)));

/** The browser's time zone ('Europe/Berlin'), else UTC. */
export function browserTimeZone(): string {
  try {
    return dateFormat(undefined, {}).resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** `DD MMM YYYY`, the spec's data period text (part 2), month name in `lang`; '' for no date. */
export function periodDay(value: string | Date | null | undefined, lang = 'en-GB'): string {
  const p = partsOf(value);
  if (!p) return typeof value === 'string' ? value : '';
  return `${pad(p.d)} ${monthShortName(new Date(Date.UTC(p.y, p.m - 1, 1)), lang)} ${pad(p.y, 4)}`;
}

/** How long ago, as the demo wall's card subtitles say it (spec part 3, demo feedback card). */
export type RelativeTime = { key: 'lastHour' | 'earlierToday' | 'yesterday' | 'daysAgo'; days: number };

/** In the last hour, earlier today, yesterday, or a number of days ago; undefined for no date. */
export function relativeTime(value: string | Date | null | undefined, now = new Date()): RelativeTime | undefined {
  const p = partsOf(value);
  if (!p) return undefined;
  const at = new Date(p.y, p.m - 1, p.d, p.h, p.min, p.s);
  if (now.getTime() - at.getTime() < 3_600_000) return { key: 'lastHour', days: 0 };
  const midnight = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((midnight(now) - midnight(at)) / 86_400_000);
  if (days <= 0) return { key: 'earlierToday', days: 0 };
  return days === 1 ? { key: 'yesterday', days } : { key: 'daysAgo', days };
}
