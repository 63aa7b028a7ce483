import type { Claim } from '../identity/users';
import { columnByKey, type SmartModule } from '../smartdata/schema';
import type { Db, Param, Row } from '../db';
import type { SmartFilter } from '../smartdata/where';
import { MAX_TOP, MAX_TREND_POINTS, OTHERS_KEY, type CategoryOptions, type CompareWith, type ContentEntry, type DataRow, type MeasureKey, type Series, type TrendBucket, type VisualQuery } from '../../src/api/visual-types';
import { COUNT, measureOf, num } from './measures';
import { bounds, categoryLabel, categoryOf, dimension, groupedQuery, NO_GROUPING, periodScan, type Grouping, type PeriodScan } from './scan';
import { commentsSeries } from './comments';
import type { FeedRequest } from '../../src/api/review-types';
import { rowsOf } from '../smartdata/rows';
import { localiseName, type Lang } from '../i18n';
import { badRequest } from '../http/errors';

export interface SeriesInput {
  db: Db;
  module: SmartModule;
  filters: SmartFilter[];
  claims: Claim[] | null;
  now: Date;
  /** A review feed's page, tab and order (the other visuals ignore it). */
  feed?: FeedRequest;
  /** The language of the measures' names in the answer (English when not given). */
  lang?: Lang;
  /** The caller's roles: a tile that reads another source reads it only as they may (server/reviews/tiles.ts). */
  roles: readonly string[];
}

export type QueryOf<K extends VisualQuery['kind']> = Extract<VisualQuery, { kind: K }>;

/**
 * A tile's first query's rows (and a stacked breakdown's category values), read already together
 * with other tiles' in one scan (server/dashboards/one-scan.ts); shaped and ordered as that query's.
 */
export interface Given {
  rows: Row[];
  categories?: Map<string, number | null>;
}

/** A measure's name as the answer shows it, in the request's language. */
const measureName = (input: SeriesInput, measure: MeasureKey) => measureOf(input.module, measure).label(input.lang ?? 'en');

const scanOf = (input: SeriesInput, compare?: CompareWith) => periodScan(input.module, input.filters, input.claims, input.now, compare);

/** A measure whose values (a share's) are bound to the scan's query. */
const measureIn = (input: SeriesInput, scan: PeriodScan, key: MeasureKey) => measureOf(input.module, key, (v) => scan.where.bind(v));

function shell(scan: PeriodScan, key: string, filterKey: string, counts: { cur: number; prev: number }, content: ContentEntry[]): Series {
  return {
    key,
    filterKey,
    content,
    currentRecordCount: counts.cur,
    previousRecordCount: counts.prev,
    currentPeriod: bounds(scan.periods.current),
    previousPeriod: bounds(scan.periods.previous),
  };
}

/** Record counts of both periods from rows that partition them. */
const countsOf = (rows: ReadonlyArray<{ [k: string]: unknown; n?: unknown; pn?: unknown }>) => ({ cur: rows.reduce((t, r) => t + Number(r.n), 0), prev: rows.reduce((t, r) => t + Number(r.pn), 0) });

/** The record counts of both periods, as `n` and `pn`. */
const counted = (scan: PeriodScan): Array<[string, string]> => [['n', COUNT.sql(scan.current)], ['pn', COUNT.sql(scan.previous)]];

/** One value for each period (gauges, hero numbers). */
async function kpi(input: SeriesInput, q: QueryOf<'kpi'>, given?: Given): Promise<Series> {
  const scan = scanOf(input, q.compare);
  const m = measureIn(input, scan, q.measure);
  const [row] = given?.rows ?? await rowsOf(input.db, input.module).query(
    `SELECT ${m.sql(scan.current)} AS cur, ${m.sql(scan.previous)} AS prev, ${COUNT.sql(scan.current)} AS n, ${COUNT.sql(scan.previous)} AS pn
     FROM ${input.module.table} ${scan.where.sql}`,
    scan.where.params,
  );
  const name = measureName(input, q.measure);
  const data: DataRow[] = [{ Name: name, Key: q.measure, Val: num(row.cur), ValForDelta: num(row.prev) }];
  return shell(scan, q.measure, input.module.dateKey, { cur: Number(row.n), prev: Number(row.pn) }, [{ Name: name, key: q.measure, data }]);
}

/** Buckets of the current period: days up to a month, weeks up to half a year, months beyond. */
export function bucketFor(days: number): TrendBucket {
  return days <= 31 ? 'day' : days <= 190 ? 'week' : 'month';
}

/** Days in each bucket, at least (a month: 28): how many buckets a period has, at most. */
const BUCKET_DAYS: Record<TrendBucket, number> = { day: 1, week: 7, month: 28 };

type TrendRow = { s: string; b: string; v: unknown; p?: unknown; n: unknown; pn: unknown };

/**
 * A trend's time bucket (grouped by the bucket's start, shown as its text; a compared period's rows
 * moved onto the current one's dates): the one place it is computed, so that a stored bucket may
 * stand in. A 400 when the period has more buckets than a trend draws.
 */
export function trendBucket(input: SeriesInput, q: QueryOf<'trend'>, scan: PeriodScan): Grouping {
  const { current, previous } = scan.periods;
  const days = (current.end.getTime() - current.start.getTime()) / 86_400_000;
  const bucket = q.bucket ?? bucketFor(days);
  // Each bucket is a row per series value: a century by day would be tens of thousands.
  const points = Math.ceil(days / BUCKET_DAYS[bucket]) + 1;
  if (points > MAX_TREND_POINTS) throw badRequest(`A trend of this period by ${bucket} has ${points} points, and it draws at most ${MAX_TREND_POINTS}: choose a shorter period or a longer time step.`);
  const date = columnByKey(input.module, input.module.dateKey)!.column;
  // A whole number of seconds computed here (no caller's text), so it may stand in the SQL.
  const shift = q.compare === 'lastYear' ? "INTERVAL '1 year'" : `INTERVAL '${Math.round((current.start.getTime() - previous.start.getTime()) / 1000)} seconds'`;
  const day = q.compare ? `CASE WHEN ${scan.current} THEN ${date} ELSE ${date} + ${shift} END` : date;
  // Cast to text once per bucket, not per row: the cast costs more than the aggregates.
  return { key: `date_trunc('${bucket}', ${day})`, label: (k) => `CAST(${k} AS VARCHAR)`, reads: [date] };
}

/**
 * The measure per time bucket in the current period, one line per value of `seriesKey` (or one
 * line). With `compare`, each bucket also holds the compared period's value (ValForDelta): its rows
 * moved forward onto the current period's dates (by the periods' distance, or a year).
 */
async function trend(input: SeriesInput, q: QueryOf<'trend'>, given?: Given): Promise<Series> {
  const scan = scanOf(input, q.compare);
  const b = trendBucket(input, q, scan);
  const series = q.seriesKey ? dimension(input.module, q.seriesKey) : null;
  const m = measureIn(input, scan, q.measure);
  // One scan of both periods: the buckets come from the current one, the record counts from both.
  const values: Array<[string, string]> = [['v', m.sql(scan.current)], ...(q.compare ? [['p', m.sql(scan.previous)] as [string, string]] : []), ...counted(scan)];
  const rows = (given?.rows as TrendRow[] | undefined) ?? await rowsOf(input.db, input.module).query<TrendRow>(
    groupedQuery(input.module.table, scan.where.sql, [['s', series ? categoryOf(series.column) : NO_GROUPING], ['b', b]], values),
    scan.where.params,
  );
  const single = series ? '' : measureName(input, q.measure);
  const bySeries = new Map<string, DataRow[]>();
  for (const r of rows) {
    if (Number(r.n) === 0) continue; // a bucket of the previous period only
    const key = r.b.slice(0, 10);
    const name = series ? r.s : single;
    bySeries.set(name, [...(bySeries.get(name) ?? []), { Name: key, Key: key, Val: num(r.v), ...(q.compare ? { ValForDelta: num(r.p) } : {}) }]);
  }
  const content = [...bySeries].map(([name, data]) => ({ Name: name, key: name, data }));
  return { ...shell(scan, q.measure, input.module.dateKey, countsOf(rows), content), seriesFilterKey: series?.key };
}

/**
 * The categories in the order asked (by name as the engine sorts them, or by value with blanks
 * last), the first `top` of them kept and the rest apart; `top` alone sorts by value, highest first.
 */
function arrange<T>(items: T[], valueOf: (t: T) => number | null, q: CategoryOptions): { kept: T[]; rest: T[] } {
  const sort = q.sort ?? (q.top ? 'value-desc' : 'name');
  const sign = sort === 'value-asc' ? 1 : -1;
  const ordered =
    sort === 'name'
      ? items
      : [...items].sort((a, b) => {
          const x = valueOf(a);
          const y = valueOf(b);
          if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
          return sign * (x - y);
        });
  const top = q.top ? Math.max(1, Math.min(MAX_TOP, Math.trunc(q.top))) : ordered.length;
  return { kept: ordered.slice(0, top), rest: ordered.slice(top) };
}

/** The scan's WHERE narrowed to the rows outside the kept categories (the "Others" row), the kept names bound. */
function outside(scan: PeriodScan, column: string, kept: string[]) {
  const w = scan.where.clone();
  w.add(`${categoryLabel(column)} NOT IN (${kept.map((k) => w.bind(k)).join(', ')})`);
  return w;
}

type BreakdownRow = { a: string; s: string; v: unknown; p: unknown; n: unknown; pn: unknown };

/**
 * The measure per category of `axisKey` for both periods; with `seriesKey`, each category is split
 * into the share of each series value (stacked bars: rows are categories, stacks are series).
 * Sorted, cut to the top N and the rest as "Others" as the query asks.
 */
async function breakdown(input: SeriesInput, q: QueryOf<'breakdown'>, given?: Given): Promise<Series> {
  const scan = scanOf(input, q.compare);
  const axis = dimension(input.module, q.axisKey);
  const series = q.seriesKey ? dimension(input.module, q.seriesKey) : null;
  const m = measureIn(input, scan, q.measure);
  const values: Array<[string, string]> = [['v', m.sql(scan.current)], ['p', m.sql(scan.previous)], ...counted(scan)];
  const rowsIn = (where: { sql: string; params: Param[] }, category: Grouping) =>
    rowsOf(input.db, input.module).query<BreakdownRow>(
      groupedQuery(input.module.table, where.sql, [['a', category], ['s', series ? categoryOf(series.column) : NO_GROUPING]], values),
      where.params,
    );
  const rows = (given?.rows as BreakdownRow[] | undefined) ?? await rowsIn(scan.where, categoryOf(axis.column));
  const byAxis = new Map<string, BreakdownRow[]>();
  for (const r of rows) byAxis.set(r.a, [...(byAxis.get(r.a) ?? []), r]);
  const categories = [...byAxis.keys()];
  // A stacked category's value is the measure over all of it: one more scan, only when the order needs it.
  const stackValue = stackOrdered(q) ? (given?.categories ?? await categoryValues(input, scan, axis.column, m.sql(scan.current))) : null;
  const valueOf = (a: string) => (stackValue ? (stackValue.get(a) ?? null) : num(byAxis.get(a)![0].v));
  const { kept, rest } = arrange(categories, valueOf, q);
  const groups: Array<[string, BreakdownRow[], string?]> = kept.map((a) => [a, byAxis.get(a)!]);
  if (q.others && rest.length) {
    groups.push([localiseName(input.lang ?? 'en', 'Others'), await rowsIn(outside(scan, axis.column, kept), NO_GROUPING), OTHERS_KEY]);
  }
  const content = groups.map(([a, group, key]) => breakdownEntry(a, group, q.measure, !!series, key));
  // The groups partition the rows, so their counts add up to the periods' counts: no second scan.
  return { ...shell(scan, q.measure, axis.key, countsOf(rows), content), seriesFilterKey: series?.key };
}

/** Whether a breakdown is stacked and ordered by its categories' values: each category's value over all of it is read too. */
export const stackOrdered = (q: QueryOf<'breakdown'>) => !!q.seriesKey && !!(q.top || (q.sort && q.sort !== 'name'));

/** The current value of the measure for each category (stacked breakdowns' order). */
async function categoryValues(input: SeriesInput, scan: PeriodScan, column: string, value: string): Promise<Map<string, number | null>> {
  const rows = await rowsOf(input.db, input.module).query<{ a: string; v: unknown }>(
    groupedQuery(input.module.table, scan.where.sql, [['a', categoryOf(column)]], [['v', value]]),
    scan.where.params,
  );
  return new Map(rows.map((r) => [r.a, num(r.v)]));
}

/** A category's entry (keyed by its name, or `key`): its value, or (stacked) a row per series value; responses as shares of the category's rows in each period. */
function breakdownEntry(a: string, group: BreakdownRow[], measure: MeasureKey, stacked: boolean, key = a): ContentEntry {
  if (!stacked) return { Name: a, key, data: [{ Name: a, Key: key, Val: num(group[0].v), ValForDelta: num(group[0].p) }] };
  const total = group.reduce((t, r) => t + Number(r.n), 0);
  const prevTotal = group.reduce((t, r) => t + Number(r.pn), 0);
  const share = (part: unknown, whole: number) => (whole > 0 ? Number(part) / whole : null);
  return {
    Name: a,
    key,
    data: group.map((r) => ({
      Name: r.s,
      Key: r.s,
      Val: measure === 'responses' ? share(r.n, total) : num(r.v),
      ValForDelta: measure === 'responses' ? share(r.pn, prevTotal) : num(r.p),
      Count: Number(r.n),
    })),
  };
}

/**
 * Rows of `rowKey` with one data entry per measure, each with its compared period's value (delta
 * tables); sorted by the first measure, cut to the top N and the rest as "Others" as the query asks.
 */
async function table(input: SeriesInput, q: QueryOf<'table'>, given?: Given): Promise<Series> {
  const scan = scanOf(input, q.compare);
  const row = dimension(input.module, q.rowKey);
  const measures = q.measures.map((k) => measureIn(input, scan, k));
  const values = [...measures.flatMap((m, i): Array<[string, string]> => [[`c${i}`, m.sql(scan.current)], [`p${i}`, m.sql(scan.previous)]]), ...counted(scan)];
  // The "Others" row is one aggregate over the rows outside the kept ones: no dimension.
  const rowsIn = (where: { sql: string; params: Param[] }, dims: Array<[string, Grouping]>) =>
    rowsOf(input.db, input.module).query(groupedQuery(input.module.table, where.sql, dims, values), where.params);
  const rows = given?.rows ?? await rowsIn(scan.where, [['r', categoryOf(row.column)]]);
  const { kept, rest } = arrange(rows, (r) => num(r.c0), q);
  const shown = [...kept];
  if (q.others && rest.length) {
    const [others] = await rowsIn(outside(scan, row.column, kept.map((r) => String(r.r))), []);
    shown.push({ ...others, r: localiseName(input.lang ?? 'en', 'Others'), key: OTHERS_KEY });
  }
  const names = q.measures.map((k) => measureName(input, k));
  const content = shown.map((r) => ({
    Name: String(r.r),
    key: String(r.key ?? r.r),
    data: q.measures.map((k, i) => ({ Key: k, Name: names[i], Val: num(r[`c${i}`]), ValForDelta: num(r[`p${i}`]) })),
  }));
  return shell(scan, 'table', row.key, countsOf(rows), content);
}

/** The named series a visual's query gives: `data`, plus one per tab for lists with tabs; from `given` rows when read already. */
export async function seriesFor(input: SeriesInput, query: VisualQuery, given?: Given): Promise<Record<string, Series>> {
  switch (query.kind) {
    case 'kpi':
      return { data: await kpi(input, query, given) };
    case 'trend':
      return { data: await trend(input, query, given) };
    case 'breakdown':
      return { data: await breakdown(input, query, given) };
    case 'table':
      return { data: await table(input, query, given) };
    case 'comments':
      return commentsSeries(input, query);
    case 'review':
      return {}; // a review tile's data is its block's `review` (server/reviews/tiles.ts)
  }
}
