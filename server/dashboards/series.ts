import type { Db } from '../db';
import type { Claim } from '../identity/users';
import type { SmartModule } from '../smartdata/schema';
import type { SmartFilter } from '../smartdata/where';
import { BLANK } from '../smartdata/where';
import type { ContentEntry, DataRow, MeasureKey, Series, VisualQuery } from '../../src/api/visual-types';
import { COUNT, measureOf, num } from './measures';
import { bounds, dimension, periodScan, type PeriodScan } from './scan';
import { commentsSeries } from './comments';
import type { FeedRequest } from '../../src/api/review-types';
import { rowsOf } from '../smartdata/rows';
import { localiseName, type Lang } from '../i18n';

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
}

/** A measure's name as the answer shows it, in the request's language. */
const measureName = (input: SeriesInput, measure: MeasureKey) => localiseName(input.lang ?? 'en', measureOf(input.module, measure).name);

/** A category label as SQL text: blanks become '[Blank]' (the client's ShowBlank rule drops them). */
const label = (column: string) => `COALESCE(NULLIF(CAST(${column} AS VARCHAR), ''), '${BLANK}')`;

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

/** One value for each period (gauges, hero numbers). */
async function kpi(input: SeriesInput, measure: MeasureKey): Promise<Series> {
  const scan = periodScan(input.module, input.filters, input.claims, input.now);
  const m = measureOf(input.module, measure);
  const [row] = await rowsOf(input.db, input.module).query(
    `SELECT ${m.sql(scan.current)} AS cur, ${m.sql(scan.previous)} AS prev, ${COUNT.sql(scan.current)} AS n, ${COUNT.sql(scan.previous)} AS pn
     FROM ${input.module.table} ${scan.where.sql}`,
    scan.where.params,
  );
  const name = measureName(input, measure);
  const data: DataRow[] = [{ Name: name, Key: measure, Val: num(row.cur), ValForDelta: num(row.prev) }];
  return shell(scan, measure, input.module.dateKey, { cur: Number(row.n), prev: Number(row.pn) }, [{ Name: name, key: measure, data }]);
}

/** Buckets of the current period: days up to a month, weeks up to half a year, months beyond. */
export function bucketFor(days: number): 'day' | 'week' | 'month' {
  return days <= 31 ? 'day' : days <= 190 ? 'week' : 'month';
}

/** The measure per time bucket in the current period, one line per value of `seriesKey` (or one line). */
async function trend(input: SeriesInput, measure: MeasureKey, seriesKey?: string): Promise<Series> {
  const scan = periodScan(input.module, input.filters, input.claims, input.now);
  const { current } = scan.periods;
  const bucket = bucketFor((current.end.getTime() - current.start.getTime()) / 86_400_000);
  const date = input.module.columns.find((c) => c.key === input.module.dateKey)!.column;
  const series = seriesKey ? dimension(input.module, seriesKey) : null;
  const m = measureOf(input.module, measure);
  // One scan of both periods: the buckets come from the current one, the record counts from both.
  const rows = await rowsOf(input.db, input.module).query<{ s: string; b: string; v: unknown; n: unknown; pn: unknown }>(
    `SELECT ${series ? label(series.column) : `'${measureName(input, measure).replace(/'/g, "''")}'`} AS s, CAST(date_trunc('${bucket}', ${date}) AS VARCHAR) AS b, ${m.sql(scan.current)} AS v,
            ${COUNT.sql(scan.current)} AS n, ${COUNT.sql(scan.previous)} AS pn
     FROM ${input.module.table} ${scan.where.sql} GROUP BY 1, 2 ORDER BY 1, 2`,
    scan.where.params,
  );
  const bySeries = new Map<string, DataRow[]>();
  for (const r of rows) {
    if (Number(r.n) === 0) continue; // a bucket of the previous period only
    bySeries.set(r.s, [...(bySeries.get(r.s) ?? []), { Name: r.b.slice(0, 10), Key: r.b.slice(0, 10), Val: num(r.v) }]);
  }
  const content = [...bySeries].map(([name, data]) => ({ Name: name, key: name, data }));
  const counts = { cur: rows.reduce((t, r) => t + Number(r.n), 0), prev: rows.reduce((t, r) => t + Number(r.pn), 0) };
  return { ...shell(scan, measure, input.module.dateKey, counts, content), seriesFilterKey: series?.key };
}

/**
 * The measure per category of `axisKey` for both periods; with `seriesKey`, each category is split
 * into the share of each series value (stacked bars: rows are categories, stacks are series).
 */
async function breakdown(input: SeriesInput, measure: MeasureKey, axisKey: string, seriesKey?: string): Promise<Series> {
  const scan = periodScan(input.module, input.filters, input.claims, input.now);
  const axis = dimension(input.module, axisKey);
  const series = seriesKey ? dimension(input.module, seriesKey) : null;
  const m = measureOf(input.module, measure);
  const rows = await rowsOf(input.db, input.module).query<{ a: string; s: string; v: unknown; p: unknown; n: unknown; pn: unknown }>(
    `SELECT ${label(axis.column)} AS a, ${series ? label(series.column) : "''"} AS s,
            ${m.sql(scan.current)} AS v, ${m.sql(scan.previous)} AS p, ${COUNT.sql(scan.current)} AS n, ${COUNT.sql(scan.previous)} AS pn
     FROM ${input.module.table} ${scan.where.sql} GROUP BY 1, 2 ORDER BY 1, 2`,
    scan.where.params,
  );
  const byAxis = new Map<string, typeof rows>();
  for (const r of rows) byAxis.set(r.a, [...(byAxis.get(r.a) ?? []), r]);
  const content: ContentEntry[] = [];
  for (const [a, group] of byAxis) {
    if (!series) {
      const r = group[0];
      content.push({ Name: a, key: a, data: [{ Name: a, Key: a, Val: num(r.v), ValForDelta: num(r.p) }] });
      continue;
    }
    // Shares of the category's responses in each period; other measures stay as they are.
    const total = group.reduce((t, r) => t + Number(r.n), 0);
    const prevTotal = group.reduce((t, r) => t + Number(r.pn), 0);
    const share = (part: unknown, whole: number) => (whole > 0 ? Number(part) / whole : null);
    content.push({
      Name: a,
      key: a,
      data: group.map((r) => ({
        Name: r.s,
        Key: r.s,
        Val: measure === 'responses' ? share(r.n, total) : num(r.v),
        ValForDelta: measure === 'responses' ? share(r.pn, prevTotal) : num(r.p),
        Count: Number(r.n),
      })),
    });
  }
  // The groups partition the rows, so their counts add up to the periods' counts: no second scan.
  const counts = { cur: rows.reduce((t, r) => t + Number(r.n), 0), prev: rows.reduce((t, r) => t + Number(r.pn), 0) };
  return { ...shell(scan, measure, axis.key, counts, content), seriesFilterKey: series?.key };
}

/** Rows of `rowKey` with one data entry per measure, each with its previous-period value (delta tables). */
async function table(input: SeriesInput, rowKey: string, measures: MeasureKey[]): Promise<Series> {
  const scan = periodScan(input.module, input.filters, input.claims, input.now);
  const row = dimension(input.module, rowKey);
  const select = measures.flatMap((k, i) => [`${measureOf(input.module, k).sql(scan.current)} AS c${i}`, `${measureOf(input.module, k).sql(scan.previous)} AS p${i}`]);
  const rows = await rowsOf(input.db, input.module).query(
    `SELECT ${label(row.column)} AS r, ${select.join(', ')}, ${COUNT.sql(scan.current)} AS n, ${COUNT.sql(scan.previous)} AS pn
     FROM ${input.module.table} ${scan.where.sql} GROUP BY 1 ORDER BY 1`,
    scan.where.params,
  );
  const content = rows.map((r) => ({
    Name: String(r.r),
    key: String(r.r),
    data: measures.map((k, i) => ({ Key: k, Name: measureName(input, k), Val: num(r[`c${i}`]), ValForDelta: num(r[`p${i}`]) })),
  }));
  const counts = { cur: rows.reduce((t, r) => t + Number(r.n), 0), prev: rows.reduce((t, r) => t + Number(r.pn), 0) };
  return shell(scan, 'table', row.key, counts, content);
}

/** The named series a visual's query gives: `data`, plus one per tab for lists with tabs. */
export async function seriesFor(input: SeriesInput, query: VisualQuery): Promise<Record<string, Series>> {
  switch (query.kind) {
    case 'kpi':
      return { data: await kpi(input, query.measure) };
    case 'trend':
      return { data: await trend(input, query.measure, query.seriesKey) };
    case 'breakdown':
      return { data: await breakdown(input, query.measure, query.axisKey, query.seriesKey) };
    case 'table':
      return { data: await table(input, query.rowKey, query.measures) };
    case 'comments':
      return commentsSeries(input, query);
    case 'review':
      return {}; // a review tile's data is its block's `review` (server/reviews/tiles.ts)
  }
}
