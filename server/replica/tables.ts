import type { Db, Queryable } from '../db';
import { syncSources } from '../datasources/registry';
import type { ReplicatedTable } from './types';

/** The portal's own analytical tables (the smart-data reads touch them), then the text tables (issue 49). */
const BUILT_IN = ['responses', 'reviews', 'cases', 'feedback_sessions', 'recovery_answers'];
const TEXT = ['text_analysis', 'text_topic_hits', 'text_topics'];

/** Only names like these are ever put into SQL text (they come from the catalogue, never from a request). */
const PLAIN_NAME = /^[a-z_][a-z0-9_]*$/;

/** A catalogue name as a quoted SQL identifier; anything but a plain lower-case name is refused. */
export function ident(name: string): string {
  if (!PLAIN_NAME.test(name)) throw new Error(`Not a plain SQL name: ${JSON.stringify(name)}.`);
  return `"${name}"`;
}

/** The names of the tables the replica copies: the built-in ones, every user source's ds_* table, the text tables. */
export async function replicatedNames(pg: Db): Promise<string[]> {
  const sources = [...(await syncSources(pg)).values()].map((m) => m.table).filter((t) => t.startsWith('ds_'));
  return [...new Set([...BUILT_IN, ...sources.sort(), ...TEXT])];
}

/** The tables the replica copies, each with its primary key and columns (PostgreSQL only). */
export async function replicatedTables(pg: Db): Promise<ReplicatedTable[]> {
  return describeTables(pg, await replicatedNames(pg));
}

/**
 * Each named table as the catalogue describes it, in the order given. A table that does not exist is
 * left out; one without a primary key too (with a warning): its changed rows could not be found again.
 */
export async function describeTables(q: Queryable, names: readonly string[]): Promise<ReplicatedTable[]> {
  const tables: ReplicatedTable[] = [];
  for (const name of names) {
    const table = await describeTable(q, name);
    if (table === 'missing') continue;
    if (table === 'no key') console.warn(`The replica skips table ${name}: it has no primary key.`);
    else tables.push(table);
  }
  return tables;
}

/** One table: its key columns in the key's order, its columns in ordinal order with their PostgreSQL types. */
export async function describeTable(q: Queryable, name: string): Promise<ReplicatedTable | 'missing' | 'no key'> {
  ident(name);
  const columns = await q.query<{ name: string; data_type: string; udt_name: string }>(
    `SELECT column_name AS name, data_type, udt_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
    [name],
  );
  if (columns.length === 0) return 'missing';
  const key = await q.query<{ name: string }>(
    `SELECT a.attname AS name
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indrelid
       JOIN pg_namespace s ON s.oid = c.relnamespace AND s.nspname = current_schema()
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
      WHERE c.relname = $1 AND i.indisprimary
      ORDER BY array_position(i.indkey::int2[], a.attnum)`,
    [name],
  );
  if (key.length === 0) return 'no key';
  for (const c of [...columns, ...key]) ident(c.name);
  return {
    name,
    key: key.map((k) => k.name),
    // information_schema's type name; an array is its element's name (udt_name '_int4') with '[]'.
    columns: columns.map((c) => ({ name: c.name, sqlType: c.data_type === 'ARRAY' ? `${c.udt_name.slice(1)}[]` : c.data_type === 'USER-DEFINED' ? c.udt_name : c.data_type })),
  };
}
