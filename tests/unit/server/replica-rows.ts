// A replicated table's rows as both engines should give them (issue 50's equality checks).
import type { Row } from '../../../server/db';
import { ident } from '../../../server/replica/tables';
import type { ReplicatedTable } from '../../../server/replica/types';

/** A value as both engines should give it: numbers to 1e-9, times as ISO, JSON parsed. */
export function plain(value: unknown, sqlType: string): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return Math.round(value * 1e9) / 1e9;
  if (/^jsonb?$/.test(sqlType) && typeof value === 'string') return JSON.parse(value);
  return value;
}

/** The table's rows on one engine, sorted by key in JS (the engines collate text differently). */
export async function rowsOf(query: (sql: string) => Promise<Row[]>, table: ReplicatedTable): Promise<unknown[][]> {
  // A date is read as text on both: the drivers turn it into a Date at different midnights.
  const columns = table.columns.map((c) => (c.sqlType === 'date' ? `CAST(${ident(c.name)} AS VARCHAR) AS ${ident(c.name)}` : ident(c.name)));
  const rows = await query(`SELECT ${columns.join(', ')} FROM ${ident(table.name)}`);
  const keyOf = (r: Row) => JSON.stringify(table.key.map((k) => r[k]));
  return rows
    .sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0))
    .map((r) => table.columns.map((c) => plain(r[c.name], c.sqlType)));
}
