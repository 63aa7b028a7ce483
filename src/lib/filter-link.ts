import { DATE_CHOICES, type DateChoice } from './date-ranges';

/**
 * A dashboard address that opens with filters: `?date=Last7Days&f.Region=North` (an alert's
 * e-mail and notification lead there). Values are the dimension values as the filter bar shows them.
 */
export function filterLink(path: string, date: DateChoice, filters: Array<{ key: string; value: string }>): string {
  const q = new URLSearchParams({ date });
  for (const f of filters) q.append(`f.${f.key}`, f.value);
  return `${path}?${q}`;
}

/** The filters such an address carries, or null when it carries none (a plain dashboard address). */
export function filtersOfLink(query: URLSearchParams): { dateChoice: DateChoice; values: Record<string, string[]> } | null {
  const date = query.get('date');
  const values: Record<string, string[]> = {};
  for (const [k, v] of query) if (k.startsWith('f.') && k.length > 2 && v) (values[k.slice(2)] ??= []).push(v);
  if (!date && Object.keys(values).length === 0) return null;
  const dateChoice = (DATE_CHOICES as readonly string[]).includes(date ?? '') ? (date as DateChoice) : 'Last7Days';
  return { dateChoice, values };
}
