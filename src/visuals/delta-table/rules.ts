import type { ContentEntry } from '../../api/visual-types';
import type { TFunction } from 'i18next';
import { pointChange, percentageChange, roundAwayFromZero, type DeltaSymbol } from '../../lib/deltas';
import { changeText } from '../common/change';
import { isBlankName, isValidNumber } from '../common/rows';
import { numberFormat } from '../../lib/intl';
import { DELTA_COLOURS } from '../common/palette';

/** Table and list tile defaults of spec part 3; the colours are the theme's tokens with the spec's colour as default. */
export const TABLE_DEFAULTS = {
  DecimalPlaces: 0, DeltaThreshold: 0,
  AboveDelta: 'var(--cx-color-negative-text, #D4002B)', BelowDelta: 'var(--cx-color-positive-text, #0C8A65)', SameDelta: DELTA_COLOURS.same,
  HeaderColour: 'var(--cx-color-text-muted, #666)', HeaderFontSize: 12, TextColour: 'var(--cx-color-text-subtle, #4A4A4A)', TextFontSize: 13, TextPadding: 8, PaddingBottom: 15,
  TabUnderline: 'var(--cx-color-accent, #9B1A42)', ActiveDeltaButton: 'var(--cx-color-accent, #C73361)', InactiveDeltaButton: 'var(--cx-color-text-muted, #666666)',
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

/** The cell a delta column is of, and whether its value column is a percentage (its point change is then in points). */
function deltaSource(row: TableRow, delta: TableColumn, columns: TableColumn[]) {
  const key = delta.DeltaFrom ?? delta.Key;
  const from = columns.find((c) => c.Key === key && c.Type !== 'PointChange' && c.Type !== 'PercentageChange');
  return { cell: row.cells[key], percent: from?.Type === 'Percentage' };
}

/** A delta column's number: point change (in points for percentage columns) or percentage change; null when invalid. */
export function deltaValue(row: TableRow, delta: TableColumn, columns: TableColumn[]): number | null {
  const { cell, percent } = deltaSource(row, delta, columns);
  if (!cell) return null;
  if (delta.Type === 'PercentageChange') return percentageChange(cell.Val, cell.ValForDelta);
  const f = percent ? 100 : 1;
  return pointChange(cell.Val === null ? null : cell.Val * f, cell.ValForDelta === null ? null : cell.ValForDelta * f);
}

/** A value cell as text: '-' when invalid; percentages ×100 with '%'; numbers with thousands separators. */
export function formatCell(v: number | null, col: TableColumn, fmt: TableFormat): string {
  if (v === null || !Number.isFinite(v)) return '-';
  if (col.Type === 'Percentage') return `${(v * 100).toFixed(fmt.decimalPlaces)}%`;
  return numberFormat('en-US', { minimumFractionDigits: fmt.decimalPlaces, maximumFractionDigits: fmt.decimalPlaces }).format(v);
}

/**
 * A delta cell in the tiles' one change format (change.ts): '+5 pts' for a percentage column's
 * point change, '+20%' for a percentage change, '-' when invalid; its colour by the threshold.
 */
export function formatDelta(t: TFunction, lang: string, row: TableRow, delta: TableColumn, columns: TableColumn[], fmt: TableFormat): { text: string; colour: string; symbol: DeltaSymbol } {
  const { cell, percent } = deltaSource(row, delta, columns);
  const d = deltaValue(row, delta, columns);
  const change = changeText(t, lang, cell?.Val, cell?.ValForDelta, delta.Type === 'PercentageChange' ? 'PercentageDelta' : 'PointChange', percent);
  if (d === null || !Number.isFinite(d) || !change.text) return { text: '-', colour: TABLE_DEFAULTS.SameDelta, symbol: '-' };
  // The threshold compares the change as shown: a percentage change is shown whole.
  const r = delta.Type === 'PercentageChange' ? roundAwayFromZero(d) : d;
  const colour = r > fmt.threshold ? fmt.above : r < fmt.threshold ? fmt.below : TABLE_DEFAULTS.SameDelta;
  return { text: change.text, colour, symbol: change.symbol };
}
