import ExcelJS from 'exceljs';
import type { Row } from '../db';
import type { AnalyticsData, PivotRow } from '../../src/api/types';
import type { Column } from '../smartdata/schema';
import { isHiddenValue } from '../../src/lib/profanity';

/** What the export sheet says about the export: who, when, and under which filters. */
export interface ExportAbout {
  title: string;
  author: string;
  dateTime: string;
  filters: string[];
}

/** Spec part 2 section 5: what a profanity-cleaned value reads as. */
export const HIDDEN_TEXT = 'Hidden due to offensive language.';
/** Excel's sheet holds 1,048,576 rows, one of them the header. */
export const MAX_EXPORT_ROWS = 1_048_575;

const DATE_FORMAT = 'yyyy-mm-dd hh:mm';
const bold = { bold: true } as const;

function aboutSheet(wb: ExcelJS.stream.xlsx.WorkbookWriter, about: ExportAbout, rows: number): void {
  const ws = wb.addWorksheet('Export');
  ws.columns = [{ width: 18 }, { width: 80 }];
  const lines: Array<[string, string | number]> = [
    ['Export', about.title], ['Exported at', about.dateTime], ['By', about.author], ['Rows', rows],
    ...about.filters.map((f, i): [string, string] => [i === 0 ? 'Filters' : '', f]),
  ];
  if (about.filters.length === 0) lines.push(['Filters', 'None']);
  for (const [k, v] of lines) ws.addRow([k, v]).commit();
  ws.commit();
}

function cellValue(value: unknown, col: Column): unknown {
  if (value === null || value === undefined) return null;
  if (col.flagColumn && isHiddenValue(value)) return HIDDEN_TEXT;
  if (col.typeName === 'DateTime') return new Date(`${String(value).slice(0, 19)}Z`);
  return value;
}

/**
 * Streams records into an .xlsx at `file`: a 'Records' sheet with the chosen columns in order
 * (dates as Excel dates), then an 'Export' sheet naming the filters. Returns the row count.
 */
export async function writeRecordsWorkbook(file: string, columns: Column[], chunks: AsyncIterable<Row[]>, about: ExportAbout): Promise<number> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  wb.creator = about.author;
  const ws = wb.addWorksheet('Records', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({
    header: c.name, key: c.key, width: c.flagColumn ? 60 : c.typeName === 'DateTime' ? 18 : c.typeName === 'Number' ? 12 : 22,
    style: c.typeName === 'DateTime' ? { numFmt: DATE_FORMAT } : {},
  }));
  ws.getRow(1).font = bold;
  let count = 0;
  for await (const rows of chunks) {
    for (const row of rows) ws.addRow(columns.map((c) => cellValue(row[c.key], c))).commit();
    count += rows.length;
  }
  ws.commit();
  aboutSheet(wb, about, count);
  await wb.commit();
  return count;
}

export interface PivotLayout {
  measures: Array<{ key: string; name: string; format: string }>;
  rowNames: string[];
  hideRowTotals: boolean;
  hideColumnTotals: boolean;
}

const excelFormat = (format: string) => (/^0(\.0+)?$/.test(format) ? format : 'General');

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
