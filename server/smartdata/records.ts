import type { Db } from '../db';
import { orderBy, seekPage, STEP, type SortKey } from './position-index';
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
 * The rows of one page, in the order of the sort keys (checked against the schema) with the id last
 * so that pages never overlap. At any depth a page is read between the sampled keys around it
 * (`seekPage`), a few thousand rows whatever the depth; `recordCount`, the set's count, tells when
 * the samples are out of date. Otherwise (no count, or a set edited in place) it is read with
 * OFFSET, whose top-N reads the wide columns of the page's rows only (DuckDB's late
 * materialisation): finding the ids first and then their rows with IN (...) scanned every id of the
 * table, 146 ms for the first page of ten million.
 */
async function pageRows(db: Db, module: SmartModule, query: RecordsQuery, claims: Claim[] | null, columns: Column[], recordCount?: number) {
  const keys: SortKey[] = [
    ...query.orderByFields.map((key) => {
      const col = columnByKey(module, key);
      if (!col) throw badRequest(`Unknown sort field "${key}".`);
      // Qualified: a bare name would sort by the SELECT's alias of the same name (a comment's shown mark).
      return { expr: `${module.table}.${col.column}`, desc: query.orderByOperator === 'DESC' };
    }),
    { expr: `${module.table}.${module.idColumn}`, desc: query.orderByOperator === 'DESC' },
  ];
  const w = buildWhere(module, query.smartFilters, claims);
  const q = rowsOf(db, module);
  const select = columns.map((c) => `${readExpr(c)} AS "${c.key}"`).join(', ');
  // A set that only grows has its count for its state; other sets change in place and page by OFFSET.
  const seek = module.appendOnly && recordCount !== undefined ? await seekPage(q, { select, from: module.table, where: w, keys, skip: query.skip, top: query.top, fingerprint: String(recordCount) }) : undefined;
  const rows =
    seek ??
    (await q.query(`SELECT ${select} FROM ${module.table} ${w.sql} ORDER BY ${orderBy(keys)} LIMIT ${w.bind(query.top)} OFFSET ${w.bind(query.skip)}`, w.params));
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
  // A page among the first rows reads with OFFSET, beside the count; a deeper one needs the count
  // first, to know whether the sampled keys are still those of the set.
  if (query.skip < STEP) {
    const [n, data] = await Promise.all([countRecords(db, module, query, claims), pageRows(db, module, query, claims, columns)]);
    return { data, recordCount: n };
  }
  const n = await countRecords(db, module, query, claims);
  return { data: await pageRows(db, module, query, claims, columns, n), recordCount: n };
}

/**
 * Every record in order, a chunk at a time (for exports: memory stays at one chunk); `recordCount`
 * is the set's count, as the caller checked it.
 */
export async function* recordChunks(db: Db, module: SmartModule, query: Omit<RecordsQuery, 'skip' | 'top'>, claims: Claim[] | null, columns: Column[], recordCount: number, chunk = 10_000) {
  // Past the first chunk each is read between sampled keys: the export reads every row about once,
  // not every row before each chunk again.
  for (let skip = 0; ; skip += chunk) {
    const rows = await pageRows(db, module, { ...query, skip, top: chunk }, claims, columns, recordCount);
    if (rows.length) yield rows;
    if (rows.length < chunk) return;
  }
}
