import type { ContentEntry } from '../../api/visual-types';
import { pointChange, percentageChange, roundAwayFromZero } from '../../lib/deltas';
import { isBlankName, isValidNumber } from '../common/rows';
import { numberFormat } from '../../lib/intl';

/** Table and list tile defaults of spec part 3. */
export const TABLE_DEFAULTS = {
  DecimalPlaces: 0, DeltaThreshold: 0, AboveDelta: '#D4002B', BelowDelta: '#0C8A65', SameDelta: '#666666',
  HeaderColour: '#666', HeaderFontSize: 12, TextColour: '#4A4A4A', TextFontSize: 13, TextPadding: 8, PaddingBottom: 15,
  TabUnderline: '#9B1A42', ActiveDeltaButton: '#C73361', InactiveDeltaButton: '#666666',
} as const;

export type ColumnType = 'Text' | 'Number' | 'Percentage' | 'PercentageChange' | 'PointChange';

export interface TableColumn {
  Header: string;
  Key: string;
  Type: ColumnType;
  /** For delta columns: the value column the delta is of (its type decides the unit). */
  DeltaFrom?: string;
  Default?: boolean;
  Align?: 'left' | 'right' | 'center';
  Sort?: 'ASC' | 'DESC';
  Order?: 'ASC' | 'DESC';
}

export interface TableFormat {
  decimalPlaces: number;
  threshold: number;
  above: string;
  below: string;
}

export interface TableRow {
  name: string;
  cells: Record<string, { Val: number | null; ValForDelta: number | null }>;
}

export type SortState = { column: string; order: 'ASC' | 'DESC' } | null;

/** Table rows; blank rows (empty or '[blank]' names) hidden unless ShowBlank. */
export function tableRows(content: readonly ContentEntry[], showBlank: boolean): TableRow[] {
  return content
    .filter((e) => showBlank || !isBlankName(e.Name))
    .map((e) => ({ name: e.Name, cells: Object.fromEntries(e.data.map((d) => [d.Key, { Val: isValidNumber(d.Val) ? d.Val : null, ValForDelta: isValidNumber(d.ValForDelta) ? d.ValForDelta : null }])) }));
}

/** Header click: the first click on a column sorts DESC; later clicks toggle. */
export function nextSort(current: SortState, column: string): SortState {
  if (!current || current.column !== column) return { column, order: 'DESC' };
  return { column, order: current.order === 'DESC' ? 'ASC' : 'DESC' };
}

/** A column's id in the saved sort: delta columns share their value column's key. */
export const columnId = (c: TableColumn) => `${c.Key}:${c.Type}`;
export const TITLE_ID = 'title';

/** A cell's sort value: blank or missing values sort as a very low number. */
function sortValue(row: TableRow, column: TableColumn | null, columns: TableColumn[]): number | string {
  if (!column) return row.name;
  const v = column.Type === 'PointChange' || column.Type === 'PercentageChange' ? deltaValue(row, column, columns) : (row.cells[column.Key]?.Val ?? null);
  return v === null ? -Number.MAX_VALUE : v;
}

/** Rows sorted by the saved sort (a column id, or the title column); ties by name. */
export function sortRows(rows: TableRow[], sort: SortState, columns: TableColumn[]): TableRow[] {
  if (!sort) return rows;
  const col = sort.column === TITLE_ID ? null : columns.find((c) => columnId(c) === sort.column);
  if (col === undefined) return rows;
  const dir = sort.order === 'ASC' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = sortValue(a, col, columns);
    const y = sortValue(b, col, columns);
    return (typeof x === 'string' ? x.localeCompare(String(y)) : x - (y as number)) * dir || a.name.localeCompare(b.name);
  });
}

const isPercentUnit = (col: TableColumn | undefined) => col?.Type === 'Percentage';

/** A delta column's number: point change (in points for percentage columns) or percentage change; null when invalid. */
export function deltaValue(row: TableRow, delta: TableColumn, columns: TableColumn[]): number | null {
  const from = columns.find((c) => c.Key === (delta.DeltaFrom ?? delta.Key) && c.Type !== 'PointChange' && c.Type !== 'PercentageChange');
  const cell = row.cells[delta.DeltaFrom ?? delta.Key];
  if (!cell) return null;
  if (delta.Type === 'PercentageChange') return percentageChange(cell.Val, cell.ValForDelta);
  const f = isPercentUnit(from) ? 100 : 1;
  return pointChange(cell.Val === null ? null : cell.Val * f, cell.ValForDelta === null ? null : cell.ValForDelta * f);
}

/** A value cell as text: '-' when invalid; percentages ×100 with '%'; numbers with thousands separators. */
export function formatCell(v: number | null, col: TableColumn, fmt: TableFormat): string {
  if (v === null || !Number.isFinite(v)) return '-';
  if (col.Type === 'Percentage') return `${(v * 100).toFixed(fmt.decimalPlaces)}%`;
  return numberFormat('en-US', { minimumFractionDigits: fmt.decimalPlaces, maximumFractionDigits: fmt.decimalPlaces }).format(v);
}

/** A delta cell: signed, rounded away from zero, '%' for percentage change; its colour by the threshold. */
export function formatDelta(d: number | null, col: TableColumn, fmt: TableFormat): { text: string; colour: string; symbol: 'up' | 'down' | 'same' | '-' } {
  if (d === null || !Number.isFinite(d)) return { text: '-', colour: TABLE_DEFAULTS.SameDelta, symbol: '-' };
  const r = roundAwayFromZero(d, col.Type === 'PercentageChange' ? 0 : Math.max(fmt.decimalPlaces, 1));
  const text = `${r > 0 ? '+' : ''}${r}${col.Type === 'PercentageChange' ? '%' : ''}`;
  const colour = r > fmt.threshold ? fmt.above : r < fmt.threshold ? fmt.below : TABLE_DEFAULTS.SameDelta;
  return { text, colour, symbol: r > 0 ? 'up' : r < 0 ? 'down' : 'same' };
}
