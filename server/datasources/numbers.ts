/** How numbers are written in a file: a decimal point, or the decimal comma of German, French... Excel. */
export type DecimalSeparator = '.' | ',';

const POINT = /^[+-]?(\d+(\.\d+)?|\.\d+)$/;
const COMMA = /^[+-]?(\d{1,3}(\.\d{3})+|\d+)(,\d+)?$/;
/** What a spreadsheet writes for a long number it rounded: 5.70306E+17. */
export const SCIENTIFIC = /^[+-]?\d+(\.\d+)?[eE][+-]?\d+$/;
/** Longer digit strings lose digits as numbers (ids, account numbers): they stay text. */
const MAX_DIGITS = 15;

/**
 * The file's decimal separator, from its sample: a comma when numbers with a decimal comma outnumber
 * those with a point (never in a comma-delimited file, where a decimal comma would split cells).
 */
export function decimalSeparatorOf(cells: Iterable<string>, delimiter: string | null): DecimalSeparator {
  if (delimiter === ',' || delimiter === null) return '.';
  let comma = 0;
  let point = 0;
  for (const cell of cells) {
    if (/^[+-]?\d+,\d+$/.test(cell)) comma++;
    else if (/^[+-]?\d+\.\d+$/.test(cell)) point++;
  }
  return comma > point ? ',' : '.';
}

/**
 * The number a cell holds, or null when it is not one: a leading zero (a postcode) and more than 15
 * digits (an id) stay text, as numbers would change them.
 */
export function numberOf(text: string, separator: DecimalSeparator): number | null {
  const cell = text.trim();
  if (SCIENTIFIC.test(cell)) return Number(cell);
  const digits = cell.replace(/\D/g, '');
  if (digits.length > MAX_DIGITS || /^[+-]?0\d/.test(cell)) return null;
  if (separator === '.') return POINT.test(cell) ? Number(cell) : null;
  return COMMA.test(cell) ? Number(cell.replace(/\./g, '').replace(',', '.')) : null;
}
