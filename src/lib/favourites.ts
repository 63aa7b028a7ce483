/** Favourites rules of spec part 2: the recent list and the description of a view's filters. */

export interface Favourite {
  favouritesId: string;
  moduleId: string;
  title: string;
  description: string;
  payload: string;
  CreatedAt: string;
  LastAccessedAt: string | null;
}

export const RECENT_COUNT = 5;
export const COPIED_BADGE_MS = 3000;

const touched = (f: Favourite) => Date.parse(f.LastAccessedAt ?? f.CreatedAt);

/** The five most recently accessed or created first, the rest sorted by lowercase title. */
export function splitFavourites(list: readonly Favourite[]): { recent: Favourite[]; rest: Favourite[] } {
  const byTime = [...list].sort((a, b) => touched(b) - touched(a) || a.title.localeCompare(b.title));
  const recent = byTime.slice(0, RECENT_COUNT);
  const rest = byTime.slice(RECENT_COUNT).sort((a, b) => a.title.toLowerCase().localeCompare(b.title.toLowerCase()));
  return { recent, rest };
}

/** 'name: values; name: values' from the chosen filters, or 'No description' when there are none. */
export function describeFilters(groups: ReadonlyArray<{ name: string; values: readonly string[] }>): string {
  const parts = groups.filter((g) => g.values.length > 0).map((g) => `${g.name}: ${g.values.join(', ')}`);
  return parts.length ? parts.join('; ') : 'No description';
}

/** What a view's filters are described by: the date and the search as named here, the chosen values by their filters' names. */
export interface FilterWords {
  /** The date filter's name and its choice in words (null: no date filter). */
  date: { name: string; text: string | null };
  search: { name: string; text: string };
  /** The filters' names by key; a filter whose name is not known goes by its key. */
  names: Readonly<Record<string, string>>;
}

/** The groups of a view's filters in the order the filter bar shows them: date, search, then each filter by name. */
export function filterGroups(values: Readonly<Record<string, readonly string[]>>, words: FilterWords): Array<{ name: string; values: string[] }> {
  return [
    { name: words.date.name, values: words.date.text ? [words.date.text] : [] },
    { name: words.search.name, values: words.search.text.trim() ? [words.search.text.trim()] : [] },
    ...Object.entries(values).map(([key, chosen]) => ({ name: words.names[key] ?? key, values: [...chosen] })),
  ];
}
