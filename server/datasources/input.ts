import { z } from 'zod';
import { badRequest } from '../http/errors';
import type { SourceShape } from './tables';
import { ROLES, SCORE_KINDS } from './roles';

/** Date formats as `dateFormatOf` writes them: day, month and year in some order, maybe a time. */
const DATE_FORMAT = /^(YYYY[-/.]MM[-/.]DD|DD[-/.]MM[-/.](YYYY|YY)|MM[-/.]DD[-/.](YYYY|YY))( HH[:.]mm([:.]ss)?( A)?)?$/;

export const columnKey = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,59}$/, 'A column key is a letter, then letters, digits or _ (60 at most).');
export const claimType = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'A claim type is a letter, then letters, digits or _.');
export const score = z.object({ kind: z.enum(SCORE_KINDS), min: z.number().finite().optional(), max: z.number().finite().optional() });
export const hierarchy = z.object({ name: z.string().trim().min(1).max(60), level: z.number().int().min(1).max(6) });

const column = z.object({
  key: columnKey,
  name: z.string().trim().min(1).max(200),
  typeName: z.enum(['String', 'Number', 'DateTime']),
  role: z.enum(ROLES),
  score: score.optional(),
  hidden: z.boolean().optional(),
  whole: z.boolean().optional(),
  date: z.object({ format: z.string().regex(DATE_FORMAT, 'Choose one of the date formats the preview proposed.'), ambiguous: z.boolean().default(false), candidates: z.array(z.string().max(40)).max(4).default([]) }).optional(),
  claimType: claimType.optional(),
  hierarchy: hierarchy.optional(),
});

/** What `POST /api/datasources` takes: a preview's definition, as the user confirmed or changed it. */
export const definitionInput = z.object({
  name: z.string().trim().min(1, 'Name the data source.').max(100),
  format: z.enum(['csv', 'xlsx', 'jsonl', 'parquet']).optional(),
  encoding: z.enum(['utf-8', 'utf-16le', 'utf-16be', 'windows-1252']).optional(),
  delimiter: z.string().length(1).optional(),
  decimalSeparator: z.enum(['.', ',']).optional(),
  sheet: z.string().max(100).optional(),
  source: z.string().max(40).nullable().optional(),
  headerRows: z.number().int().min(0).max(3).optional(),
  idColumn: columnKey.nullable().optional(),
  dateKey: columnKey.nullable().optional(),
  columns: z.array(column).min(1, 'A data source needs a column.').max(1000, 'A data source holds 1,000 columns at most.'),
  /** Who may read the source (none: every role that reads dashboards). */
  roles: z.array(z.string().max(60)).max(20).optional(),
  /** A value that cannot be read as its column's type: refuse the row (the default), or store it empty. */
  badValues: z.enum(['refuse', 'empty']).optional(),
});
export type DefinitionInput = z.infer<typeof definitionInput>;

/** Checks what the schema cannot: keys unique, the id and date columns named among the columns and fit. */
export function checkShape(def: Pick<DefinitionInput, 'idColumn' | 'dateKey' | 'columns'>): SourceShape {
  const seen = new Set<string>();
  for (const c of def.columns) {
    const lower = c.key.toLowerCase();
    if (seen.has(lower)) throw badRequest(`Two columns have the key "${c.key}": keys must differ.`);
    seen.add(lower);
    if (c.typeName === 'DateTime' && !c.date) throw badRequest(`Column "${c.name}" is a date: give its format (date.format).`);
    if (c.role === 'score' && !c.score) throw badRequest(`Column "${c.name}" is a score: give its kind (score.kind).`);
    if (c.role === 'verbatim' && c.typeName !== 'String') throw badRequest(`Column "${c.name}" holds ${c.typeName === 'Number' ? 'numbers' : 'dates'}: only text can be a verbatim.`);
    if (c.claimType && (c.role !== 'dimension' || c.typeName !== 'String')) throw badRequest(`Column "${c.name}": only a text dimension can be restricted by a claim type.`);
    if (c.role === 'score' && c.score!.kind !== 'Sentiment' && c.typeName !== 'Number') throw badRequest(`Column "${c.name}" is a ${c.score!.kind} score, so it must hold numbers.`);
    if (c.score?.min !== undefined && c.score.max !== undefined && c.score.min >= c.score.max) throw badRequest(`Column "${c.name}": the score's min must be below its max.`);
  }
  const find = (key: string | null | undefined) => (key ? def.columns.find((c) => c.key.toLowerCase() === key.toLowerCase()) : undefined);
  if (def.idColumn && !find(def.idColumn)) throw badRequest(`The id column "${def.idColumn}" is not among the columns.`);
  if (def.dateKey && find(def.dateKey)?.typeName !== 'DateTime') throw badRequest(`The date "${def.dateKey}" must be one of the DateTime columns.`);
  if (find(def.idColumn)?.typeName === 'DateTime') throw badRequest('A date cannot be the id column.');
  return { idColumn: find(def.idColumn)?.key ?? null, dateKey: find(def.dateKey)?.key ?? null, columns: def.columns };
}
