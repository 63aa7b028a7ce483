/**
 * Intl number formatters, made once per language and options: making one costs far more than
 * using it, and a dashboard formats thousands of cells and ticks while it draws (on a slow phone,
 * making them per value took a tenth of the first draw's main thread). Dates: lib/dates.
 */
const numbers = new Map<string, Intl.NumberFormat>();

export function numberFormat(lang?: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify([lang, options]);
  let format = numbers.get(key);
  if (!format) numbers.set(key, (format = new Intl.NumberFormat(lang, options)));
  return format;
}
