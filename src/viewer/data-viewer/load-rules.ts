import { DEFAULT_FILTERS, type FilterState } from '../../stores/filters';

/** The data viewer's modes (spec part 2: the `type` query parameter). */
export const VIEW_MODES = ['RecordsViewer', 'AnalyticsViewer', 'CardViewer'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

export const modeOf = (type: string | undefined): ViewMode => (VIEW_MODES as readonly string[]).includes(type ?? '') ? (type as ViewMode) : 'RecordsViewer';

/** Spec part 2: the profile named by the query, else by the path (the names in that order), else the first. A name matching no profile is passed over. */
export function pickProfile<P extends { name: string }>(profiles: readonly P[], ...names: Array<string | undefined>): P | undefined {
  for (const n of names) {
    const found = n ? profiles.find((p) => p.name.toLowerCase() === n.toLowerCase()) : undefined;
    if (found) return found;
  }
  return profiles[0];
}

/** The profile's default filters as the filter bar's state (every other filter reset). */
export function defaultFilterState(defaults: ReadonlyArray<{ filterKey: string; filterValue: string }>): FilterState {
  const values: Record<string, string[]> = {};
  for (const { filterKey, filterValue } of defaults) values[filterKey] = [...(values[filterKey] ?? []), filterValue];
  return { ...DEFAULT_FILTERS, values };
}

/** The address of a mode of the same page; the query's profile, when there is one, goes along. */
export function modeLink(base: string, mode: ViewMode, profile?: string): string {
  const q = new URLSearchParams();
  if (mode !== 'RecordsViewer') q.set('type', mode);
  if (profile) q.set('profile', profile);
  const s = q.toString();
  return s ? `${base}?${s}` : base;
}
