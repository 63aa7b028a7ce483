import { checkZipSizes } from './zip-guard';
import ExcelJS from 'exceljs';
import { ApiError, badRequest } from '../http/errors';
import { cellText } from './cells';
import { tooManyColumns } from './text';

/** A worksheet row with a value, and its row number in the sheet (the line a report names). */
export interface SheetRow {
  cells: Array<string | null>;
  line: number;
}

/**
 * The rows of an XLSX workbook's first worksheet, by exceljs's streaming reader (read as far as the
 * caller asks): rows without a value are left out; a row past `maxColumns` cells is a 400.
 */
export async function* streamWorkbook(path: string, maxColumns: number, onSheet: (name: string) => void = () => undefined): AsyncGenerator<SheetRow> {
  await checkZipSizes(path);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
  let sheet: string | undefined;
  try {
    for await (const worksheet of reader) {
      sheet = (worksheet as unknown as { name?: string }).name ?? 'Sheet1';
      onSheet(sheet);
      for await (const row of worksheet) {
        const values = row.values as unknown[];
        if (values.length - 1 > maxColumns) throw tooManyColumns(values.length - 1, maxColumns);
        // exceljs counts from 1 and leaves gaps where rows are skipped: the first row read is the header.
        const cells = Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => cellText(values[i + 1]));
        if (cells.some((c) => c !== null && c.trim() !== '')) yield { cells, line: row.number };
      }
      break;
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw badRequest('The workbook could not be read: it is not a valid XLSX file.');
  }
  if (sheet === undefined) throw badRequest('The workbook holds no worksheet.');
}

/** The first rows of an XLSX workbook's first worksheet (the rest is not read). */
export async function readWorkbook(path: string, max: number, maxColumns: number): Promise<{ sheet: string; rows: Array<Array<string | null>> }> {
  const rows: Array<Array<string | null>> = [];
  let sheet = 'Sheet1';
  for await (const row of streamWorkbook(path, maxColumns, (name) => (sheet = name))) {
    rows.push(row.cells);
    if (rows.length >= max) break;
  }
  return { sheet, rows };
}
