import { createHash } from 'node:crypto';
import type { Param } from '../../db';
import { cleanProfanity } from '../../seed/responses';
import type { Column, SmartModule } from '../../smartdata/schema';
import { dateOf } from '../dates';
import { numberOf, type DecimalSeparator } from '../numbers';
import type { Reading } from '../sources';
import { IMPORT_ID, IMPORTED_AT, ROW_KEY } from '../tables';

/** A row the import did not write: its line in the file, the column and why. */
export interface Refusal {
  line: number;
  column: string;
  reason: string;
  value: string;
}

/** What a verbatim's flag column says when cleaning changed its text (as the portal's own verbatims). */
const REDACTED = 'redacted_profanity';

/** A value that cannot be stored, and why. */
class Bad {
  constructor(readonly reason: string) {}
}

type Reader = (cell: string) => Param | Bad;

const shown = (n: number) => String(n);

/** How one column's cells are read: by its type, the file's decimal separator and its date format. */
function readerOf(column: Column, reading: Reading, format: string | undefined, emptyWhenBad: boolean): Reader {
  const decimal: DecimalSeparator = reading.decimalSeparator ?? '.';
  const bad = (reason: string) => (emptyWhenBad ? null : new Bad(reason));
  if (column.typeName === 'Number') {
    const { min, max } = column.score ?? {};
    const range = min !== undefined && max !== undefined ? `${shown(min)}-${shown(max)}` : min !== undefined ? `at least ${shown(min)}` : `at most ${shown(max ?? 0)}`;
    return (cell) => {
      const n = numberOf(cell, decimal);
      if (n === null || !Number.isFinite(n)) return bad(`"${cell.trim().slice(0, 40)}" is not a number${decimal === ',' ? ' (written with a decimal comma)' : ''}.`);
      // A score outside its scale is refused whatever the choice for unreadable values: it was read, and is wrong.
      if ((min !== undefined && n < min) || (max !== undefined && n > max)) return new Bad(`${shown(n)} is outside the score's range (${range}).`);
      return n;
    };
  }
  if (column.typeName === 'DateTime') {
    const written = format ?? 'YYYY-MM-DD';
    return (cell) => dateOf(cell, written) ?? bad(`"${cell.trim().slice(0, 40)}" is not a date written as ${written}.`);
  }
  return (cell) => cell;
}

/** A source's rows as the import writes them: the columns, and each file row converted or refused. */
export interface RowWriter {
  columns: string[];
  /** The row's values in `columns`' order and its key, or why it is refused. */
  convert: (cells: ReadonlyArray<string | null | undefined>, line: number) => { key: string; values: Param[] } | Refusal;
}

/**
 * The writer of a source's rows from a file's cells (already put in the source's column order):
 * each cell read by its column's stored reading, text as is (a cell starting with = stays text),
 * verbatims cleaned of profanity with the raw text kept beside, and the row's key: its id, or a
 * hash of its cells where the source has no id column (the same row sent again is the same row).
 */
export function rowWriter(module: SmartModule, reading: Reading, importId: string, importedAt: Date): RowWriter {
  const emptyWhenBad = reading.badValues === 'empty';
  const sourceColumns = reading.columns.map((rc) => {
    const column = module.columns.find((c) => c.key === rc.key);
    if (!column) throw new Error(`The column ${rc.key} of ${module.moduleId} has no SQL column.`);
    return { column, name: column.name, read: readerOf(column, reading, rc.date?.format, emptyWhenBad) };
  });
  const idAt = sourceColumns.findIndex((c) => c.column.column === ROW_KEY);
  const columns = [ROW_KEY, IMPORTED_AT, IMPORT_ID];
  for (const { column } of sourceColumns) {
    if (column.column === ROW_KEY) continue;
    columns.push(column.column);
    if (column.rawColumn) columns.push(column.rawColumn);
    if (column.flagColumn) columns.push(column.flagColumn);
  }
  const width = columns.length;

  const convert: RowWriter['convert'] = (cells, line) => {
    const values: Param[] = new Array<Param>(width);
    values[1] = importedAt;
    values[2] = importId;
    let at = 3;
    let key: string | undefined;
    for (let i = 0; i < sourceColumns.length; i++) {
      const { column, name, read } = sourceColumns[i];
      const cell = cells[i];
      const blank = cell === null || cell === undefined || cell === '' || (column.typeName !== 'String' && cell.trim() === '');
      const value = blank ? null : read(cell);
      if (value instanceof Bad) return { line, column: name, reason: value.reason, value: cell! };
      // PostgreSQL keeps no NUL in text: the row is refused on both engines, not the whole import.
      if (typeof value === 'string' && value.includes('\u0000')) return { line, column: name, reason: 'The value holds a NUL character, which no text column keeps.', value: cell!.replaceAll('\u0000', '') };
      if (i === idAt) {
        if (value === null) return { line, column: name, reason: 'The id is empty.', value: '' };
        key = typeof value === 'string' ? value.trim() : String(value);
        if (key.length > MAX_ID_CHARS) return { line, column: name, reason: `The id is longer than ${MAX_ID_CHARS} characters.`, value: key };
        continue;
      }
      if (column.rawColumn) {
        const text = value as string | null;
        const clean = text === null ? null : cleanProfanity(text);
        values[at++] = clean;
        values[at++] = clean !== text ? text : null;
        values[at++] = clean !== text ? REDACTED : null;
        continue;
      }
      values[at++] = value;
    }
    values[0] = key ?? hashOf(cells, sourceColumns.length);
    return { key: values[0] as string, values };
  };
  return { columns, convert };
}

/** An id longer than this is no id (and past what an index keeps). */
const MAX_ID_CHARS = 256;

/** The key of a row without an id: a hash of its cells as written. */
function hashOf(cells: ReadonlyArray<string | null | undefined>, n: number): string {
  const hash = createHash('sha1');
  for (let i = 0; i < n; i++) hash.update(`${cells[i] ?? ''}\u001f`);
  return hash.digest('hex');
}
