import type { CaseQueue } from './definition';

type Calendar = CaseQueue['calendar'];

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The wall-clock date and time an instant shows in a zone. */
function wallClock(at: number, zone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
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

/**
 * The instant `hours` working hours after `from`, counted only on the calendar's days between its
 * start and end time in its zone (a case opened on Friday evening with 8 hours is due Monday at
 * the end of the day). Walks day by day: at most one working window per day.
 */
export function addWorkingHours(from: Date, hours: number, calendar: Calendar): Date {
  let left = Math.round(hours * 60) * MINUTE;
  const [open, close] = [minutesOf(calendar.start), minutesOf(calendar.end)];
  let cursor = from.getTime();
  // 20 years of days is far more than any deadline: a calendar with no working day cannot loop.
  for (let day = 0; day < 7300 && left > 0; day++) {
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
    // On to the start of the next day in the zone.
    const next = new Date(Date.UTC(w.y, w.m - 1, w.d) + DAY);
    cursor = instantOf(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0, calendar.timeZone);
  }
  return new Date(cursor);
}

/** The end of the day that holds `at`, in the zone (for "due today"). */
export function endOfDay(at: Date, zone: string): Date {
  const w = wallClock(at.getTime(), zone);
  return new Date(instantOf(w.y, w.m, w.d, 24 * 60, zone));
}
