import type { Column, SmartModule, TypeName } from '../smartdata/schema';
import type { ProposedColumn } from './definition';

/**
 * How a user-defined source is stored: a table of its own, `ds_<id>`, whose SQL names come from the
 * column's position, never from a file's header (so no header can name SQL). `row_key` holds the
 * source's response id, or a hash of the row where a file has none: a row sent again is the same row.
 */
export const tableOf = (sourceId: string) => `ds_${sourceId.replace(/-/g, '_')}`;

/** Every source table's own columns: its rows' key, when and by which import each row came. */
export const ROW_KEY = 'row_key';
export const IMPORTED_AT = 'imported_at';

/**
 * Whether a source's id column holds numbers in SQL: a built-in source's Number id. An imported
 * source's `row_key` is text even when its file's id column is numeric.
 */
export const numericId = (module: SmartModule) => module.idColumn !== ROW_KEY && module.columns.find((c) => c.column === module.idColumn)?.typeName === 'Number';
export const IMPORT_ID = 'import_id';

const SQL_TYPES: Record<TypeName, string> = { String: 'VARCHAR', Number: 'DOUBLE PRECISION', DateTime: 'TIMESTAMP' };

/** A column's smart-data shape from its role: filters, search, tags and profanity cleaning follow from it. */
export function columnOf(c: ProposedColumn & { claimType?: string; hierarchy?: Column['hierarchy'] }, sqlName: string): Column {
  const rating = c.role === 'score' && c.score?.kind !== 'Sentiment' && c.typeName === 'Number';
  const column: Column = {
    key: c.key,
    name: c.name,
    column: sqlName,
    typeName: c.typeName,
    role: c.role,
    ...(c.score ? { score: c.score } : {}),
    ...(c.whole ? { whole: true } : {}),
    ...(c.claimType ? { claimType: c.claimType } : {}),
    ...(c.hierarchy ? { hierarchy: c.hierarchy } : {}),
    ...(c.hidden ? { isHidden: true } : {}),
  };
  // Scores of a few whole values (1-5 stars, 0-10) and sentiment labels are filters too, as drivers and dimensions are.
  if (c.role === 'dimension' || c.role === 'driver' || (c.role === 'score' && (!rating || c.whole))) column.dimension = true;
  if (c.role === 'driver') column.smartDataTags = ['PF_Driver'];
  if (c.role === 'verbatim') Object.assign(column, { searchable: true, rawColumn: `${sqlName}_raw`, flagColumn: `${sqlName}_flag`, smartDataTags: ['PF_Custom'] });
  if (c.role === 'customer' && !c.hidden && c.typeName === 'String') column.searchable = true;
  return column;
}

/** A key not among `taken` (the source's own columns' keys are the file's). */
function freeKey(base: string, taken: Set<string>): string {
  let key = base;
  for (let n = 2; taken.has(key.toLowerCase()); n++) key = `${base}${n}`;
  taken.add(key.toLowerCase());
  return key;
}

export interface SourceShape {
  idColumn: string | null;
  dateKey: string | null;
  columns: Array<ProposedColumn & { claimType?: string; hierarchy?: Column['hierarchy'] }>;
}

/** The module of a user-defined source: its columns from their roles, its table's own columns added. */
export function moduleOf(sourceId: string, name: string, shape: SourceShape, roles?: readonly string[]): SmartModule {
  const taken = new Set(shape.columns.map((c) => c.key.toLowerCase()));
  const columns = shape.columns.map((c, i) => columnOf(c, c.key === shape.idColumn ? ROW_KEY : `c${i + 1}`));
  if (!shape.idColumn) columns.unshift({ key: freeKey('RecordKey', taken), name: 'Record', column: ROW_KEY, typeName: 'String', role: 'attribute' });
  const importedAt: Column = { key: freeKey('ImportedAt', taken), name: 'Imported', column: IMPORTED_AT, typeName: 'DateTime', role: 'attribute' };
  columns.push(importedAt);
  // Core tags the first six filters the dashboard's bar shows.
  columns.filter((c) => c.dimension && c.role !== 'driver').slice(0, 6).forEach((c) => (c.smartDataTags = [...(c.smartDataTags ?? []), 'Core']));
  return {
    moduleId: sourceId,
    name,
    table: tableOf(sourceId),
    idColumn: ROW_KEY,
    dateKey: shape.dateKey ?? importedAt.key,
    ignoreClaims: false,
    dateRules: { allowNullDates: false },
    columns,
    ...(roles && roles.length ? { roles: [...roles] } : {}),
  };
}

/** The table a user-defined source's rows go in (also its import's staging copy, by another name). */
export function createTableSql(module: SmartModule, table = module.table): string {
  const defs = [`${ROW_KEY} VARCHAR PRIMARY KEY`, `${IMPORTED_AT} TIMESTAMP NOT NULL`, `${IMPORT_ID} VARCHAR`];
  for (const c of module.columns) {
    if (c.column === ROW_KEY || c.column === IMPORTED_AT || c.derived) continue;
    defs.push(`${c.column} ${SQL_TYPES[c.typeName]}`);
    if (c.rawColumn) defs.push(`${c.rawColumn} VARCHAR`);
    if (c.flagColumn) defs.push(`${c.flagColumn} VARCHAR`);
  }
  return `CREATE TABLE ${table} (${defs.join(', ')})`;
}
