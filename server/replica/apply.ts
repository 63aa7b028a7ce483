import type pg from 'pg';
import type { Queryable } from '../db';
import { setHorizon, type Replica } from './replica';
import { copyTable, duckType, inSnapshot, nextName, pgType, swapIn } from './snapshot';
import { ident } from './tables';
import type { ChangeBatch, ReplicatedTable } from './types';

/** Keys looked up per statement (one array parameter per key column). */
const KEYS_PER_READ = 5000;

/** Every value as PostgreSQL writes it as text (as COPY does): DuckDB casts it back, so both paths agree. */
const AS_TEXT = { getTypeParser: () => (value: string) => value } as unknown as pg.CustomTypesConfig;

type Values = Array<string | null>;

/** Column `i` of `rows` as one JSON list: DuckDB unnests it, so a statement's text is the same for any number of rows. */
const columnOf = (rows: Values[], i: number) => JSON.stringify(rows.map((r) => r[i]));

const typeOf = (table: ReplicatedTable, column: string) => table.columns.find((c) => c.name === column)!.sqlType;

/** The current rows of `keys` in PostgreSQL (a key with no row was deleted), each value as text. */
async function currentRows(client: pg.ClientBase, table: ReplicatedTable, keys: string[][]): Promise<Values[]> {
  const columns = table.columns.map((c) => ident(c.name)).join(', ');
  const wanted = table.key.map((k, i) => `$${i + 1}::${pgType(typeOf(table, k))}[]`).join(', ');
  const sql = `SELECT ${columns} FROM ${ident(table.name)} WHERE (${table.key.map(ident).join(', ')}) IN (SELECT * FROM unnest(${wanted}))`;
  const rows: Values[] = [];
  for (let start = 0; start < keys.length; start += KEYS_PER_READ) {
    const chunk = keys.slice(start, start + KEYS_PER_READ);
    const result = await client.query<Values>({ text: sql, values: table.key.map((_, i) => chunk.map((k) => k[i])), rowMode: 'array', types: AS_TEXT });
    rows.push(...result.rows);
  }
  return rows;
}

/** JSON lists of text, unnested side by side and cast to the columns' types (DuckDB). */
const unnested = (table: ReplicatedTable, columns: string[]) =>
  columns.map((c, i) => `CAST(unnest(from_json($${i + 1}, '["VARCHAR"]')) AS ${duckType(typeOf(table, c))}) AS ${ident(c)}`).join(', ');

async function deleteKeys(q: Queryable, table: ReplicatedTable, keys: string[][]): Promise<void> {
  const name = ident(table.name);
  const match = table.key.map((k) => `${name}.${ident(k)} = changed.${ident(k)}`).join(' AND ');
  await q.query(`DELETE FROM ${name} USING (SELECT ${unnested(table, table.key)}) AS changed WHERE ${match}`, table.key.map((_, i) => columnOf(keys, i)));
}

async function insertRows(q: Queryable, table: ReplicatedTable, rows: Values[]): Promise<void> {
  const names = table.columns.map((c) => c.name);
  await q.query(`INSERT INTO ${ident(table.name)} (${names.map(ident).join(', ')}) SELECT ${unnested(table, names)}`, names.map((_, i) => columnOf(rows, i)));
}

/**
 * Brings the replica to `batch.horizon`. The changed keys' current rows are read from PostgreSQL in
 * one snapshot (a table to reload is copied whole), then one DuckDB transaction deletes those keys,
 * inserts the rows read, swaps in the reloaded tables and stores the horizon: readers never see half
 * a batch. Since it copies PostgreSQL's current state rather than replaying row images, applying a
 * batch again, or late, changes nothing. Tables the replica does not hold are left out.
 */
export async function applyBatch(pool: pg.Pool, replica: Replica, batch: ChangeBatch): Promise<void> {
  const changed = [...batch.tables].flatMap(([name, change]) => {
    const table = replica.tables.get(name);
    return table && (change.reload || change.keys.length) ? [{ table, ...change }] : [];
  });
  const fetched = await inSnapshot(pool, async (client) => {
    const found: Array<{ table: ReplicatedTable; keys: string[][]; rows: Values[] | 'reloaded' }> = [];
    for (const { table, keys, reload } of changed) {
      if (reload) await copyTable(client, replica.db, table, nextName(table.name));
      found.push({ table, keys, rows: reload ? 'reloaded' : await currentRows(client, table, keys) });
    }
    return found;
  });
  await replica.db.tx(async (q) => {
    for (const { table, keys, rows } of fetched) {
      if (rows === 'reloaded') {
        await swapIn(q, table.name);
        continue;
      }
      for (let start = 0; start < keys.length; start += KEYS_PER_READ) await deleteKeys(q, table, keys.slice(start, start + KEYS_PER_READ));
      if (rows.length) await insertRows(q, table, rows);
    }
    await setHorizon(q, batch.horizon, { seqs: batch.appliedAbove, xids: batch.xidsAbove });
  });
}
