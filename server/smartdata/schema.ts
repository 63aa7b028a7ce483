import type { Role, ScoreKind } from '../datasources/roles';
import type { ViewConfig } from './profiles';

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
  /** What the column is to the portal: measures, filters and texts follow from it, never from a name. */
  role?: Role;
  /** A score's (or driver's) kind and scale: an NPS column gives NPS and its groups' shares, a rating its average. */
  score?: { kind: ScoreKind; min?: number; max?: number };
  /** A level of a hierarchy of dimensions (Region > Country > Store): 1 is the top. */
  hierarchy?: { name: string; level: number };
  /** Computed by the portal beside the rows (`text`: sentiment, server/text/dimensions.ts): read through a join, never stored in the source's table or definition. */
  derived?: 'text' | 'topic';
}

/**
 * A column with many values per row (`Topic`: the topics a comment is about): it filters and breaks
 * down (a row counts under each of its values), but is no records column and no sort key.
 */
export const isMultiValued = (c: Column) => c.derived === 'topic';

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
  /** One of the portal's own sources (its tables are written by its surveys, reviews and widget): never deleted. */
  builtin?: boolean;
  /** The data viewer's views as configured; without them, views follow from the columns' roles. */
  views?: ViewConfig[];
  /** The pivot the analytics view opens with; without it, one follows from the roles (`defaultPivotOf`). */
  defaultPivot?: { measures: string[]; rows: string[]; columns: string[] };
}

/** The module of a request's path or query, from the data sources' definitions (server/datasources/registry.ts). */
export { moduleById } from '../datasources/registry';

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
