import { isEmailAddress } from '../../src/lib/email-address';
import type { TypeName } from '../smartdata/schema';
import { dateFormatOf, dateOf, type DateFormat } from './dates';
import { numberOf, SCIENTIFIC, type DecimalSeparator } from './numbers';

/** What the sampled values of one column look like: its type and what roles are judged by. */
export interface Profile {
  name: string;
  typeName: TypeName;
  date?: DateFormat;
  /** Cells with a value, and how many different ones. */
  filled: number;
  distinct: number;
  /** Every row of the sample has a value. */
  complete: boolean;
  whole: boolean;
  min?: number;
  max?: number;
  meanLength: number;
  maxLength: number;
  /** Some cell holds a space (no id does). */
  spaced: boolean;
  /** Cells written as 5.70306E+17. */
  scientific: number;
  /** Text cells a spreadsheet would take for a formula (= + - @). */
  formulaLike: number;
  emailShare: number;
  /** The lower-cased values, when there are few (sentiment labels and such). */
  values: Set<string>;
  /** The numbers read (Number columns): what a score's scale is judged on. */
  numbers: number[];
  /** Cells that do not read as the column's type (a typo, 31-02-2026), and the first of them. */
  unreadable: number;
  example?: string;
}

/** A few unreadable cells do not decide a column's type or scale: up to 2% are left for the import to refuse, row by row. */
export const STRAY_SHARE = 0.02;
export const strays = (n: number) => Math.floor(n * STRAY_SHARE);

const FORMULA = /^[=+\-@]/;

/** The profile of a column from its sampled cells (null or blank when empty). */
export function profileOf(name: string, cells: Array<string | null>, decimal: DecimalSeparator): Profile {
  const filled = cells.filter((c): c is string => c !== null && c.trim() !== '');
  const numbers = filled.map((c) => numberOf(c, decimal));
  const found = numbers.filter((n): n is number => n !== null && Number.isFinite(n));
  const isNumber = found.length > 0 && filled.length - found.length <= strays(filled.length);
  const date = isNumber ? null : dateFormatOf(filled, strays(filled.length));
  const unreadableCells = isNumber ? filled.filter((_, i) => numbers[i] === null || !Number.isFinite(numbers[i]!)) : date ? filled.filter((c) => dateOf(c, date.format) === null) : [];
  const typeName: TypeName = isNumber ? 'Number' : date ? 'DateTime' : 'String';
  const lengths = filled.map((c) => c.length);
  const distinct = new Set(filled.map((c) => c.trim()));
  const values = distinct.size <= 50 ? new Set([...distinct].map((v) => v.toLowerCase())) : new Set<string>();
  return {
    name,
    typeName,
    ...(date ? { date } : {}),
    filled: filled.length,
    distinct: distinct.size,
    complete: filled.length === cells.length,
    whole: isNumber && found.every(Number.isInteger),
    ...(isNumber ? { min: Math.min(...found), max: Math.max(...found) } : {}),
    meanLength: lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length),
    maxLength: Math.max(0, ...lengths),
    spaced: filled.some((c) => /\s/.test(c.trim())),
    scientific: filled.filter((c) => SCIENTIFIC.test(c.trim())).length,
    formulaLike: typeName === 'String' ? filled.filter((c) => FORMULA.test(c)).length : 0,
    emailShare: filled.filter((c) => isEmailAddress(c)).length / Math.max(1, filled.length),
    values,
    numbers: isNumber ? found : [],
    unreadable: unreadableCells.length,
    ...(unreadableCells.length ? { example: unreadableCells[0].slice(0, 40) } : {}),
  };
}
