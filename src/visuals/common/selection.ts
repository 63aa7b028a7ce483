import type { SmartFilter } from '../../stores/filters';

/** A selection in a visual (spec part 2 section 3); equal when all five fields match. */
export interface VisualSelection {
  visualName: string;
  axisKey: string;
  axisValue: string;
  seriesKey: string;
  seriesValue: string;
}

export type SelectionMode = 'SinglePrimary' | 'PrimaryAndSecondary' | 'SingleSecondary' | 'MultiSecondary';

export const selectionEquals = (a: VisualSelection, b: VisualSelection) =>
  a.visualName === b.visualName && a.axisKey === b.axisKey && a.axisValue === b.axisValue && a.seriesKey === b.seriesKey && a.seriesValue === b.seriesValue;

/** The smart filters a selection adds: the category and, when clicked on a series, the series value. */
export function selectionFilters(s: VisualSelection): SmartFilter[] {
  const out: SmartFilter[] = [];
  if (s.axisKey) out.push({ filterKey: s.axisKey, filterValue: s.axisValue });
  if (s.seriesKey) out.push({ filterKey: s.seriesKey, filterValue: s.seriesValue });
  return out;
}

/** All selections of a dashboard as smart filters, each key+value once (case-insensitive). */
export function secondaryFilters(selections: readonly VisualSelection[]): SmartFilter[] {
  const seen = new Set<string>();
  return selections.flatMap(selectionFilters).filter((f) => {
    const id = `${f.filterKey}\u0000${String(f.filterValue).toLowerCase()}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * Toggles a selection (spec part 2 section 4): the same item again removes it. In the single
 * modes a new item replaces this visual's earlier one; the multi modes add to it.
 */
export function toggleSelection(list: readonly VisualSelection[], s: VisualSelection, mode: SelectionMode = 'SinglePrimary'): VisualSelection[] {
  if (list.some((x) => selectionEquals(x, s))) return list.filter((x) => !selectionEquals(x, s));
  const single = mode === 'SinglePrimary' || mode === 'SingleSecondary';
  return [...(single ? list.filter((x) => x.visualName !== s.visualName) : list), s];
}

/** Is this item (a category, optionally one series of it) in the visual's selection? A category selection covers all its series. */
export function isSelected(list: readonly VisualSelection[], visualName: string, axisValue: string, seriesValue = ''): boolean {
  return list.some((x) => x.visualName === visualName && (x.axisValue === '' || x.axisValue === axisValue) && (x.seriesKey === '' || x.seriesValue === seriesValue));
}
