import { map, type MapStore } from 'nanostores';
import { rangeFor, toFilterBounds, type DateChoice } from '../lib/date-ranges';
import { scopedStores } from './scoped';
import { portalToday } from './portal-today';

/** A smart filter as the API takes it. */
export interface SmartFilter {
  filterKey: string;
  filterValue?: string | number | null;
  filterValueUpperBound?: string | number | null;
  filterDataType?: string;
}

export interface FilterState {
  /** Date choice; Last 7 Days when nothing was chosen before (spec part 2). */
  dateChoice: DateChoice;
  customFrom: string;
  customTo: string;
  search: string;
  /** Chosen values per dimension key. */
  values: Record<string, string[]>;
}

/** What a dashboard shows with no date chosen: the server's default period too (server/smartdata/periods.ts). */
export const DASHBOARD_DEFAULT_DATE: DateChoice = 'Last7Days';

export const DEFAULT_FILTERS: FilterState = { dateChoice: 'Last7Days', customFrom: '', customTo: '', search: '', values: {} };

const filterScopes = scopedStores('filterScopes', () => map<FilterState>({ ...DEFAULT_FILTERS }));

/** The filters of one scope: a filter bar and the tiles with the same `filter-scope` share them. */
export const filtersFor = (scope = 'default'): MapStore<FilterState> => filterScopes(scope);

const cached = new Set<string>();

/**
 * Keeps a scope's filters in localStorage under `cacheKey`, restoring them once; with nothing
 * cached the defaults stand (the date: Last 7 Days).
 */
export function cacheFilters(scope: string, cacheKey: string): void {
  if (cached.has(scope)) return;
  cached.add(scope);
  const store = filtersFor(scope);
  const key = `cx.filters.${cacheKey}`;
  try {
    const saved = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<FilterState> | null;
    if (saved && typeof saved === 'object') store.set({ ...DEFAULT_FILTERS, ...saved, values: { ...(saved.values ?? {}) } });
  } catch {
    // A damaged entry: the defaults stand.
  }
  store.listen((value) => {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch {
      // Blocked storage: the filters last for this page.
    }
  });
}

/** Sets a scope's filters and its cached copy (restored state that a later `cacheFilters` must find). */
export function replaceFilters(scope: string, state: FilterState): void {
  filtersFor(scope).set(state);
  try {
    localStorage.setItem(`cx.filters.${scope}`, JSON.stringify(state));
  } catch {
    // Blocked storage: the filters last for this page.
  }
}

/**
 * The smart filters a state means, for the API: date bounds, search text, chosen values. Where a
 * page always compares periods (a dashboard), `defaultDate` stands in for "All dates", so that its
 * tiles, its record count and its date box all say the same days.
 */
export function toSmartFilters(state: FilterState, dateKey: string, today = portalToday(), defaultDate?: DateChoice): SmartFilter[] {
  const out: SmartFilter[] = [];
  const choice = state.dateChoice === 'ClearDate' && defaultDate ? defaultDate : state.dateChoice;
  const range =
    choice === 'CustomRange'
      ? state.customFrom && state.customTo
        ? { from: new Date(`${state.customFrom}T00:00:00`), to: new Date(`${state.customTo}T00:00:00`) }
        : null
      : rangeFor(choice, today);
  if (range) out.push({ filterKey: dateKey, filterDataType: 'DateTime', ...toFilterBounds(range) });
  if (state.search.trim()) out.push({ filterKey: 'Search', filterValue: state.search.trim(), filterDataType: 'Search' });
  for (const [key, values] of Object.entries(state.values)) for (const v of values) out.push({ filterKey: key, filterValue: v });
  return out;
}

/** How many filters the badge counts: a date, a search, and each chosen value. */
export function activeFilterCount(state: FilterState): number {
  return (state.dateChoice === 'ClearDate' ? 0 : 1) + (state.search.trim() ? 1 : 0) + Object.values(state.values).reduce((n, v) => n + v.length, 0);
}

/** Toggles one value; an identical value (case-insensitive) is never added twice. */
export function toggleValue(state: FilterState, key: string, value: string): FilterState {
  const current = state.values[key] ?? [];
  const has = current.some((v) => v.toLowerCase() === value.toLowerCase());
  const next = has ? current.filter((v) => v.toLowerCase() !== value.toLowerCase()) : [...current, value];
  const values = { ...state.values, [key]: next };
  if (next.length === 0) delete values[key];
  return { ...state, values };
}

/**
 * Takes a hand-off from the analytics view (a cell's row and column values, written just before
 * it opened this tab): applied to the scope when younger than `maxAgeMs`, and removed either way.
 */
export function takeHandOff(scope: string, key: string, maxAgeMs: number, now = Date.now()): boolean {
  let raw: string | null;
  try {
    raw = localStorage.getItem(key);
    localStorage.removeItem(key);
  } catch {
    return false;
  }
  try {
    const handOff = JSON.parse(raw ?? 'null') as { at: number; values: Record<string, string[]>; filters?: FilterState } | null;
    if (!handOff || now - handOff.at > maxAgeMs) return false;
    // The pivot's own filters (date, search, values) with the cell's values on top.
    const base = handOff.filters ?? { ...DEFAULT_FILTERS, dateChoice: 'ClearDate' as const };
    filtersFor(scope).set({ ...DEFAULT_FILTERS, ...base, values: { ...base.values, ...handOff.values } });
    return true;
  } catch {
    return false;
  }
}
