import { DEFAULT_FILTERS, filtersFor, toSmartFilters, type FilterState } from '../stores/filters';
import { DEFAULT_VIEW, viewFor, type ViewState } from '../stores/view-state';

/** The saved view state of spec part 2 (a favourite's payload), plus the filter bar's own state to restore it exactly. */
export interface SavedView {
  smartDataSelection: { smartFilters: ReturnType<typeof toSmartFilters>; smartDataTags: string[] };
  smartDataSelectionSecondary: null;
  analyticsDataSelection: { measureKeys: string[]; rowDimensions: string[]; columnDimensions: string[]; hideRowTotals: boolean; hideColumnTotals: boolean };
  path: string;
  viewMode: string;
  profileName: string;
  columnsInOrder: string[];
  visibleColumns: string[];
  sortBy: ViewState['sortBy'];
  visualSelections: [];
  tableVisualOptions: [];
  filterState: FilterState;
}

/** The payload of a favourite of what the scope shows now. */
export function savedViewOf(scope: string, dateKey: string, viewMode: string, path = location.pathname): string {
  const filters = filtersFor(scope).get();
  const view = viewFor(scope).get();
  const saved: SavedView = {
    smartDataSelection: { smartFilters: toSmartFilters(filters, dateKey), smartDataTags: [] },
    smartDataSelectionSecondary: null,
    analyticsDataSelection: {
      measureKeys: view.pivot.measures, rowDimensions: view.pivot.rows, columnDimensions: view.pivot.columns,
      hideRowTotals: view.pivot.hideRowTotals, hideColumnTotals: view.pivot.hideColumnTotals,
    },
    path, viewMode, profileName: view.profileName, columnsInOrder: view.columnsInOrder, visibleColumns: view.visibleColumns, sortBy: view.sortBy,
    visualSelections: [], tableVisualOptions: [], filterState: filters,
  };
  return JSON.stringify(saved);
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/**
 * Puts a saved view back into the scope: filters, columns, sort and pivot. A payload that is not
 * ours (or damaged) changes nothing. Returns the saved view mode and path, or null.
 */
export function restoreView(scope: string, payload: string): { viewMode: string; path: string } | null {
  let saved: Partial<SavedView>;
  try {
    saved = JSON.parse(payload) as Partial<SavedView>;
  } catch {
    return null;
  }
  if (!saved || typeof saved !== 'object') return null;
  if (saved.filterState) filtersFor(scope).set({ ...DEFAULT_FILTERS, ...saved.filterState, values: { ...(saved.filterState.values ?? {}) } });
  const a = saved.analyticsDataSelection;
  const measures = strings(a?.measureKeys);
  viewFor(scope).set({
    profileName: typeof saved.profileName === 'string' ? saved.profileName : '',
    columnsInOrder: strings(saved.columnsInOrder),
    visibleColumns: strings(saved.visibleColumns),
    sortBy: saved.sortBy && typeof saved.sortBy.fieldKey === 'string' ? { fieldKey: saved.sortBy.fieldKey, operatorAsString: saved.sortBy.operatorAsString === 'ASC' ? 'ASC' : 'DESC' } : null,
    pivot: measures.length
      ? { measures, rows: strings(a?.rowDimensions), columns: strings(a?.columnDimensions), hideRowTotals: !!a?.hideRowTotals, hideColumnTotals: !!a?.hideColumnTotals }
      : DEFAULT_VIEW.pivot,
  });
  return { viewMode: typeof saved.viewMode === 'string' ? saved.viewMode : '', path: typeof saved.path === 'string' ? saved.path : '' };
}
