import type { Refusal } from './convert';

/**
 * A cell a spreadsheet would take for a formula (= + - @, or a tab or carriage return before one)
 * gets a leading apostrophe: the report shows the value, and Excel does not evaluate it.
 */
const FORMULA = /^[=+\-@\t\r]/;
export const neutralised = (text: string) => (FORMULA.test(text) ? `'${text}` : text);

/** A CSV field: quoted when it holds a delimiter, a quote or a line break. */
const field = (value: string | number) => {
  const text = typeof value === 'number' ? String(value) : neutralised(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The refused rows of an import as CSV: line, column, reason, value (with a BOM, so Excel reads it as UTF-8). */
export function refusedCsv(refused: readonly Refusal[]): string {
  const lines = [['line', 'column', 'reason', 'value'].join(','), ...refused.map((r) => [r.line, r.column, r.reason, r.value].map(field).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
