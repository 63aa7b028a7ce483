/** A date column's format as detected, and the user's choice where the values allow more than one. */
export interface DateFormat {
  /** Tokens: YYYY (or YY) MM DD, HH mm ss, A for AM/PM; e.g. "DD-MM-YYYY HH.mm". */
  format: string;
  /** True when the values fit day-first and month-first alike (02-03-2015): the user chooses. */
  ambiguous: boolean;
  /** Every format the values fit, the proposed one first. */
  candidates: string[];
}

type Order = 'YMD' | 'DMY' | 'MDY';

const YEAR_FIRST = /^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?:[T ](\d{1,2})([:.])(\d{2})(?:\6(\d{2})(?:[.,]\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/;
const YEAR_LAST = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})(?:[ T,]+(\d{1,2})([:.])(\d{2})(?:\6(\d{2}))?(?:\s*([AaPp][Mm]))?)?$/;

interface Parts {
  yearFirst: boolean;
  dateSep: string;
  /** The two numbers besides the year, in the order written. */
  first: number;
  second: number;
  year: number;
  shortYear: boolean;
  time?: { hour: number; minute: number; second: number; sep: string; seconds: boolean; half?: 'AM' | 'PM'; zone?: string };
}

function partsOf(cell: string): Parts | null {
  const text = cell.trim();
  const iso = YEAR_FIRST.exec(text);
  const m = iso ?? YEAR_LAST.exec(text);
  if (!m) return null;
  const [year, first, second] = iso ? [m[1], m[3], m[4]] : [m[4], m[1], m[3]];
  const time = m[5] === undefined ? undefined : { hour: +m[5], minute: +m[7], second: m[8] ? +m[8] : 0, sep: m[6], seconds: m[8] !== undefined };
  const extra = iso ? { zone: m[9] } : { half: m[9]?.toUpperCase() as 'AM' | 'PM' | undefined };
  const y = +year;
  return { yearFirst: !!iso, dateSep: m[2], first: +first, second: +second, year: year.length === 2 ? (y < 70 ? 2000 + y : 1900 + y) : y, shortYear: year.length === 2, time: time && { ...time, ...extra } };
}

/** The stored text of a date read in `order`, or null when it is no calendar date (31 February) or time. */
function storedOf(p: Parts, order: Order): string | null {
  const [month, day] = order === 'DMY' ? [p.second, p.first] : [p.first, p.second];
  const date = new Date(Date.UTC(p.year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  if (!p.time) return date.toISOString().slice(0, 10);
  let hour = p.time.hour;
  if (p.time.half) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (p.time.half === 'PM' ? 12 : 0);
  }
  if (hour > 23 || p.time.minute > 59 || p.time.second > 59) return null;
  let ms = date.getTime() + ((hour * 60 + p.time.minute) * 60 + p.time.second) * 1000;
  if (p.time.zone && p.time.zone !== 'Z') {
    const [, sign, hh, mm] = /([+-])(\d{2}):?(\d{2})/.exec(p.time.zone)!;
    ms -= (sign === '-' ? -1 : 1) * (+hh * 60 + +mm) * 60_000; // to UTC
  }
  return new Date(ms).toISOString().slice(0, 19);
}

function formatText(order: Order, sample: Parts, seconds: boolean, half: boolean, timeSep: string | undefined): string {
  const s = sample.dateSep;
  const year = sample.shortYear ? 'YY' : 'YYYY';
  const date = order === 'YMD' ? `YYYY${s}MM${s}DD` : order === 'DMY' ? `DD${s}MM${s}${year}` : `MM${s}DD${s}${year}`;
  if (!timeSep) return date;
  return `${date} HH${timeSep}mm${seconds ? `${timeSep}ss` : ''}${half ? ' A' : ''}`;
}

const orderOf = (format: string): Order => (format.startsWith('YYYY') ? 'YMD' : format.startsWith('DD') ? 'DMY' : 'MDY');

/**
 * The date format of a column whose every value is a date written one way, or null. Day-first and
 * month-first both stay candidates while no value tells them apart; a slash proposes month-first (as
 * US tools write), a dash or dot day-first.
 */
export function dateFormatOf(cells: string[], allowed = 0): DateFormat | null {
  if (cells.length === 0) return null;
  const parts = cells.map(partsOf).filter((p): p is Parts => p !== null);
  const sample = parts[0];
  if (!sample) return null;
  // Up to `allowed` cells may be no date, or written another way: the import refuses their rows.
  const all = parts.filter((p) => p.yearFirst === sample.yearFirst && p.dateSep === sample.dateSep && p.shortYear === sample.shortYear);
  const left = allowed - (cells.length - all.length);
  if (left < 0) return null;
  const orders: Order[] = sample.yearFirst ? ['YMD'] : sample.dateSep === '/' ? ['MDY', 'DMY'] : ['DMY', 'MDY'];
  const fitting = orders.filter((o) => all.filter((p) => storedOf(p, o) === null).length <= left);
  if (fitting.length === 0) return null;
  const timed = all.filter((p) => p.time);
  const timeSep = timed[0]?.time?.sep;
  const seconds = timed.some((p) => p.time!.seconds);
  const half = timed.some((p) => p.time!.half);
  const candidates = fitting.map((o) => formatText(o, sample, seconds, half, timeSep));
  return { format: candidates[0], ambiguous: candidates.length > 1, candidates };
}

/** A cell read with a format of `dateFormatOf` (or the user's choice among its candidates): ISO text, or null. */
export function dateOf(cell: string, format: string): string | null {
  const p = partsOf(cell);
  // A year-first date (what a workbook's date cell is read as) is unambiguous, whatever the column's format.
  return p ? storedOf(p, p.yearFirst ? 'YMD' : orderOf(format)) : null;
}
