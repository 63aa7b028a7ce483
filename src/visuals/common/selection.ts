import type { SmartFilter } from '../../stores/filters';
import { OTHERS_KEY, type Series } from '../../api/visual-types';

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

/**
 * Does a click on `axisValue` pick the "Others" entry (the rest summed, keyed OTHERS_KEY)? It names
 * no category to filter by; a real category of the same name cannot be told from it by the name the
 * visuals report, so neither filters then.
 */
export const picksOthers = (series: Pick<Series, 'content'> | undefined, axisValue: string) => !!series?.content.some((e) => e.key === OTHERS_KEY && e.Name === axisValue);

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

/** The selection as the server applies it: values of one key are ORed, the keys ANDed (server/smartdata/where.ts). */
export function selectionGroups(selections: readonly VisualSelection[]): Array<{ key: string; values: string[] }> {
  const groups = new Map<string, string[]>();
  for (const f of secondaryFilters(selections)) groups.set(f.filterKey, [...(groups.get(f.filterKey) ?? []), String(f.filterValue ?? '')]);
  return [...groups].map(([key, values]) => ({ key, values }));
}

/** The selection in words of the page's language: 'Online or Store and North' (or within a key, and across keys). */
export function describeSelection(selections: readonly VisualSelection[], lang = 'en'): string {
  const list = (type: 'disjunction' | 'conjunction', items: string[]) => {
    try {
      return new Intl.ListFormat(lang, { type }).format(items);
    } catch {
      return new Intl.ListFormat('en', { type }).format(items);
    }
  };
  return list('conjunction', selectionGroups(selections).map((g) => list('disjunction', g.values)));
}

/**
 * The selections a visual highlights: its own, and the other visuals' on its own dimension, since
 * those filter it too (ORed with its own). Theirs are shown as whole categories of this visual.
 */
export function selectionsShownIn(visualName: string, axisKey: string | undefined, all: readonly VisualSelection[]): VisualSelection[] {
  return all.flatMap((s) => {
    if (s.visualName === visualName) return [s];
    if (!axisKey || s.axisKey.toLowerCase() !== axisKey.toLowerCase()) return [];
    return [{ ...s, visualName, seriesKey: '', seriesValue: '' }];
  });
}
