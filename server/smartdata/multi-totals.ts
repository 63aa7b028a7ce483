import type { AnalyticsData, AnalyticsQuery, PivotRow } from '../../src/api/types';

/**
 * The totals of a pivot broken down by a multi-valued dimension (`Topic`), where they roll that
 * dimension up: there a row counts once, not once per topic it is about, so they are taken from the
 * same pivot without it (`plain`). `key` is the multi-valued dimension's; the cells that keep it
 * stay as they are.
 */
export function withPlainTotals(pivot: AnalyticsData, plain: AnalyticsData, q: AnalyticsQuery, key: string): AnalyticsData {
  const rowIndex = q.rowDimensions.indexOf(key);
  const out: AnalyticsData = { ...pivot, recordCount: plain.recordCount, grandTotal: plain.grandTotal };
  if (rowIndex < 0) return { ...out, rowTotals: plain.rowTotals };
  // In the rows: the column totals, and every row above its level, roll it up.
  const plainNodes = new Map<string, PivotRow>();
  const index = (list: PivotRow[]) => list.forEach((n) => (plainNodes.set(n.DimensionValueKey, n), index(n.Children)));
  index(plain.data);
  const rowTotals = { ...pivot.rowTotals };
  const above = (list: PivotRow[], depth: number) => {
    if (depth >= rowIndex) return;
    for (const node of list) {
      const same = plainNodes.get(node.DimensionValueKey);
      if (same) node.Value = same.Value;
      rowTotals[node.DimensionValueKey] = plain.rowTotals[node.DimensionValueKey] ?? rowTotals[node.DimensionValueKey];
      above(node.Children, depth + 1);
    }
  };
  above(pivot.data, 0);
  return { ...out, rowTotals, colTotals: plain.colTotals };
}
