/** A value read from a typed file (XLSX, JSON, Parquet) as the text detection reads; null when empty. */
export function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : isoText(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    const cell = value as { richText?: Array<{ text: string }>; result?: unknown; text?: unknown; error?: unknown };
    if (Array.isArray(cell.richText)) return cell.richText.map((r) => r.text).join('');
    if ('result' in cell) return cellText(cell.result); // a formula: its last computed value
    if ('error' in cell) return null;
    if (typeof cell.text === 'string') return cell.text; // a hyperlink
    return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  }
  return String(value);
}

/** A date as the ISO text a stored timestamp is shown in (no zone: timestamps are stored as read). */
export const isoText = (date: Date) => {
  const text = date.toISOString();
  return text.endsWith('T00:00:00.000Z') ? text.slice(0, 10) : text.slice(0, 19);
};
