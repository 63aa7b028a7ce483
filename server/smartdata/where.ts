import type { Param } from '../db';
import type { Claim } from '../identity/users';
import { badRequest } from '../http/errors';
import { columnByKey, isMultiValued, type Column, type SmartModule } from './schema';
import { topicClause } from '../text/topic-filter';

export const BLANK = '[Blank]';
/** A value the data uses for "nothing recorded"; it counts and filters as a blank. */
export const NO_INFO = '(no info)';
/** Spec part 2 section 5: the index search text may not hold these. */
export const RESTRICTED_WORDS = ['&$count', '&$filter', '&$skip', '&search', '$orderby'];
export const RESTRICTED_MESSAGE = "Can't have one of these (&$count,&$filter,&$skip,&search,$orderby) restricted words";

export interface SmartFilter {
  filterKey: string;
  filterValue?: string | number | null;
  filterValueUpperBound?: string | number | null;
  filterDataType?: string;
}

/** A WHERE clause with its bound values; placeholders are numbered from `params.length + 1`. */
export class Where {
  readonly parts: string[] = [];
  readonly params: Param[] = [];

  bind(value: Param): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  add(sql: string): void {
    this.parts.push(sql);
  }

  get sql(): string {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }

  /** A copy to add to, leaving this one as it is (one set, several queries over it). */
  clone(): Where {
    const w = new Where();
    w.parts.push(...this.parts);
    w.params.push(...this.params);
    return w;
  }
}

/** A Search or SearchAll filter: a text looked for in the searchable columns, not a column's value. */
export const isSearch = (f: SmartFilter) => ['search', 'searchall'].includes((f.filterDataType ?? '').toLowerCase()) || f.filterKey.toLowerCase() === 'search';

/** The dates both engines hold as a timestamp: years 1 to 9999. */
export const FIRST_DATE = new Date('0001-01-01T00:00:00Z').getTime();
const LAST_DATE = new Date('9999-12-31T23:59:59.999Z').getTime();

/** A filter's date, within the years both engines hold (a Date holds years -271821 to 275760); else a 400. */
export function parseDate(value: unknown, key: string): Date {
  const d = new Date(String(value));
  const t = d.getTime();
  if (value === null || value === undefined || value === '' || Number.isNaN(t) || t < FIRST_DATE || t > LAST_DATE) {
    throw badRequest(`Filter "${key}": "${value}" is not a date (invalidDateFormat).`);
  }
  return d;
}

/** Numbers exact in a double and in a BIGINT alike: beyond 2^53 a value would round or overflow in the engine. */
function parseNumber(value: unknown, key: string): number {
  const n = Number(value);
  if (value === null || value === '' || !Number.isFinite(n) || Math.abs(n) > Number.MAX_SAFE_INTEGER) {
    throw badRequest(`Filter "${key}": "${value}" is not a number the filter can use.`);
  }
  return n;
}

function searchClause(module: SmartModule, f: SmartFilter, w: Where): void {
  const text = String(f.filterValue ?? '').trim();
  if (RESTRICTED_WORDS.some((word) => text.toLowerCase().includes(word))) throw badRequest(RESTRICTED_MESSAGE);
  if (!text) return;
  const all = (f.filterDataType ?? '').toLowerCase() === 'searchall';
  const searchable = module.columns.filter((c) => c.searchable);
  // Search reads the comment where the module has one, else every searchable text (a directory, reviews); SearchAll every one.
  const comment = searchable.filter((c) => c.key === 'Verbatim');
  const cols = all || !comment.length ? searchable : comment;
  if (!cols.length) throw badRequest(`Module "${module.moduleId}" has no text to search.`);
  const p = w.bind(`%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
  w.add(`(${cols.map((c) => `${c.column} ILIKE ${p} ESCAPE '\\'`).join(' OR ')})`);
}

function valueClause(col: Column, filters: SmartFilter[], w: Where): void {
  const ors = filters.map((f) => {
    const { filterValue: lo, filterValueUpperBound: hi } = f;
    if (col.typeName === 'DateTime') {
      const parts = [];
      if (lo !== null && lo !== undefined && lo !== '') parts.push(`${col.column} >= CAST(${w.bind(parseDate(lo, col.key))} AS TIMESTAMP)`);
      if (hi !== null && hi !== undefined && hi !== '') parts.push(`${col.column} <= CAST(${w.bind(parseDate(hi, col.key))} AS TIMESTAMP)`);
      return parts.length ? parts.join(' AND ') : 'TRUE';
    }
    if (col.typeName === 'Number') {
      if (hi !== null && hi !== undefined && hi !== '') {
        return `${col.column} BETWEEN ${w.bind(parseNumber(lo, col.key))} AND ${w.bind(parseNumber(hi, col.key))}`;
      }
      return `${col.column} = ${w.bind(parseNumber(lo, col.key))}`;
    }
    if (lo === null || lo === undefined || lo === '' || lo === BLANK || lo === NO_INFO) return `(${col.column} IS NULL OR ${col.column} = '' OR ${col.column} = '${NO_INFO}')`;
    return `lower(${col.column}) = lower(${w.bind(String(lo))})`;
  });
  w.add(`(${ors.join(' OR ')})`);
}

/**
 * Turns smart filters and the caller's claims into SQL. Keys are checked against the module's
 * schema (an unknown key is a 400); values are bound. Filters on one key are ORed, keys ANDed.
 * `skipKey` leaves one dimension out, so its own counts show every value the rest allows.
 */
export function buildWhere(module: SmartModule, filters: SmartFilter[], claims: Claim[] | null, skipKey?: string): Where {
  const w = new Where();
  // A module that shares its table with others (the process flow's modules) reads only its rows.
  for (const scope of module.rows ? [module.rows].flat() : []) w.add(`${scope.column} IN (${[scope.value].flat().map((v) => w.bind(v)).join(', ')})`);
  const byColumn = new Map<Column, SmartFilter[]>();
  for (const f of filters) {
    if (isSearch(f)) {
      searchClause(module, f, w);
      continue;
    }
    const col = columnByKey(module, f.filterKey);
    if (!col) throw badRequest(`Unknown filter key "${f.filterKey}".`);
    if (col.key === skipKey) continue;
    byColumn.set(col, [...(byColumn.get(col) ?? []), f]);
  }
  for (const [col, fs] of byColumn) {
    if (isMultiValued(col)) topicClause(module, fs, w);
    else valueClause(col, fs, w);
  }
  if (claims) {
    for (const col of claimed(module)) {
      const values = valuesOf(claims, col);
      if (values.length) w.add(`${col.column} IN (${values.map((v) => w.bind(v)).join(', ')})`);
    }
  }
  return w;
}

const claimed = (module: SmartModule) => module.columns.filter((c) => c.claimType);
const valuesOf = (claims: Claim[], col: Column) => claims.filter(([type]) => type === col.claimType).map(([, v]) => v);

/** Whether claims let a record (by column key) through: `buildWhere`'s rule, for one row in hand. */
export function claimsAdmit(module: SmartModule, record: Record<string, unknown>, claims: Claim[]): boolean {
  return claimed(module).every((col) => {
    const values = valuesOf(claims, col);
    return !values.length || values.includes(String(record[col.key]));
  });
}

/** Whether `wider` claims let through every row that `narrower` claims do. */
export function claimsCover(module: SmartModule, wider: Claim[], narrower: Claim[]): boolean {
  return claimed(module).every((col) => {
    const mine = valuesOf(wider, col);
    const theirs = valuesOf(narrower, col);
    return !mine.length || (theirs.length > 0 && theirs.every((v) => mine.includes(v)));
  });
}
