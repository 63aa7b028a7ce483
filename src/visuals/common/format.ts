import { format as d3format, formatDefaultLocale, formatLocale, type FormatLocaleDefinition, type FormatLocaleObject } from 'd3';
import { $config } from '../../stores/config';
import type { PeriodBounds } from '../../api/visual-types';
import { roundAwayFromZero } from '../../lib/deltas';
import { axisDay, monthShortName } from '../../lib/dates';
import { translator } from '../../elements/texts';

/** Settings use '0.0%'-style formats (spec part 3); d3 wants '.1%'. Unsupported formats fall back. */
export function toD3Format(spec: string | undefined, fallback = '.1%'): string {
  if (!spec) return fallback;
  const percent = /^0(?:\.(0+))?%$/.exec(spec);
  if (percent) return `.${percent[1]?.length ?? 0}%`;
  const fixed = /^0(?:\.(0+))?$/.exec(spec);
  if (fixed) return `.${fixed[1]?.length ?? 0}f`;
  try {
    d3format(spec);
    return spec;
  } catch {
    return fallback;
  }
}

const numberLocales = new Map<string, FormatLocaleObject>();

/** A language's separators (from Intl) as d3 wants them; English ones for an unknown language. */
function separators(lang: string): FormatLocaleDefinition {
  let parts: Intl.NumberFormatPart[] = [];
  try {
    parts = new Intl.NumberFormat(lang).formatToParts(12345.6);
  } catch {
    // An unknown language: English separators.
  }
  const part = (type: string, fallback: string) => parts.find((p) => p.type === type)?.value ?? fallback;
  return { decimal: part('decimal', '.'), thousands: part('group', ','), grouping: [3], currency: ['', ''], minus: '-' };
}

/**
 * d3's number formats in a language's separators (from Intl): 1,234.5 in English, 1.234,5 in
 * German. Charts format for the page's locale (`configure({ locale })`, from `<html lang>`).
 */
export function numberLocale(lang: string = $config.get().locale): FormatLocaleObject {
  let locale = numberLocales.get(lang);
  if (!locale) numberLocales.set(lang, (locale = formatLocale(separators(lang))));
  return locale;
}

// d3's own default formats (an axis's ticks, a scale's tickFormat) follow the page's language too:
// a German axis reads 1,5 and 20,0 %.
$config.subscribe(({ locale }) => void formatDefaultLocale(separators(locale)));

/** A number in a setting's format; '-' for invalid values (spec part 3 table rule). */
export function formatValue(value: number | null | undefined, spec: string | undefined, fallback?: string, lang: string = $config.get().locale): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '-';
  const d3spec = toD3Format(spec, fallback);
  const key = `${lang}|${d3spec}`;
  let format = valueFormats.get(key);
  if (!format) valueFormats.set(key, (format = numberLocale(lang).format(d3spec)));
  return format(value);
}
/** d3 formatters by language and format: a dashboard formats thousands of values while it draws. */
const valueFormats = new Map<string, (n: number) => string>();

/** A count with the language's thousands separator. */
export const formatCount = (value: number, lang?: string) => numberLocale(lang).format(',')(value);

/** An axis date: day and short month in the page's language ('05 Mar', '05. März'). */
export const shortDay = (date: Date, lang: string = $config.get().locale) => axisDay(date, lang);

/** A short month name in the page's language. */
export const shortMonth = (date: Date, lang: string = $config.get().locale) => monthShortName(date, lang);

/** A legend percentage, rounded away from zero (spec part 3). */
export const legendPercent = (share: number) => `${roundAwayFromZero(share * 100)}%`;

/** 'DD MMM YYYY' in UTC with the language's month names. */
function day(text: string, lang: string): string {
  const d = new Date(`${text.replace(' ', 'T')}Z`);
  if (Number.isNaN(d.getTime())) return text;
  const month = shortMonth(d, lang);
  return `${String(d.getUTCDate()).padStart(2, '0')} ${month} ${d.getUTCFullYear()}`;
}

/** The data-period text: 'DD MMM YYYY - DD MMM YYYY vs DD MMM YYYY - DD MMM YYYY' ('ggü.' in German). */
export function dataPeriodText(current: PeriodBounds, previous: PeriodBounds | undefined, lang = 'en'): string {
  const now = `${day(current.startDateTime, lang)} - ${day(current.endDateTime, lang)}`;
  return previous ? translator(lang)('visuals.periodVs', { current: now, previous: `${day(previous.startDateTime, lang)} - ${day(previous.endDateTime, lang)}` }) : now;
}
