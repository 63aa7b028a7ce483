import type { Param, Row } from '../db/types';

/** An aggregate a rollup keeps per group: aggregated `again` over its groups (a count's sum, a minimum's minimum), it is the aggregate over their rows. */
export interface Part {
  /** An aggregate over the source's rows; never a caller's text. */
  sql: string;
  again: 'sum' | 'min' | 'max';
}

/** What a rollup holds: `source`'s rows grouped by the day of `date` and by `columns`, with their count and `parts`. */
export interface RollupSpec {
  source: string;
  date: string;
  columns: string[];
  parts: Part[];
}

/** A rollup table ready to read: its parts' columns (in the order of the spec's parts) and its groups' row counts. */
export interface Rollup {
  table: string;
  part: (i: number) => string;
  count: string;
}

export interface RollupOptions {
  /** Sources with fewer rows are read as they are (CX_ROLLUP_MIN_ROWS, default 200,000; `off` never rolls up). */
  minRows: number;
  /** Rollups kept at once; the least recently read goes first. */
  maxTables?: number;
  /** A rollup keeping more than this share of its source's rows is dropped as not worth reading (default a quarter). */
  mostShare?: number;
}

interface Entry {
  /** The source's write count the rollup was built at. */
  at: number;
  /** Its table, or null: the source is too small, or grouped this way it hardly shrinks. */
  table: string | null;
}

const SCHEMA = 'cx_rollup';
/** Rollup tables made in this process: each has a name never used before (a statement prepared on a dropped one fails, never reads another). */
let made = 0;

/**
 * A row's day for a rollup, as a timestamp the periods' whole-day bounds compare with as they
 * compare with the row: its day's start, but a time in the day's last second after 23:59:59 stays
 * after it, so a bound at 23:59:59 leaves it out as it leaves the row out.
 */
const dayOf = (date: string) =>
  `CASE WHEN ${date} > date_trunc('day', ${date}) + INTERVAL '86399 seconds' THEN date_trunc('day', ${date}) + INTERVAL '86399500 milliseconds' ELSE date_trunc('day', ${date}) END`;

/**
 * Per-day partial aggregates of a large table (issue 50: "date buckets stored at write time"): a
 * dashboard over 90 days of 10M responses reads tens of thousands of rollup rows instead of
 * millions of responses. A rollup is made on first asking, in the background, one at a time, and
 * read only while its source has not been written since (`writes`): until then, and after any
 * write, the caller reads the source itself, so an answer never lags a write. The tables live in an
 * in-memory database of their own, never in the data file.
 */
export class Rollups {
  private readonly entries = new Map<string, Entry>();
  private readonly wanted = new Map<string, RollupSpec>();
  private building: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly run: <T extends Row>(sql: string, params?: readonly Param[]) => Promise<T[]>,
    private readonly writes: (table: string) => number,
    private readonly options: RollupOptions,
  ) {}

  /** The schema the rollups live in, attached once to the database they read. */
  static readonly ATTACH = `ATTACH ':memory:' AS ${SCHEMA}`;

  /** A rollup of `spec` as fresh as its source, or null (one is then made, for a later call). */
  ready(spec: RollupSpec): Rollup | null {
    if (this.closed || !(this.options.minRows >= 0)) return null;
    const key = JSON.stringify(spec);
    const entry = this.entries.get(key);
    if (entry && entry.at === this.writes(spec.source)) {
      // Read last: the least recently read goes first.
      this.entries.delete(key);
      this.entries.set(key, entry);
      const table = entry.table;
      return table ? { table, part: (i) => `cx_p${i}`, count: 'cx_count' } : null;
    }
    this.wanted.set(key, spec);
    this.building ??= this.buildAll().finally(() => (this.building = null));
    return null;
  }

  /** Reads a rollup (its parameters bound like any read). */
  query<T extends Row>(sql: string, params?: readonly Param[]): Promise<T[]> {
    return this.run<T>(sql, params);
  }

  /** Rollups of the same database under other options (a test's: every source rolled up). */
  withOptions(options: RollupOptions): Rollups {
    return new Rollups(this.run, this.writes, options);
  }

  /** Once every rollup asked for so far is made. */
  async settled(): Promise<void> {
    while (this.building) await this.building;
  }

  /** Waits for the rollup being made, if any; makes no more (the database is closing). */
  async close(): Promise<void> {
    this.closed = true;
    await this.building;
  }

  /** Builds what was asked for, one at a time, until nothing is left. */
  private async buildAll(): Promise<void> {
    for (let next = this.wanted.entries().next(); !next.done && !this.closed; next = this.wanted.entries().next()) {
      const [key, spec] = next.value;
      this.wanted.delete(key);
      try {
        await this.build(key, spec);
      } catch (error) {
        // A source changed or dropped meanwhile: it is read as it is, and asked again later.
        console.warn(`rollup of ${spec.source} not made: ${(error as Error).message}`);
      }
    }
  }

  private async build(key: string, spec: RollupSpec): Promise<void> {
    const at = this.writes(spec.source);
    const old = this.entries.get(key);
    if (old?.at === at) return;
    const [{ n }] = await this.run<{ n: number }>(`SELECT count(*) AS n FROM ${spec.source}`);
    let table: string | null = null;
    if (Number(n) >= this.options.minRows) {
      table = `${SCHEMA}.r${++made}`;
      const parts = spec.parts.map((p, i) => `${p.sql} AS cx_p${i}`);
      await this.run(
        `CREATE TABLE ${table} AS SELECT ${[`${dayOf(spec.date)} AS ${spec.date}`, ...spec.columns, 'count(*) AS cx_count', ...parts].join(', ')} FROM ${spec.source} GROUP BY ALL`,
      );
      const [{ r }] = await this.run<{ r: number }>(`SELECT count(*) AS r FROM ${table}`);
      if (Number(r) > Number(n) * (this.options.mostShare ?? 0.25)) table = await this.drop(table);
    }
    // Written meanwhile: kept unread, since it may miss the write; the next ask makes it again.
    if (this.writes(spec.source) !== at) {
      if (table) await this.drop(table);
      return;
    }
    if (old?.table) await this.drop(old.table);
    this.entries.delete(key);
    this.entries.set(key, { at, table });
    while (this.entries.size > (this.options.maxTables ?? 64)) {
      const [oldest, gone] = this.entries.entries().next().value!;
      this.entries.delete(oldest);
      if (gone.table) await this.drop(gone.table);
    }
  }

  private async drop(table: string): Promise<null> {
    await this.run(`DROP TABLE IF EXISTS ${table}`);
    return null;
  }
}

/** The rollups' setting: CX_ROLLUP_MIN_ROWS rows (default 200,000), or `off`. */
export function rollupOptions(env: NodeJS.ProcessEnv = process.env): RollupOptions {
  const raw = env.CX_ROLLUP_MIN_ROWS;
  if (raw === 'off') return { minRows: -1 };
  const n = raw === undefined || raw === '' ? 200_000 : Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`CX_ROLLUP_MIN_ROWS "${raw}" is not a whole number of rows or off.`);
  return { minRows: n };
}
