import { notFound } from '../http/errors';
import { REVIEWS_MODULE } from '../reviews/module';
import { FEEDBACK_MODULE } from '../feedback/module';
import { hasAnyRole } from '../identity/users';
import { PLACE_COLUMNS } from './places';

export { PLACE_COLUMNS };

/** `Core` tags the six main dimensions a dashboard's filter bar shows; `PF_Driver` the four drivers. */

/** The schema of a smart-data module: what callers may filter, count, sort and read, by key. */

export type TypeName = 'String' | 'Number' | 'DateTime';

export interface Column {
  key: string;
  name: string;
  /** The SQL column; only ever taken from this table, never from a request. */
  column: string;
  typeName: TypeName;
  /** Offered as a smart filter with value counts. */
  dimension?: boolean;
  /** A claim of this type restricts the column to the claimed values. */
  claimType?: string;
  /** A profanity-cleaned text: the raw value sits in `rawColumn`, the cleaning's mark in `flagColumn`. */
  rawColumn?: string;
  flagColumn?: string;
  /** Searched by the Search filter. */
  searchable?: boolean;
  isHidden?: boolean;
  smartDataTags?: string[];
  /** Holds whole numbers (an INTEGER column): its sums are exact as the engine adds them. */
  whole?: boolean;
}

/** A column and the value (or any of the values) that marks a row as the module's own. */
export interface RowScope {
  column: string;
  value: string | readonly string[];
}

export interface SmartModule {
  moduleId: string;
  name: string;
  table: string;
  idColumn: string;
  dateKey: string;
  /** The data source may drop claims (spec: ignoreClaims); the seeded one does not. */
  ignoreClaims: boolean;
  /** The custom date range's rules of the data source (spec part 2 section 5). */
  dateRules?: { allowNullDates?: boolean; ignoreRangeValidation?: boolean; defaultRangeDays?: number };
  columns: Column[];
  /** Only the table's rows where this column holds this value belong to the module (a table several modules share). */
  rows?: RowScope | readonly RowScope[];
  /** Only these roles may read the module (others meet a 404, as for a module that does not exist). */
  roles?: readonly string[];
  /** Rows are only ever added, never edited in place: read on the analytics connections, cached (`rowsOf`). */
  appendOnly?: boolean;
}

const driver = (name: string): Column => ({
  key: `Driver_${name}`,
  name: `${name} driver`,
  column: `driver_${name.toLowerCase()}`,
  typeName: 'String',
  dimension: true,
  smartDataTags: ['PF_Driver'],
});

export const RESPONSES_MODULE: SmartModule = {
  moduleId: 'responses',
  name: 'Survey responses',
  table: 'responses',
  appendOnly: true,
  idColumn: 'id',
  dateKey: 'ResponseDate',
  ignoreClaims: false,
  columns: [
    { key: 'Id', name: 'Response id', column: 'id', typeName: 'Number' },
    { key: 'ResponseDate', name: 'Response date', column: 'response_date', typeName: 'DateTime' },
    ...PLACE_COLUMNS,
    { key: 'Channel', name: 'Channel', column: 'channel', typeName: 'String', dimension: true, smartDataTags: ['Core'] },
    { key: 'NPS', name: 'Likelihood to recommend', column: 'nps', typeName: 'Number', whole: true },
    { key: 'NPSGroup', name: 'NPS group', column: 'nps_group', typeName: 'String', dimension: true, smartDataTags: ['Core'] },
    { key: 'Stars', name: 'Star rating', column: 'stars', typeName: 'Number', dimension: true, smartDataTags: ['Core'], whole: true },
    driver('Price'),
    driver('Availability'),
    driver('Service'),
    driver('Information'),
    { key: 'Verbatim', name: 'Comment', column: 'verbatim', typeName: 'String', rawColumn: 'verbatim_raw', flagColumn: 'verbatim_flag', searchable: true, smartDataTags: ['PF_Custom'] },
    { key: 'CustomerName', name: 'Customer', column: 'customer_name', typeName: 'String', searchable: true },
    { key: 'CustomerEmail', name: 'Customer e-mail', column: 'customer_email', typeName: 'String', isHidden: true },
    { key: 'Segment', name: 'Customer segment', column: 'customer_segment', typeName: 'String', dimension: true },
    { key: 'Spend', name: 'Spend', column: 'spend', typeName: 'Number' },
  ],
};

/** Modules by id: a Map, so a request's 'constructor' or '__proto__' is just an unknown id. */
export const MODULES = new Map<string, SmartModule>([
  [RESPONSES_MODULE.moduleId, RESPONSES_MODULE],
  [REVIEWS_MODULE.moduleId, REVIEWS_MODULE],
  [FEEDBACK_MODULE.moduleId, FEEDBACK_MODULE],
]);

/** The module of a request's path or query; 404 for an unknown one, or one the caller's roles may not read. */
export function moduleById(id: string, callerRoles: readonly string[]): SmartModule {
  const module = MODULES.get(id);
  if (!module || (module.roles && !hasAnyRole(callerRoles, module.roles))) throw notFound(`No smart-data module "${id}".`);
  return module;
}

/** The SQL that reads a column as callers may see it: a profanity-cleaned value reads as its mark. */
export const readExpr = (c: Column) => (c.flagColumn ? `CASE WHEN ${c.flagColumn} IS NOT NULL THEN ${c.flagColumn} ELSE ${c.column} END` : c.column);

/**
 * The column a request names, by key in any case. A hidden column (the customer's e-mail address)
 * is the server's alone, whatever the role: no caller may filter, sort, count or export by it, so
 * it is not found here, and every caller refuses it as it refuses an unknown key.
 */
export function columnByKey(module: SmartModule, key: string): Column | undefined {
  const lower = key.toLowerCase();
  return module.columns.find((c) => !c.isHidden && c.key.toLowerCase() === lower);
}
