import type { ContentEntry, DataRow, Series } from '../../api/visual-types';

const BLANKS = new Set(['', '[blank]']);
export const isBlankName = (name: string | null | undefined) => BLANKS.has(String(name ?? '').trim().toLowerCase());
export const isValidNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Spec part 3: rows with NaN values and [Blank] or empty names are dropped unless ShowBlank is set. */
export function visibleRows(rows: readonly DataRow[], showBlank = false): DataRow[] {
  return rows.filter((r) => isValidNumber(r.Val) && (showBlank || !isBlankName(r.Name)));
}

/** Content entries without blank names (unless ShowBlank), each with its visible rows, empty ones dropped. */
export function visibleContent(content: readonly ContentEntry[], showBlank = false): ContentEntry[] {
  return content
    .filter((e) => showBlank || !isBlankName(e.Name))
    .map((e) => ({ ...e, data: visibleRows(e.data, showBlank) }))
    .filter((e) => e.data.length > 0);
}

export type NoDataCategory = 'AlwaysShowVisual' | 'ThisPeriodData' | 'LastPeriodData' | 'BothPeriods';

/**
 * Whether a tile draws or shows 'No results found for selection' (spec part 2 section 5):
 * ThisPeriodData (the default) needs records now, LastPeriodData before, BothPeriods both.
 */
export function hasDataFor(series: Series | undefined, category: NoDataCategory = 'ThisPeriodData'): boolean {
  if (category === 'AlwaysShowVisual') return true;
  if (!series) return false;
  const now = series.currentRecordCount > 0;
  const before = series.previousRecordCount > 0;
  if (category === 'LastPeriodData') return before;
  if (category === 'BothPeriods') return now && before;
  return now;
}

/** Templates that show rows of text, not values: their rows carry no Val. */
const TEXT_ROWS = new Set(['OrderedListComments', 'Image']);

/** True when a series has something to show: a value in some row (a list, its rows). */
export function hasValues(series: Series | undefined, template: string): boolean {
  const rows = (series?.content ?? []).flatMap((c) => c.data ?? []);
  if (TEXT_ROWS.has(template)) return rows.length > 0 || (series?.content.length ?? 0) > 0;
  return rows.some((r) => typeof r.Val === 'number' && Number.isFinite(r.Val));
}
