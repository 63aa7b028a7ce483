import { DuckDBInstance, JSDuckDBValueConverter, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { csvOf } from './csv-rows';
import { type Db, type Param, type Queryable, type Row } from './types';
import { isUrgent } from './priority';
import { TableWrites } from './table-writes';
import { Rollups, rollupOptions } from '../rollups/store';

const POOL_SIZE = 4;

function bind(params: readonly Param[]): DuckDBValue[] {
  // Dates travel as ISO text; SQL casts them where a timestamp is meant.
  return params.map((p) => (p instanceof Date ? p.toISOString() : p)) as DuckDBValue[];
}

type Prepared = Awaited<ReturnType<DuckDBConnection['prepare']>>;
const STATEMENTS_PER_CONNECTION = 200;
const statements = new WeakMap<DuckDBConnection, Map<string, Prepared>>();

/**
 * A statement with parameters, prepared once per connection and kept (least recently used goes):
 * parsing and planning it again took an eighth of the event loop under load. A connection is lent
 * to one caller at a time, so a kept statement is never bound by two at once.
 */
async function prepared(conn: DuckDBConnection, sql: string): Promise<Prepared> {
  let kept = statements.get(conn);
  if (!kept) statements.set(conn, (kept = new Map()));
  const hit = kept.get(sql);
  if (hit) {
    kept.delete(sql);
    kept.set(sql, hit);
    return hit;
  }
  const statement = await conn.prepare(sql);
  kept.set(sql, statement);
  if (kept.size > STATEMENTS_PER_CONNECTION) {
    const [oldest, gone] = kept.entries().next().value!;
    kept.delete(oldest);
    gone.destroySync();
  }
  return statement;
}

function queryable(conn: DuckDBConnection): Queryable {
  return {
    async query<T extends Row>(sql: string, params: readonly Param[] = []) {
      let reader;
      if (params.length) {
        const statement = await prepared(conn, sql);
        statement.clearBindings();
        statement.bind(bind(params));
        reader = await statement.runAndReadAll();
      } else {
        reader = await conn.runAndReadAll(sql);
      }
      return rowsOf(reader.deduplicatedColumnNames(), reader.getColumnsJS()) as T[];
    },
  };
}

/**
 * Row objects from an answer's columns: the library's own row objects visit every value through a
 * callback and took three to four times as long (10,000 rows of ten columns: 59-96 ms against
 * 18-30 ms). BigInt counts become numbers, as `normalizeRow` does.
 */
function rowsOf(names: readonly string[], columns: readonly unknown[][]): Row[] {
  const count = columns[0]?.length ?? 0;
  const rows: Row[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const row: Row = {};
    for (let j = 0; j < names.length; j++) {
      const v = columns[j][i];
      row[names[j]] = typeof v === 'bigint' ? Number(v) : v;
    }
    rows[i] = row;
  }
  return rows;
}

/**
 * One query's answer in blocks of at least `rows` rows (the last may be fewer), fetched as the
 * engine produces them: an export of a million rows sorts once, where reading it page by page sorted
 * every page's window again. Memory holds one block.
 */
async function* streamRows(conn: DuckDBConnection, sql: string, params: readonly Param[], rows: number): AsyncGenerator<Row[]> {
  const result = await conn.stream(sql, bind(params));
  const names = result.deduplicatedColumnNames();
  let block: Row[] = [];
  // The engine produces the next chunk while this one is converted and handed over (100,000 rows
  // exported in-process in 1.9-2.5 s against 2.4-2.7 s one after the other).
  let next = result.fetchChunk();
  try {
    for (;;) {
      const chunk = await next;
      if (!chunk || chunk.rowCount === 0) break;
      next = result.fetchChunk();
      for (const row of rowsOf(names, chunk.convertColumns(JSDuckDBValueConverter))) block.push(row);
      if (block.length >= rows) {
        yield block;
        block = [];
      }
    }
    if (block.length) yield block;
  } finally {
    // Left early (a cancel): the connection is lent again only once its fetch has ended.
    await next.catch(() => undefined);
  }
}

type Lend = <T>(fn: (c: DuckDBConnection) => Promise<T>) => Promise<T>;

/** A connection lent for as long as a generator runs: given back when it ends, fails or is left. */
async function* whileLent<T>(lend: Lend, fn: (c: DuckDBConnection) => AsyncGenerator<T>): AsyncGenerator<T> {
  let giveBack!: () => void;
  const conn = await new Promise<DuckDBConnection>((lent) => void lend((c) => new Promise<void>((done) => ((giveBack = done), lent(c)))));
  try {
    yield* fn(conn);
  } finally {
    giveBack();
  }
}

/** Lends the connections one call at a time, first come first served, but an urgent call (a sign-in's, priority.ts) ahead of the others. */
function pool(conns: DuckDBConnection[]): Lend {
  const idle = [...conns];
  const waiting: Array<(c: DuckDBConnection) => void> = [];
  let urgentWaiting = 0;
  const wait = () =>
    new Promise<DuckDBConnection>((resolve) => {
      if (!isUrgent()) return void waiting.push(resolve);
      // Behind the urgent calls already waiting, ahead of every other.
      waiting.splice(urgentWaiting++, 0, (c) => (urgentWaiting--, resolve(c)));
    });
  return async (fn) => {
    const conn = idle.pop() ?? (await wait());
    try {
      return await fn(conn);
    } finally {
      const next = waiting.shift();
      if (next) next(conn);
      else idle.push(conn);
    }
  };
}

/**
 * DuckDB in one file (or `:memory:`), with connections kept apart by the work they do, so that the
 * short work of a request never queues behind long analytics: four for analytics reads (`analytics`), two for
 * the other reads (a session, a user, a case), and one for writes (which take turns anyway).
 * Readers see each committed write (MVCC). Under 50 users on a million responses, a sign-in's few
 * lookups and writes had waited behind the analytics for a shared connection: 65 s at p50.
 */
export async function openDuckDb(path: string): Promise<Db> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const instance = await DuckDBInstance.create(path);
  const open = async (n: number) => Promise.all(Array.from({ length: n }, () => instance.connect()));
  const [heavy, light, [writer]] = await Promise.all([open(POOL_SIZE), open(2), open(1)]);
  const analytics = pool(heavy);
  const other = pool(light);
  const inWriter: Lend = (fn) => fn(writer);
  const connections = [...heavy, ...light, writer];
  const tables = new TableWrites();
  await writer.run(Rollups.ATTACH);
  const rollups = new Rollups((sql, params) => analytics((c) => queryable(c).query(sql, params)), (t) => tables.of(t), rollupOptions());

  // DuckDB has one writer and optimistic conflicts: two connections upserting the same key both
  // insert and one fails (duplicate key). Writes therefore take turns here; reads stay parallel.
  // Urgent writes (a sign-in's, see priority.ts) take the next turn ahead of the others.
  // Every write passes here, and is counted as it starts and as it ends (Db.writes).
  const waiting = { urgent: [] as Array<() => Promise<void>>, other: [] as Array<() => Promise<void>> };
  let busy = false;
  let written = 0;
  const nextTurn = () => {
    const turn = waiting.urgent.shift() ?? waiting.other.shift();
    busy = turn !== undefined;
    void turn?.().finally(nextTurn);
  };
  function inTurn<T>(fn: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      (isUrgent() ? waiting.urgent : waiting.other).push(async () => {
        written++;
        try {
          resolve(await fn());
        } catch (error) {
          reject(error);
        } finally {
          written++;
        }
      });
      if (!busy) nextTurn();
    });
  }
  // Only a plain SELECT is taken for a read: a WITH may end in a write, which must be counted.
  const isRead = (sql: string) => /^\s*SELECT\b/i.test(sql);

  return {
    engine: 'duckdb',
    query: (sql, params) =>
      isRead(sql) ? other((c) => queryable(c).query(sql, params)) : inTurn(() => tables.around(() => tables.statement(sql), () => inWriter((c) => queryable(c).query(sql, params)))),
    analytics: {
      query: (sql, params) => analytics((c) => queryable(c).query(sql, params)),
      stream: <T extends Row>(sql: string, params: readonly Param[], rows: number) => whileLent(analytics, (c) => streamRows(c, sql, params, rows)) as AsyncGenerator<T[]>,
      rollups: async () => rollups,
    },
    writes: () => written,
    tx: (fn) =>
      inTurn(() => inWriter(async (c) => {
        // The statements' tables are counted once the transaction has ended (committed or not).
        const statements: string[] = [];
        const q = queryable(c);
        await c.run('BEGIN TRANSACTION');
        try {
          const result = await fn({ query: (sql, params) => (statements.push(sql), q.query(sql, params)) });
          await c.run('COMMIT');
          return result;
        } catch (error) {
          await c.run('ROLLBACK');
          throw error;
        } finally {
          for (const sql of statements) tables.statement(sql);
        }
      })),
    insertMany: (table, columns, rows) => {
      // Many rows travel as CSV, parsed natively in parallel: appended value by value, a million
      // responses took 15 s in the calls alone. The text is made now, before the write's turn, so
      // that the caller goes on (a seed makes its next rows) while it is written and read.
      const csv = rows.length >= CSV_ROWS ? [...csvOf(rows)] : null;
      return inTurn(() => tables.around(() => tables.table(table), () => inWriter(async (c) => {
        const reader = await c.runAndReadAll('SELECT column_name, data_type FROM information_schema.columns WHERE table_name = $1', [table]);
        const types = new Map(reader.getRowObjects().map((r) => [String(r.column_name), String(r.data_type)]));
        const unknown = columns.filter((name) => !types.has(name));
        if (unknown.length) throw new Error(`insertMany: ${table} has no column ${unknown.join(', ')}`);
        // One INSERT either way, of the named columns (the others take their defaults, as on
        // PostgreSQL): the keys are built once, and the rows land all or none.
        if (csv) return insertCsv(c, table, columns.map((name) => [name, types.get(name)!]), csv);
        // Appended to a copy without keys or indexes, then copied over in one statement: the keys are
        // built once, not as each appended chunk lands (500,000 responses: 16 s became 5 s).
        const named = columns.join(', ');
        await c.run(`CREATE OR REPLACE TEMP TABLE insert_stage AS SELECT ${named} FROM ${table} WHERE 1 = 0`);
        try {
          const appender = await c.createAppender('insert_stage', 'main', 'temp');
          for (const row of rows) {
            for (const value of row) appendValue(appender, value);
            appender.endRow();
          }
          appender.flushSync();
          appender.closeSync();
          await c.run(`INSERT INTO ${table} (${named}) SELECT ${named} FROM insert_stage`);
        } finally {
          await c.run('DROP TABLE IF EXISTS temp.insert_stage');
        }
      })));
    },
    async close() {
      await rollups.close();
      for (const c of connections) {
        for (const statement of statements.get(c)?.values() ?? []) statement.destroySync();
        statements.delete(c);
        c.closeSync();
      }
      instance.closeSync();
    },
  };
}

/** From this many rows on, insertMany loads them from a CSV file. */
const CSV_ROWS = 1_000;
let csvFiles = 0;
const PARSED = /^(VARCHAR|INTEGER|BIGINT|DOUBLE|BOOLEAN|TIMESTAMP)$/;

/** Rows written to a temporary CSV file and loaded with one INSERT ... SELECT FROM read_csv, typed as the table is. */
async function insertCsv(c: DuckDBConnection, table: string, columns: Array<[name: string, type: string]>, csv: string[]): Promise<void> {
  const file = join(tmpdir(), `cx-insert-${process.pid}-${++csvFiles}.csv`);
  try {
    // Written at once: the read starts as soon as its turn comes, however busy this thread is.
    const fd = openSync(file, 'w');
    try {
      for (const chunk of csv) writeSync(fd, chunk);
    } finally {
      closeSync(fd);
    }
    // Plain types are parsed as they are read; any other is read as text and cast by the INSERT.
    const types = columns.map(([name, type]) => `'${name}': '${PARSED.test(type) ? type : 'VARCHAR'}'`).join(', ');
    await c.run(`INSERT INTO ${table} (${columns.map(([name]) => name).join(', ')}) SELECT * FROM read_csv('${file.replaceAll("'", "''")}', header = false, auto_detect = false, delim = ',', quote = '"', escape = '"', allow_quoted_nulls = false, columns = {${types}})`);
  } finally {
    rmSync(file, { force: true });
  }
}

type Appender = Awaited<ReturnType<DuckDBConnection['createAppender']>>;

function appendValue(appender: Appender, v: Param) {
  if (v === null) appender.appendNull();
  else if (typeof v === 'string') appender.appendVarchar(v);
  else if (typeof v === 'boolean') appender.appendBoolean(v);
  else if (typeof v === 'number' && Number.isInteger(v)) appender.appendInteger(v);
  else if (typeof v === 'number') appender.appendDouble(v);
  else appender.appendVarchar(v.toISOString());
}
