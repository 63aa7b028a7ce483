import ExcelJS from 'exceljs';
import type { AnalyticsData, PivotRow } from '../../src/api/types';
import { aboutLines, type ExportAbout } from './about';

const bold = { bold: true } as const;

function aboutSheet(wb: ExcelJS.stream.xlsx.WorkbookWriter, about: ExportAbout, rows: number): void {
  const ws = wb.addWorksheet('Export');
  ws.columns = [{ width: 18 }, { width: 80 }];
  for (const [k, v] of aboutLines(about, rows)) ws.addRow([k, v]).commit();
  ws.commit();
}

export interface PivotLayout {
  measures: Array<{ key: string; name: string; format: string }>;
  rowNames: string[];
  hideRowTotals: boolean;
  hideColumnTotals: boolean;
}

/** A measure's format as Excel's: '0.00', and '0.0%' for a share (a fraction, as Excel's percent formats expect). */
const excelFormat = (format: string) => (/^0(\.0+)?%?$/.test(format) ? format : 'General');

/**
 * The pivot as shown: two header rows (column values over measure names), every row level with its
 * outline level (Excel's grouping folds them), the row totals column and the totals row unless hidden.
 */
export async function writePivotWorkbook(file: string, data: AnalyticsData, layout: PivotLayout, about: ExportAbout): Promise<number> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  wb.creator = about.author;
  const ws = wb.addWorksheet('Analytics', { views: [{ state: 'frozen', ySplit: 2, xSplit: 1 }], properties: { outlineLevelRow: 1, defaultRowHeight: 15 } });
  const { measures } = layout;
  const showRowTotals = !layout.hideRowTotals || data.columns.length === 0;
  const groups = [...data.columns.map((c) => ({ label: c, key: c as string | null })), ...(showRowTotals ? [{ label: 'Total', key: null }] : [])];
  ws.columns = [{ width: 36 }, ...groups.flatMap(() => measures.map((m) => ({ width: 14, style: { numFmt: excelFormat(m.format) } })))];

  const top = ws.addRow(['', ...groups.flatMap((g) => measures.map((_, i) => (i === 0 ? g.label : '')))]);
  top.font = bold;
  groups.forEach((_, gi) => measures.length > 1 && ws.mergeCells(1, 2 + gi * measures.length, 1, 1 + (gi + 1) * measures.length));
  top.commit();
  const second = ws.addRow([layout.rowNames.join(' / '), ...groups.flatMap(() => measures.map((m) => m.name))]);
  second.font = bold;
  second.commit();

  const cellsOf = (row: PivotRow) => groups.flatMap((g) => measures.map((m) => (g.key === null ? data.rowTotals[row.DimensionValueKey] : row.Value[g.key])?.[m.key] ?? null));
  let count = 0;
  const write = (row: PivotRow, depth: number) => {
    const r = ws.addRow([row.DimensionValueKey.split('|').at(-1), ...cellsOf(row)]);
    r.outlineLevel = depth;
    r.getCell(1).alignment = { indent: depth };
    r.commit();
    count += 1;
    for (const child of row.Children) write(child, depth + 1);
  };
  for (const row of data.data) write(row, 0);
  if (!layout.hideColumnTotals) {
    const total = ws.addRow(['Total', ...groups.flatMap((g) => measures.map((m) => (g.key === null ? data.grandTotal : data.colTotals[g.key])?.[m.key] ?? null))]);
    total.font = bold;
    total.commit();
  }
  ws.commit();
  aboutSheet(wb, about, count);
  await wb.commit();
  return count;
}
