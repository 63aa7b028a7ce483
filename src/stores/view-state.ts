import { map, type MapStore } from 'nanostores';
import { DEFAULT_PIVOT, type PivotChoice } from '../viewer/analytics/pivot-state';
import { scopedStores } from './scoped';

/** The sort of the records view (spec part 2: sortBy of the saved view state). */
export interface SortBy {
  fieldKey: string;
  operatorAsString: 'ASC' | 'DESC';
}

/** The pivot as chosen, with its totals switches (saved as analyticsDataSelection). */
export interface PivotView extends PivotChoice {
  hideRowTotals: boolean;
  hideColumnTotals: boolean;
}

/**
 * What a data view shows beyond its filters: the profile, the records grid's columns (order and
 * visibility; empty means the profile's own) and sort, and the pivot. Favourites save and restore it.
 */
export interface ViewState {
  profileName: string;
  columnsInOrder: string[];
  visibleColumns: string[];
  sortBy: SortBy | null;
  pivot: PivotView;
}

export const DEFAULT_VIEW: ViewState = {
  profileName: '', columnsInOrder: [], visibleColumns: [], sortBy: null, pivot: { ...DEFAULT_PIVOT, hideRowTotals: false, hideColumnTotals: false },
};

const viewScopes = scopedStores('viewScopes', () => map<ViewState>({ ...DEFAULT_VIEW }));

/** The view state of one scope: the viewer modes, favourites and export of a data page share it. */
export const viewFor = (scope = 'default'): MapStore<ViewState> => viewScopes(scope);

/** Columns in the saved order: saved keys first (those still in the schema), then the rest as the schema has them. */
export function orderColumns<T extends { key: string }>(columns: readonly T[], saved: readonly string[]): T[] {
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const first = saved.map((k) => byKey.get(k)).filter((c): c is T => !!c);
  return [...first, ...columns.filter((c) => !saved.includes(c.key))];
}

/** Moves `key` one place towards the start (-1) or the end (+1) of the full order. */
export function moveColumn(order: readonly string[], key: string, by: -1 | 1): string[] {
  const i = order.indexOf(key);
  const j = i + by;
  if (i < 0 || j < 0 || j >= order.length) return [...order];
  const next = [...order];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}

/** Whether a column shows: all do until a visible list is saved; the last visible one cannot be hidden. */
export const isVisible = (view: Pick<ViewState, 'visibleColumns'>, key: string) => view.visibleColumns.length === 0 || view.visibleColumns.includes(key);

export function toggleColumn(all: readonly string[], visible: readonly string[], key: string): string[] {
  const current = visible.length ? visible : all;
  if (current.includes(key)) return current.length === 1 ? [...current] : current.filter((k) => k !== key);
  return all.filter((k) => current.includes(k) || k === key);
}
