/** Card viewer rules of spec part 2 (sections 4 and 9). */

/** Without a configured minimum the card limit is 5000. */
export const FALLBACK_CARD_LIMIT = 5000;
/** The slider shows 11 buckets until the user zooms. */
export const VISIBLE_BUCKETS = 11;
/** The slider's chart is at most 430 wide. */
export const MAX_CHART_WIDTH = 430;

export type Card = Record<string, unknown>;

export const initialLimit = (limit: { min?: number; max?: number }) => limit.min ?? FALLBACK_CARD_LIMIT;
/** The raise goes to the maximum; without one there is nothing to raise to. */
export const raisedLimit = (limit: { min?: number; max?: number }) => Math.max(limit.max ?? 0, initialLimit(limit));

/** Cards per bucket: ceil(count / 100), so there are at most 100 buckets. */
export const bucketSize = (count: number) => Math.max(1, Math.ceil(count / 100));

const sortable = (v: unknown): number | string | null => {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'number') return v;
  const n = Number(v);
  return Number.isNaN(n) ? String(v) : n;
};

/** Sorted by one field; blanks always last, ties kept in their order. */
export function sortCards(cards: readonly Card[], field: string, desc: boolean): Card[] {
  return [...cards].sort((a, b) => {
    const x = sortable(a[field]);
    const y = sortable(b[field]);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order = x < y ? -1 : x > y ? 1 : 0;
    return desc ? -order : order;
  });
}

export interface Bucket {
  /** Index of the first card, and one past the last. */
  from: number;
  to: number;
  /** What the bucket's bar shows: the mean of the sort field (numbers), else the bucket's card count. */
  value: number;
  /** The sort value of its first card, for the label. */
  label: string;
}

/** The sorted cards in buckets of ceil(count/100). */
export function bucketsOf(sorted: readonly Card[], field: string): Bucket[] {
  const size = bucketSize(sorted.length);
  const out: Bucket[] = [];
  for (let from = 0; from < sorted.length; from += size) {
    const slice = sorted.slice(from, from + size);
    const nums = slice.map((c) => c[field]).filter((v): v is number => typeof v === 'number');
    const value = nums.length ? nums.reduce((s, v) => s + v, 0) / nums.length : slice.length;
    out.push({ from, to: from + slice.length, value, label: String(slice[0][field] ?? '') });
  }
  return out;
}

/** The window of visible buckets, kept inside the list. */
export function clampWindow(start: number, visible: number, total: number): { start: number; visible: number } {
  const v = Math.max(1, Math.min(visible, total || 1));
  return { start: Math.max(0, Math.min(start, total - v)), visible: v };
}

/** Counts per value of each facet field, largest first; blank values read '[Blank]'. */
export function facetCounts(cards: readonly Card[], fields: readonly string[]): Record<string, Array<{ value: string; count: number }>> {
  const out: Record<string, Array<{ value: string; count: number }>> = {};
  for (const f of fields) {
    const counts = new Map<string, number>();
    for (const c of cards) {
      const v = c[f] === null || c[f] === undefined || c[f] === '' ? '[Blank]' : String(c[f]);
      counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    out[f] = [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  }
  return out;
}

/** Cards with every chosen facet: any chosen value within a facet, all facets together. */
export function applyFacets(cards: readonly Card[], chosen: Record<string, string[]>): Card[] {
  const active = Object.entries(chosen).filter(([, values]) => values.length > 0);
  if (active.length === 0) return [...cards];
  return cards.filter((c) => active.every(([f, values]) => values.includes(c[f] === null || c[f] === undefined || c[f] === '' ? '[Blank]' : String(c[f]))));
}
