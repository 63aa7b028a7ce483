import type { CaseQueue } from './definition';

type Calendar = CaseQueue['calendar'];

const MINUTE = 60_000;
const DAY = 86_400_000;

/** One formatter per zone: making one costs far more than reading a time with it. */
const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formats.set(zone, format);
  }
  return format;
}

/** The wall-clock date and time an instant shows in a zone (UTC without Intl: the seed computes many). */
function wallClock(at: number, zone: string) {
  if (zone === 'UTC') {
    const d = new Date(at);
    return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate(), h: d.getUTCHours(), min: d.getUTCMinutes(), s: d.getUTCSeconds() };
  }
  const parts = Object.fromEntries(
    formatIn(zone)
      .formatToParts(new Date(at))
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  );
  return { y: parts.year, m: parts.month, d: parts.day, h: parts.hour, min: parts.minute, s: parts.second };
}

/** The instant a zone's wall clock shows a given date and minute of the day (its offset read at that time). */
function instantOf(y: number, m: number, d: number, minuteOfDay: number, zone: string): number {
  const guess = Date.UTC(y, m - 1, d, 0, minuteOfDay);
  const shown = wallClock(guess, zone);
  const offset = Date.UTC(shown.y, shown.m - 1, shown.d, shown.h, shown.min, shown.s) - guess;
  return guess - offset;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The furthest a deadline is counted: 20 years of days is far more than any, and a calendar with almost no working time cannot run on. */
const MAX_DAYS = 7300;

/**
 * The instant `hours` working hours after `from`, counted only on the calendar's days between its
 * start and end time in its zone (a case opened on Friday evening with 8 hours is due Monday at
 * the end of the day). Walks day by day, at most one working window per day; while more than two
 * weeks of working time are left it skips whole weeks (each the calendar's days times its window,
 * on the wall clock), so a long deadline on a thin calendar costs a few weeks' walk, not years'.
 */
export function addWorkingHours(from: Date, hours: number, calendar: Calendar): Date {
  let left = Math.round(hours * 60) * MINUTE;
  const [open, close] = [minutesOf(calendar.start), minutesOf(calendar.end)];
  const weekly = new Set(calendar.days).size * Math.max(close - open, 0) * MINUTE;
  let cursor = from.getTime();
  for (let day = 0; day < MAX_DAYS && left > 0; day++) {
    const w = wallClock(cursor, calendar.timeZone);
    const weekday = new Date(Date.UTC(w.y, w.m - 1, w.d)).getUTCDay();
    const start = instantOf(w.y, w.m, w.d, open, calendar.timeZone);
    const end = instantOf(w.y, w.m, w.d, close, calendar.timeZone);
    if (calendar.days.includes(weekday) && cursor < end) {
      const from = Math.max(cursor, start);
      const used = Math.min(left, end - from);
      left -= used;
      if (left === 0) return new Date(from + used);
    }
    // On to the start of the next day in the zone, past the whole weeks that fit while two are left.
    const weeks = weekly > 0 ? Math.min(Math.max(Math.floor(left / weekly) - 1, 0), Math.floor((MAX_DAYS - day - 1) / 7)) : 0;
    left -= weeks * weekly;
    day += weeks * 7;
    const next = new Date(Date.UTC(w.y, w.m - 1, w.d) + (1 + weeks * 7) * DAY);
    cursor = instantOf(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0, calendar.timeZone);
  }
  return new Date(cursor);
}

/** The end of the day that holds `at`, in the zone (for "due today"). */
export function endOfDay(at: Date, zone: string): Date {
  const w = wallClock(at.getTime(), zone);
  return new Date(instantOf(w.y, w.m, w.d, 24 * 60, zone));
}
