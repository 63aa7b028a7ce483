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
