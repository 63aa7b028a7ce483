import type { Db } from '../db';
import type { Claim } from '../identity/users';
import { badRequest } from '../http/errors';
import { buildWhere } from './where';
import type { RecordsQuery } from '../../src/api/types';
import { columnByKey, readExpr, type Column, type SmartModule } from './schema';
import { rowsOf } from './rows';

export const MAX_PAGE = 500;

export type { RecordsQuery } from '../../src/api/types';

const visibleOf = (module: SmartModule) => module.columns.filter((c) => !c.isHidden);

/**
 * The rows of one page. Sort keys are checked against the schema and the id breaks ties, so pages
 * never overlap. The page's ids are found first over the narrow sort columns, then only those rows
 * are read in full: a deep page does not materialise every wide row before it.
 */
async function pageRows(db: Db, module: SmartModule, query: RecordsQuery, claims: Claim[] | null, columns: Column[]) {
  const sortCols = query.orderByFields.map((key) => {
    const col = columnByKey(module, key);
    if (!col) throw badRequest(`Unknown sort field "${key}".`);
    return col.column;
  });
  const dir = query.orderByOperator;
  const order = [...sortCols.map((c) => `${c} ${dir}`), `${module.idColumn} ${dir}`].join(', ');
  const w = buildWhere(module, query.smartFilters, claims);
  const select = columns.map((c) => `${readExpr(c)} AS "${c.key}"`).join(', ');
  const limit = w.bind(query.top);
  const offset = w.bind(query.skip);
  const rows = await rowsOf(db, module).query(
    `SELECT ${select} FROM ${module.table} WHERE ${module.idColumn} IN (
       SELECT ${module.idColumn} FROM ${module.table} ${w.sql} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
     ) ORDER BY ${order}`,
    w.params,
  );
  for (const row of rows) {
    for (const c of columns) {
      const v = row[c.key];
      if (v instanceof Date) row[c.key] = v.toISOString().slice(0, 19);
    }
  }
  return rows;
}

/** How many records the filters (and the caller's claims) let through. */
export async function countRecords(db: Db, module: SmartModule, query: Pick<RecordsQuery, 'smartFilters'>, claims: Claim[] | null): Promise<number> {
  const w = buildWhere(module, query.smartFilters, claims);
  const [{ n }] = await rowsOf(db, module).query<{ n: number }>(`SELECT count(*) AS n FROM ${module.table} ${w.sql}`, w.params);
  return Number(n);
}

/** One page of records and the count of all of them. */
export async function recordsPage(db: Db, module: SmartModule, query: RecordsQuery, claims: Claim[] | null, columns: Column[] = visibleOf(module)) {
  const [rows, n] = await Promise.all([pageRows(db, module, query, claims, columns), countRecords(db, module, query, claims)]);
  return { data: rows, recordCount: n };
}

/** Every record in order, a chunk at a time (for exports: memory stays at one chunk). */
export async function* recordChunks(db: Db, module: SmartModule, query: Omit<RecordsQuery, 'skip' | 'top'>, claims: Claim[] | null, columns: Column[], chunk = 10_000) {
  for (let skip = 0; ; skip += chunk) {
    const rows = await pageRows(db, module, { ...query, skip, top: chunk }, claims, columns);
    if (rows.length) yield rows;
    if (rows.length < chunk) return;
  }
}
