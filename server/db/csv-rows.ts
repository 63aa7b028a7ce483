import type { Param } from './types';

/** Rows per chunk of CSV text handed on at a time. */
const CHUNK_ROWS = 1_000;

/**
 * A value as a CSV field, as PostgreSQL's COPY and DuckDB's read_csv (allow_quoted_nulls=false)
 * read it: NULL unquoted and empty, every string quoted (so '' stays an empty string) with its
 * quotes doubled, a Date in UTC (timestamps without zone are read back as UTC on both engines).
 */
function csvField(v: Param): string {
  if (v === null) return '';
  if (typeof v === 'string') return `"${v.replaceAll('"', '""')}"`;
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

/** Rows as CSV text (no header), a chunk at a time, for bulk loads. */
export function* csvOf(rows: readonly Param[][]): Generator<string> {
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    yield rows.slice(start, start + CHUNK_ROWS).map((row) => `${row.map(csvField).join(',')}\n`).join('');
  }
}
