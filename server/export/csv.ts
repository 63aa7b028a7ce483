/**
 * A cell a spreadsheet would take for a formula (= + - @, or a tab or carriage return before one)
 * gets a leading apostrophe: the file shows the value, and Excel does not evaluate it.
 */
const FORMULA = /^[=+\-@\t\r]/;
export const neutralised = (text: string) => (FORMULA.test(text) ? `'${text}` : text);

/** A CSV field: quoted when it holds a delimiter, a quote or a line break. */
const field = (value: string | number | null) => {
  const text = value === null ? '' : typeof value === 'number' ? String(value) : neutralised(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** Rows as CSV under a header line, with a BOM so that Excel reads it as UTF-8. */
export function csvText(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  const lines = [header.map(field).join(','), ...rows.map((r) => r.map(field).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
