import { columnByKey, readExpr } from '../smartdata/schema';
import { badRequest } from '../http/errors';
import type { DataRow, Series, VisualQuery } from '../../src/api/visual-types';
import { bounds, periodScan } from './scan';
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
      const select = cols.map((c, i) => `${readExpr(c)} AS f${i}`).join(', ');
      const [rows, [count]] = await Promise.all([
        rowsOf(input.db, module).query(
          `SELECT ${module.idColumn} AS id, ${select} FROM ${module.table} ${scan.where.sql} AND ${scan.current} ORDER BY ${module.columns.find((c) => c.key === module.dateKey)!.column} DESC, ${module.idColumn} DESC LIMIT ${limit}`,
          scan.where.params,
        ),
        rowsOf(input.db, module).query(`SELECT count(*) FILTER (WHERE ${scan.current}) AS n, count(*) FILTER (WHERE ${scan.previous}) AS pn FROM ${module.table} ${scan.where.sql}`, scan.where.params),
      ]);
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
