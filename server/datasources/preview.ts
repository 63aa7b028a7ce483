import { extname } from 'node:path';
import { badRequest } from '../http/errors';
import { dateOf } from './dates';
import type { Preview, ProposedColumn, ProposedDefinition, StoredValue } from './definition';
import { readWithEngine } from './engine-files';
import { formatOf, headOf, type FileFormat } from './formats';
import { headerOf, keysOf, uniqueNames, type Header } from './headers';
import type { PreviewLimits } from './limits';
import { decimalSeparatorOf, numberOf, type DecimalSeparator } from './numbers';
import { profileOf, type Profile } from './profile';
import { idColumnOf, proposeRoles } from './roles';
import { delimiterOf, fileEncodingOf, readDelimited, type TextEncoding } from './text';
import type { Upload } from './upload';
import { readWorkbook } from './workbook';

type Cells = Array<string | null>;

/** A file's table as read: its header, its sampled data rows and how it was read. */
interface Table {
  header: Header;
  data: Cells[];
  encoding?: TextEncoding;
  delimiter?: string;
  sheet?: string;
}

/** Reads the header and the sampled rows in the file's format; a survey tool's extra header rows are taken off. */
async function tableOf(path: string, format: FileFormat, head: Buffer, limits: PreviewLimits): Promise<Table> {
  const max = limits.sampleRows + 3;
  if (format === 'jsonl' || format === 'parquet') {
    const { names, rows } = await readWithEngine(path, format, limits.sampleRows, limits.maxColumns);
    return { header: { headerRows: 0, source: null, names }, data: rows };
  }
  if (format === 'xlsx') {
    const { sheet, rows } = await readWorkbook(path, max, limits.maxColumns);
    const header = headerOf(rows);
    return { header, data: rows.slice(header.headerRows), sheet };
  }
  const { encoding } = await fileEncodingOf(path, head);
  const delimiter = delimiterOf(new TextDecoder(encoding).decode(head));
  const rows = await readDelimited(path, encoding, delimiter, max, limits.maxColumns);
  const header = headerOf(rows);
  return { header, data: rows.slice(header.headerRows), encoding, delimiter };
}

/** When a response was complete: the date its periods count it in. */
const DATE_KEY = /recorded|end ?date|submit|completion|timestamp|zeitstempel/i;
const FORMAT_NOTES: Record<string, string> = {
  qualtrics: 'Read as a Qualtrics export: three header rows (field ids, question texts, ImportIds); columns are named by their questions.',
  surveymonkey: 'Read as a SurveyMonkey export: two header rows (question, then answer option), merged into one name per column.',
};

/**
 * The preview of an uploaded file: the proposed definition and the first rows as they would be
 * stored. Nothing is written. `claimTypes`, the portal's, are proposed for dimensions of their name:
 * a user restricted to a region then sees only their region's rows from the first import on.
 */
export async function previewFile(upload: Upload, limits: PreviewLimits, claimTypes: readonly string[] = []): Promise<Preview> {
  const head = await headOf(upload.path);
  const format = formatOf(upload.name, upload.contentType, head);
  const table = await tableOf(upload.path, format, head, limits);
  const { header } = table;
  const width = header.names.length;
  if (width === 0) throw badRequest('The file holds no columns.');
  const notes: string[] = [];
  if (FORMAT_NOTES[header.source ?? '']) notes.push(FORMAT_NOTES[header.source!]);
  if (table.encoding === 'windows-1252') notes.push('The file is not UTF-8: it was read as Windows-1252 (what Excel on Windows writes).');
  if (table.sheet !== undefined) notes.push(`The first worksheet, "${table.sheet}", was read.`);
  if (table.data.some((r) => r.length > width)) notes.push(`Some rows have more cells than the header names; the cells past column ${width} are left out.`);
  if (table.data.length === 0) notes.push('The file holds no data rows below its header.');

  const data = table.data.map((r) => Array.from({ length: width }, (_, i) => (r[i] === undefined || r[i] === '' ? null : r[i])));
  const decimal: DecimalSeparator = table.delimiter ? decimalSeparatorOf(data.flat().filter((c): c is string => c !== null), table.delimiter) : '.';
  const { names, renamed } = uniqueNames(header.names);
  if (renamed.length) notes.push(`Duplicate column names were made unique by a number: ${renamed.map((n) => `"${n}"`).join(', ')}.`);
  const profiles = names.map((name, i) => profileOf(name, data.map((r) => r[i]), decimal));
  const keys = keysOf(names.map((name, i) => header.fieldIds?.[i] || name));
  const columns = columnsOf(profiles, keys, claimTypes);
  notes.push(...profileNotes(profiles));
  const id = idColumnOf(profiles, data.length);
  notes.push(...id.refused);

  const dates = columns.filter((c) => c.typeName === 'DateTime');
  const definition: ProposedDefinition = {
    name: (upload.name ? upload.name.slice(0, upload.name.length - extname(upload.name).length) : '').slice(0, 100) || 'Data source',
    format,
    ...(table.encoding ? { encoding: table.encoding, delimiter: table.delimiter } : {}),
    decimalSeparator: decimal,
    ...(table.sheet !== undefined ? { sheet: table.sheet } : {}),
    source: header.source,
    headerRows: header.headerRows,
    idColumn: id.index === null ? null : keys[id.index],
    dateKey: (dates.find((c) => DATE_KEY.test(c.name)) ?? dates[0])?.key ?? null,
    columns,
  };
  const rows = data.slice(0, limits.previewRows).map((r) => Object.fromEntries(columns.map((c, i) => [c.key, storedOf(r[i], c, decimal)])));
  return { definition, rows, sampledRows: data.length, notes };
}

function columnsOf(profiles: Profile[], keys: string[], claimTypes: readonly string[]): ProposedColumn[] {
  const roles = proposeRoles(profiles);
  const claimOf = (p: Profile, i: number) => (roles[i].role === 'dimension' && p.typeName === 'String' ? claimTypes.find((t) => t.toLowerCase() === p.name.trim().toLowerCase()) : undefined);
  return profiles.map((p, i) => {
    const claimType = claimOf(p, i);
    return {
    key: keys[i],
    name: p.name,
    typeName: p.typeName,
    ...roles[i],
    ...(p.typeName === 'Number' ? { whole: p.whole } : {}),
    ...(p.date ? { date: p.date } : {}),
    ...(claimType ? { claimType } : {}),
  };
  });
}

function profileNotes(profiles: Profile[]): string[] {
  const notes: string[] = [];
  for (const p of profiles) {
    if (p.formulaLike > 0)
      notes.push(`Column "${p.name}" has ${p.formulaLike} cell${p.formulaLike === 1 ? '' : 's'} starting with =, +, - or @: they stay text and are never evaluated as formulas.`);
    if (p.unreadable > 0)
      notes.push(
        `Column "${p.name}" has ${p.unreadable} value${p.unreadable === 1 ? '' : 's'} in the first rows that ${p.unreadable === 1 ? 'does' : 'do'} not read as ${p.typeName === 'Number' ? 'a number' : 'a date'} (e.g. "${p.example}"): the import refuses ${p.unreadable === 1 ? 'its row' : 'their rows'} and names ${p.unreadable === 1 ? 'it' : 'them'} in its report.`,
      );
    if (p.date?.ambiguous) notes.push(`Column "${p.name}" holds dates that read as ${p.date.candidates.join(' or ')}: ${p.date.format} is proposed; choose in the definition.`);
  }
  return notes;
}

function storedOf(cell: string | null, column: ProposedColumn, decimal: DecimalSeparator): StoredValue {
  if (cell === null) return null;
  if (column.typeName === 'Number') return numberOf(cell, decimal);
  if (column.typeName === 'DateTime') return dateOf(cell, column.date!.format);
  return cell;
}
