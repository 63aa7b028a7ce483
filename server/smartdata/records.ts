import type { Db } from '../db';
import type { Claim } from '../identity/users';
import { badRequest } from '../http/errors';
import { buildWhere } from './where';
import type { RecordsQuery } from '../../src/api/types';
import { columnByKey, type SmartModule } from './schema';

export const MAX_PAGE = 500;

export type { RecordsQuery } from '../../src/api/types';

/**
 * One page of records. Sort keys are checked against the schema and the id breaks ties, so pages
 * never overlap. The page's ids are found first over the narrow sort columns, then only those rows
 * are read in full: a deep page does not materialise every wide row before it.
 */
export async function recordsPage(db: Db, module: SmartModule, query: RecordsQuery, claims: Claim[] | null) {
  const sortCols = query.orderByFields.map((key) => {
    const col = columnByKey(module, key);
    if (!col) throw badRequest(`Unknown sort field "${key}".`);
    return col.column;
  });
  const dir = query.orderByOperator;
  const order = [...sortCols.map((c) => `${c} ${dir}`), `${module.idColumn} ${dir}`].join(', ');
  const w = buildWhere(module, query.smartFilters, claims);
  const visible = module.columns.filter((c) => !c.isHidden);
  const select = visible.map((c) => `${c.column} AS "${c.key}"`).join(', ');
  const countParams = [...w.params];
  const limit = w.bind(query.top);
  const offset = w.bind(query.skip);
  const [rows, [{ n }]] = await Promise.all([
    db.query(
      `SELECT ${select} FROM ${module.table} WHERE ${module.idColumn} IN (
         SELECT ${module.idColumn} FROM ${module.table} ${w.sql} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
       ) ORDER BY ${order}`,
      w.params,
    ),
    db.query<{ n: number }>(`SELECT count(*) AS n FROM ${module.table} ${w.sql}`, countParams),
  ]);
  for (const row of rows) {
    for (const c of visible) {
      const v = row[c.key];
      if (v instanceof Date) row[c.key] = v.toISOString().slice(0, 19);
    }
  }
  return { data: rows, recordCount: n };
}
