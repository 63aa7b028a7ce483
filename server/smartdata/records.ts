import type { Db, Queryable, Row } from '../db';
import type { Where } from './where';
import { orderBy, sampledFingerprint, seekPage, STEP, type SortKey } from './position-index';
import type { Claim } from '../identity/users';
import { badRequest } from '../http/errors';
import { buildWhere } from './where';
import type { RecordsQuery } from '../../src/api/types';
import { columnByKey, isMultiValued, readExpr, type Column, type SmartModule } from './schema';
import { rowsOf } from './rows';
import { analysisJoin, analysisValue, namesText } from '../text/dimensions';

export const MAX_PAGE = 500;
/** DuckDB's own chunk: a streamed answer's rows are handed over as each is produced. */
const STREAM_BLOCK = 2048;

export type { RecordsQuery } from '../../src/api/types';

const visibleOf = (module: SmartModule) => module.columns.filter((c) => !c.isHidden);

/**
 * How one page is read: the sort keys (checked against the schema) with the id last so that pages
 * never overlap, the filters, and the columns.
 */
function pagePlan(db: Db, module: SmartModule, query: RecordsQuery, claims: Claim[] | null, columns: Column[], asJson = false) {
  const keys: SortKey[] = [
    ...query.orderByFields.map((key) => {
      const col = columnByKey(module, key);
      if (!col) throw badRequest(`Unknown sort field "${key}".`);
      if (isMultiValued(col)) throw badRequest(`Records cannot be sorted by "${col.key}": a row may have several.`);
      // Qualified: a bare name would sort by the SELECT's alias of the same name (a comment's shown mark).
      return { expr: `${module.table}.${col.column}`, desc: query.orderByOperator === 'DESC' };
    }),
    { expr: `${module.table}.${module.idColumn}`, desc: query.orderByOperator === 'DESC' },
  ];
  const where = buildWhere(module, query.smartFilters, claims);
  // Sentiment only shown, not filtered or sorted by: joined to the page once it is cut (text/dimensions.ts).
  const late = asJson && columns.some((c) => c.derived) && !namesText(where.sql) && !keys.some((k) => namesText(k.expr));
  const select = [
    ...columns.filter((c) => !(late && c.derived)).map((c) => `${readExpr(c)} AS "${c.key}"`),
    ...(late ? [`${module.table}.${module.idColumn} AS _id`] : []),
  ].join(', ');
  const json = asJson ? jsonPage(columns, keys, late ? module : undefined) : undefined;
  return { q: rowsOf(db, module), module, query, columns, keys, where, select: json ? `${select}, ${json.keys}` : select, wrap: json?.wrap };
}
type PagePlan = ReturnType<typeof pagePlan>;

/**
 * The rows of one page. At any depth a page is read between the sampled keys around it
 * (`seekPage`), a few thousand rows whatever the depth; `fingerprint`, the set's count, tells when
 * the samples are out of date. Otherwise (no count, or a set edited in place) it is read with
 * OFFSET, whose top-N reads the wide columns of the page's rows only (DuckDB's late
 * materialisation): finding the ids first and then their rows with IN (...) scanned every id of the
 * table, 146 ms for the first page of ten million.
 */
async function readPage(plan: PagePlan, fingerprint?: string) {
  const { q, module, query, columns, keys, select, wrap } = plan;
  const w = plan.where.clone(); // a plan may be read twice: binding LIMIT and OFFSET leaves it as it was
  // A set that only grows has its count for its state; other sets change in place and page by OFFSET.
  const seek = module.appendOnly && fingerprint !== undefined ? await seekPage(q, { select, from: module.table, where: w, keys, skip: query.skip, top: query.top, fingerprint, wrap }) : undefined;
  const rows =
    seek ??
    (await q.query((wrap ?? String)(`SELECT ${select} FROM ${module.table} ${w.sql} ORDER BY ${orderBy(keys)} LIMIT ${w.bind(query.top)} OFFSET ${w.bind(query.skip)}`), w.params));
  return wrap ? rows : apiDates(rows, columns);
}

/** Timestamps as the API answers them ('YYYY-MM-DDTHH:mm:ss', UTC). Only the DateTime columns are visited: every value of every row took a tenth of a millisecond a page. */
function apiDates(rows: Row[], columns: Column[]): Row[] {
  const keys = columns.filter((c) => c.typeName === 'DateTime').map((c) => c.key);
  for (const row of rows) {
    for (const key of keys) {
      const v = row[key];
      if (v instanceof Date) row[key] = v.toISOString().slice(0, 19);
    }
  }
  return rows;
}

/** How many records the filters (and the caller's claims) let through. */
export async function countRecords(db: Db, module: SmartModule, query: Pick<RecordsQuery, 'smartFilters'>, claims: Claim[] | null): Promise<number> {
  return countWhere(rowsOf(db, module), module.table, buildWhere(module, query.smartFilters, claims));
}

const countWhere = async (q: Queryable, table: string, w: Where) => Number((await q.query<{ n: number }>(`SELECT count(*) AS n FROM ${table} ${w.sql}`, w.params))[0].n);

/** One page of records and the count of all of them. */
export async function recordsPage(db: Db, module: SmartModule, query: RecordsQuery, claims: Claim[] | null, columns: Column[] = visibleOf(module)) {
  return pageOf(pagePlan(db, module, query, claims, columns));
}

/**
 * `recordsPage` as the API's JSON text. On DuckDB the engine writes each row's JSON as it reads the
 * page: the rows' values were otherwise handed to JavaScript one by one, dates turned to text and
 * all of it stringified again, a quarter of a millisecond of a 3 ms page at ten million responses.
 */
export async function recordsPageJson(db: Db, module: SmartModule, query: RecordsQuery, claims: Claim[] | null, columns: Column[]): Promise<string> {
  if (db.engine !== 'duckdb') return JSON.stringify(await recordsPage(db, module, query, claims, columns));
  const { data, recordCount } = await pageOf(pagePlan(db, module, query, claims, columns, true));
  return `{"data":[${data.map((r) => r.j).join(',')}],"recordCount":${recordCount}}`;
}

async function pageOf(plan: PagePlan) {
  const { q, module, query, where } = plan;
  const count = () => countWhere(q, module.table, where);
  // A page among the first rows reads with OFFSET, beside the count.
  if (query.skip < STEP) {
    const [n, data] = await Promise.all([count(), readPage(plan)]);
    return { data, recordCount: n };
  }
  // A deeper one needs the count to know whether the sampled keys are still those of the set: it is
  // read beside the count with the samples held, and again only when the count has moved since.
  const held = module.appendOnly ? sampledFingerprint(module.table, where, plan.keys) : undefined;
  const [n, early] = await Promise.all([count(), held === undefined ? undefined : readPage(plan, held)]);
  return { data: early && held === String(n) ? early : await readPage(plan, String(n)), recordCount: n };
}

/** Records as their values in the columns' order, a block of them at a time (what an export writes). */
export type RecordValues = unknown[][];

/**
 * Every record in order, a block at a time (for exports: memory holds a block or two whatever the
 * size), each as its values in the columns' order, timestamps as epoch milliseconds or as the API's
 * text; `recordCount` is the set's count, as the caller checked it, and `chunk` the rows of a page
 * where the engine does not stream.
 */
export async function* recordChunks(db: Db, module: SmartModule, query: Omit<RecordsQuery, 'skip' | 'top'>, claims: Claim[] | null, columns: Column[], recordCount: number, chunk = 10_000): AsyncGenerator<RecordValues> {
  const plan = pagePlan(db, module, { ...query, skip: 0, top: chunk }, claims, columns);
  // Where the engine streams (DuckDB), one query sorts once and hands its rows over as they come:
  // 100,000 rows read in 0.7-0.9 s, against 1.6-2.0 s page by page.
  if (plan.q.stream) {
    const { where, keys } = plan;
    // Each row as one JSON array the engine writes and JSON.parse reads in a call: read value by
    // value, each text longer than 12 bytes took a native call of its own (100,000 rows of ten
    // columns: 0.55-0.7 s against 0.8-1.4 s).
    // Blocks of one engine chunk: fewer rows alive at once, less for the garbage collector to copy.
    const sql = `SELECT CAST(json_array(${columns.map(jsonValue).join(', ')}) AS VARCHAR) AS j FROM ${module.table} ${where.sql} ORDER BY ${orderBy(keys)}`;
    for await (const rows of plan.q.stream<{ j: string }>(sql, where.params, STREAM_BLOCK)) yield rows.map((r) => JSON.parse(r.j) as unknown[]);
    return;
  }
  // Otherwise page by page; past the first chunk each is read between sampled keys, so the export
  // reads every row about once, not every row before each chunk again. The engine reads the next
  // chunk while this one is written.
  const read = (skip: number) => readPage({ ...plan, query: { ...plan.query, skip } }, String(recordCount));
  let next = read(0);
  for (let skip = 0; ; skip += chunk) {
    const rows = await next;
    if (rows.length === chunk) {
      next = read(skip + chunk);
      // Marked as handled: a writer that stops early (a cancel) never awaits it.
      next.catch(() => undefined);
    }
    if (rows.length) yield valuesOf(columns, rows);
    if (rows.length < chunk) return;
  }
}

/**
 * A column's value as JSON holds it: a timestamp as epoch milliseconds (one number, no text to parse
 * back); a number JSON has no word for (NaN, ±Infinity: the engine would write invalid JSON) as its
 * text, as the page-by-page read hands it to the workbook.
 */
function jsonValue(c: Column): string {
  const e = readExpr(c);
  if (c.typeName === 'DateTime') return `epoch_ms(${e})`;
  if (c.typeName === 'Number') return `CASE WHEN ${e} IS NULL OR isfinite(${e}) THEN to_json(${e}) ELSE to_json(CASE WHEN isnan(${e}) THEN 'NaN' WHEN ${e} > 0 THEN 'Infinity' ELSE '-Infinity' END) END`;
  return e;
}

/**
 * A page whose rows are JSON objects the engine writes (`j`), as JSON.stringify wrote the row
 * objects before: a timestamp as the API's text, a number JSON has no word for (NaN, ±Infinity) as
 * null. Written around the page's own query, over its rows alone: in its SELECT, the first page of
 * ten million wrote every row's JSON before keeping a hundred (15 ms became 100 ms). The page's
 * order is kept by its sort keys, carried out as `_k0`, `_k1`, ...
 */
function jsonPage(columns: Column[], keys: SortKey[], lateFrom?: SmartModule) {
  const value = (c: Column) => {
    const e = lateFrom && c.derived ? analysisValue(c) : `page."${c.key}"`;
    if (c.typeName === 'DateTime') return `strftime(${e}, '%Y-%m-%dT%H:%M:%S')`;
    if (c.typeName === 'Number') return `CASE WHEN isfinite(${e}) THEN ${e} END`;
    return e;
  };
  const object = columns.map((c) => `'${c.key.replaceAll("'", "''")}', ${value(c)}`).join(', ');
  const order = keys.map((k, i) => `page._k${i} ${k.desc ? 'DESC' : 'ASC'}`).join(', ');
  return {
    /** Added to the page's SELECT. */
    keys: keys.map((k, i) => `${k.expr} AS _k${i}`).join(', '),
    wrap: (page: string) => `SELECT CAST(json_object(${object}) AS VARCHAR) AS j FROM (${page}) AS page ${lateFrom ? analysisJoin(lateFrom, 'page._id') : ''} ORDER BY ${order}`,
  };
}

/** Row objects as values in the columns' order. */
export const valuesOf = (columns: Column[], rows: Row[]): RecordValues => rows.map((r) => columns.map((c) => r[c.key]));
