import { columnByKey, readExpr, type Column, type SmartModule } from '../smartdata/schema';
import type { Queryable, Row } from '../db';
import type { Where } from '../smartdata/where';
import { countRows, rollupSource } from '../rollups/plan';
import { badRequest } from '../http/errors';
import type { DataRow, Series, VisualQuery } from '../../src/api/visual-types';
import { bounds, periodScan, type PeriodScan } from './scan';
import type { SeriesInput } from './series';
import { rowsOf } from '../smartdata/rows';

type CommentsQuery = Extract<VisualQuery, { kind: 'comments' }>;

/** The newest comments of the current period with the fields the list shows; one series per tab. */
export async function commentsSeries(input: SeriesInput, query: CommentsQuery): Promise<Record<string, Series>> {
  const { module } = input;
  const cols = query.fields.map((key) => {
    const col = columnByKey(module, key);
    if (!col || col.isHidden) throw badRequest(`"${key}" is not a field of module "${module.moduleId}".`);
    return col;
  });
  const id = module.columns.find((c) => c.column === module.idColumn)!;
  const limit = Math.max(1, Math.min(100, Math.trunc(query.limit)));
  const tabs = [{ key: '', filterKey: '', filterValue: '' }, ...(query.tabs ?? [])];
  const entries = await Promise.all(
    tabs.map(async (tab) => {
      const filters = tab.filterKey ? [...input.filters, { filterKey: tab.filterKey, filterValue: tab.filterValue }] : input.filters;
      const scan = periodScan(module, filters, input.claims, input.now);
      const q = rowsOf(input.db, module);
      const at = await rollupSource(q, module, filters, input.claims, scan.periods);
      const sides = (from: string, count: string) => `SELECT COALESCE(${count} FILTER (WHERE ${scan.current}), 0) AS n, COALESCE(${count} FILTER (WHERE ${scan.previous}), 0) AS pn FROM ${from} ${scan.where.sql}`;
      const [rows, [count]] = await Promise.all([newest(q, module, cols, scan, limit), countRows<{ n: number; pn: number }>(q, at, [], module.table, scan.where, sides)]);
      const data: DataRow[] = rows.map((r) => {
        const row: DataRow = { Name: String(r.id), Key: String(r.id), Val: null, [id.key]: id.typeName === 'Number' ? Number(r.id) : String(r.id) };
        cols.forEach((c, i) => {
          const v = r[`f${i}`];
          row[c.key] = v instanceof Date ? v.toISOString().slice(0, 19) : v === null || v === undefined ? null : typeof v === 'number' ? v : String(v);
        });
        return row;
      });
      const series: Series = {
        key: tab.key || 'all',
        filterKey: id.key,
        content: [{ Name: tab.key || 'All', key: tab.key || 'all', data }],
        currentRecordCount: Number(count.n),
        previousRecordCount: Number(count.pn),
        currentPeriod: bounds(scan.periods.current),
        previousPeriod: bounds(scan.periods.previous),
      };
      return [`data${tab.key}`, series] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** How many of the period's last days are read first for its newest comments. */
const RECENT_DAYS = 7;

/**
 * The period's newest `limit` rows with the fields shown, newest first. The last days are read
 * first: every row of them is newer than any before, so when they hold `limit` rows those are the
 * answer, and the rest of the period (90 days of 10M responses: a million rows) is never sorted.
 */
async function newest(q: Queryable, module: SmartModule, cols: Column[], scan: PeriodScan, limit: number): Promise<Row[]> {
  const date = columnByKey(module, module.dateKey)!.column;
  const select = cols.map((c, i) => `${readExpr(c)} AS f${i}`).join(', ');
  const read = (where: Where) =>
    q.query(`SELECT ${module.idColumn} AS id, ${select} FROM ${module.table} ${where.sql} AND ${scan.current} ORDER BY ${date} DESC, ${module.idColumn} DESC LIMIT ${limit}`, where.params);
  const { start, end } = scan.periods.current;
  const since = new Date(end.getTime() + 1000 - RECENT_DAYS * 86_400_000);
  if (since > start) {
    const recent = scan.where.clone();
    recent.add(`${date} >= CAST(${recent.bind(since)} AS TIMESTAMP)`);
    const rows = await read(recent);
    if (rows.length === limit) return rows;
  }
  return read(scan.where);
}
