import type { SortState } from './rules';

/** Table visual options saved per tile (spec part 2: visualName, deltaType, sortingColumn). */
export interface TableVisualOptions {
  visualName: string;
  deltaType: 'PointChange' | 'PercentageChange' | '';
  sortingColumn: SortState;
}

const key = (name: string) => `cx.tableVisualOptions.${name}`;

export function loadTableOptions(name: string): TableVisualOptions {
  try {
    const saved = JSON.parse(localStorage.getItem(key(name)) ?? 'null') as TableVisualOptions | null;
    if (saved && saved.visualName === name) return saved;
  } catch {
    // A damaged entry is as good as none.
  }
  return { visualName: name, deltaType: '', sortingColumn: null };
}

export function saveTableOptions(options: TableVisualOptions): void {
  try {
    localStorage.setItem(key(options.visualName), JSON.stringify(options));
  } catch {
    // Storage full or blocked: the choice lasts for this page only.
  }
}
