import type { Queryable, Row } from '../db';
import type { MeasureKey } from '../../src/api/visual-types';
import type { Measure } from './measures';
import type { Grouping, PeriodScan } from './scan';
import type { Part, Rollups } from '../rollups/store';

/** PostgreSQL's GROUPING() takes at most 31 columns (its answer is an integer with a bit for each). */
const MAX_DIMENSIONS = 31;

/** A grouping set's rows in the answer, and each row's dimension and measure values. */
export interface SetRows {
  /** The rows of the set of these dimensions (as added), sorted by their labels in that order. */
  rows(dims: readonly Grouping[]): Row[];
  dim(row: Row, dim: Grouping): unknown;
  cur(row: Row, measure: MeasureKey): unknown;
  prev(row: Row, measure: MeasureKey): unknown;
}

/** The dimensions' indices in order, each once (grouping by a column twice sorts as grouping by it once). */
const once = (indices: number[]) => indices.filter((d, i) => indices.indexOf(d) === i);
const sameMembers = (a: number[], b: number[]) => a.length === b.length && a.every((d) => b.includes(d));

/**
 * Many GROUP BYs over one scan's rows in one query: GROUP BY GROUPING SETS, each row told back to its
 * set by GROUPING(), every measure computed once for both periods, and the record counts `n`/`pn`.
 * Rows are grouped by each dimension's key and labelled after (server/dashboards/scan.ts Grouping).
 * Every label is text (categories, bucket days), so one ORDER BY sorts each set's rows by its own
 * dimensions' labels, as a query of that set alone would.
 */
export class GroupingSets {
  /** The dimensions' keys (SQL text: a dimension's identity), labels and the columns they read. */
  private readonly dims: string[] = [];
  private readonly labels: Array<Grouping['label']> = [];
  private readonly reads: string[][] = [];
  /** Each set as its dimensions' indices, in the order its rows are sorted by. */
  private readonly sets: number[][] = [];
  private readonly measures = new Map<MeasureKey, Measure>();

  /** `measure` binds a measure's values (a share's) to the scan's query. */
  constructor(
    private readonly scan: PeriodScan,
    private readonly measure: (key: MeasureKey) => Measure,
  ) {}

  get empty(): boolean {
    return this.sets.length === 0;
  }

  /** Whether these sets can join: GROUPING() can still tell them apart, and none is a set already here sorted in another order. */
  fits(sets: readonly Grouping[][]): boolean {
    if (new Set([...this.dims, ...sets.flat().map((d) => d.key)]).size > MAX_DIMENSIONS) return false;
    return sets.every((s) => {
      if (s.some((d) => !this.dims.includes(d.key))) return true;
      const wanted = this.indices(s);
      return this.sets.every((t) => !sameMembers(t, wanted) || t.every((d, i) => d === wanted[i]));
    });
  }

  /** A set's dimensions' indices, in order. */
  private indices(set: readonly Grouping[]): number[] {
    return once(set.map((d) => this.dims.indexOf(d.key)));
  }

  /** Adds sets (dimensions in the order their rows sort by) and measures; `fits` first. */
  add(sets: readonly Grouping[][], measures: readonly MeasureKey[]): void {
    for (const s of sets) {
      for (const d of s) {
        if (this.dims.includes(d.key)) continue;
        this.dims.push(d.key);
        this.labels.push(d.label);
        this.reads.push(d.reads);
      }
      const indices = this.indices(s);
      if (!this.sets.some((t) => sameMembers(t, indices))) this.sets.push(indices);
    }
    for (const key of measures) {
      if (this.measures.has(key)) continue;
      // Bound once per measure (a share's value), when it is known to be read.
      this.measures.set(key, this.measure(key));
    }
  }

  /** GROUPING()'s answer for a set: a bit for each dimension left out, the first dimension the highest. */
  private groupingOf(set: number[]): number {
    return this.dims.reduce((g, _, i) => (set.includes(i) ? g : g + 2 ** (this.dims.length - 1 - i)), 0);
  }

  /**
   * Runs the one query on `table` (through `q`, as the tiles' own queries read) and splits its rows by
   * set. The period is one more key of every set rather than a FILTER on every measure (a fifth less
   * time at 10M responses); each group's row of each period is then put side by side.
   */
  async read(q: Queryable, table: string): Promise<SetRows> {
    const { where, current } = this.scan;
    const measures = [...this.measures.values()];
    const dims = this.dims.map((_, i) => key(i));
    // Labelled once per group; the ORDER BY a level above, as its CASEs read the FROM's columns (on PostgreSQL), which must be the labels.
    const labelled = ['cx_g', ...this.labels.map((label, i) => `${label(key(i))} AS ${name(i)}`), ...sidesOf(measures)];
    const inner = [dims.length ? `GROUPING(${dims.join(', ')}) AS cx_g` : '0 AS cx_g', 'cx_pc', ...dims, ...measures.map((m, i) => `${m.sql()} AS cx_m${i}`), 'count(*) AS cx_n'];
    // Each set's rows sorted by its own dimensions: a CASE per position picks the set's dimension there.
    const longest = Math.max(...this.sets.map((s) => s.length));
    const order = Array.from({ length: longest }, (_, k) => `CASE cx_g ${this.sets.filter((s) => s.length > k).map((s) => `WHEN ${this.groupingOf(s)} THEN ${name(s[k])}`).join(' ')} END`);
    const rows = await q.query(
      `SELECT * FROM (SELECT ${labelled.join(', ')} FROM (
         SELECT ${inner.join(', ')}
         FROM (SELECT *${this.dims.map((d, i) => `, ${d} AS ${key(i)}`).join('')}, ${current} AS cx_pc FROM ${table} ${where.sql}) cx_rows
         GROUP BY GROUPING SETS (${this.sets.map((s) => `(${['cx_pc', ...s.map(key)].join(', ')})`).join(', ')})
       ) cx_groups GROUP BY ${['cx_g', ...dims].join(', ')}) cx_sets ORDER BY ${['cx_g', ...order].join(', ')}`,
      where.params,
    );
    const bySet = new Map<number, Row[]>();
    for (const r of rows) {
      const g = Number(r.cx_g);
      bySet.set(g, bySet.get(g) ?? []).get(g)!.push(r);
    }
    return this.answer(bySet);
  }

  /**
   * The same answer from rollups (server/rollups/): a query per set over its own rollup, kept by
   * day and by the columns the set, the WHERE (`columns`) and the measures read; null when a measure
   * cannot be summed from one, or a set's rollup is not ready (it is then made for a later call).
   */
  async readRolled(rollups: Rollups, source: { table: string; date: string; columns: string[]; stored: (column: string) => boolean }): Promise<SetRows | null> {
    const measures = [...this.measures.values()];
    if (measures.some((m) => !m.rolled)) return null;
    const parts: Part[] = [];
    const partIndex = (p: Part) => {
      const i = parts.findIndex((q) => q.sql === p.sql && q.again === p.again);
      return i >= 0 ? i : parts.push(p) - 1;
    };
    const partsOf = measures.map((m) => m.rolled!.parts.map(partIndex));
    const kept = (set: number[]) => [...new Set([...source.columns, ...measures.flatMap((m) => m.rolled!.columns), ...set.flatMap((i) => this.reads[i])])].filter((c) => c !== source.date).sort();
    if (!this.sets.every((set) => kept(set).every(source.stored))) return null;
    const plans = this.sets.map((set) => ({ set, rollup: rollups.ready({ source: source.table, date: source.date, columns: kept(set), parts }) }));
    if (plans.some((p) => !p.rollup)) return null;
    const { where, current } = this.scan;
    const answers = await Promise.all(
      plans.map(({ set, rollup }) => {
        const values = measures.map((m, i) => `${m.rolled!.sql((j) => rollup!.part(partsOf[i][j]), rollup!.count)} AS cx_m${i}`);
        const keys = set.map(key);
        const grouped = keys.length ? ` GROUP BY ${keys.join(', ')}` : '';
        const sorted = set.length ? ` ORDER BY ${set.map(name).join(', ')}` : '';
        return rollups.query(
          `SELECT * FROM (SELECT ${[...set.map((i) => `${this.labels[i](key(i))} AS ${name(i)}`), ...sidesOf(measures)].join(', ')} FROM (
             SELECT ${['cx_pc', ...keys, ...values, `sum(${rollup!.count}) AS cx_n`].join(', ')}
             FROM (SELECT *${set.map((i) => `, ${this.dims[i]} AS ${key(i)}`).join('')}, ${current} AS cx_pc FROM ${rollup!.table} ${where.sql}) cx_rows
             GROUP BY ${['cx_pc', ...keys].join(', ')}
           ) cx_groups${grouped}) cx_sets${sorted}`,
          where.params,
        );
      }),
    );
    return this.answer(new Map(plans.map(({ set }, i) => [this.groupingOf(set), answers[i]])));
  }

  /** The answer's accessors over its rows by set (GROUPING()'s value). */
  private answer(bySet: Map<number, Row[]>): SetRows {
    const keys = [...this.measures.keys()];
    const measures = [...this.measures.values()];
    // With no rows at all, the () set's one row still: every measure over no rows.
    const none = (): Row => ({ ...Object.fromEntries(measures.flatMap((m, i) => [[`cx_c${i}`, m.empty ?? null], [`cx_p${i}`, m.empty ?? null]])), n: 0, pn: 0 });
    return {
      rows: (set) => {
        const rows = bySet.get(this.groupingOf(this.indices(set)));
        return rows?.length ? rows : set.length ? [] : [none()];
      },
      dim: (row, d) => row[name(this.dims.indexOf(d.key))],
      cur: (row, key) => row[`cx_c${keys.indexOf(key)}`],
      prev: (row, key) => row[`cx_p${keys.indexOf(key)}`],
    };
  }
}

const key = (i: number) => `cx_k${i}`;
const name = (i: number) => `cx_d${i}`;

/** Each measure's value in the current (`cx_c<i>`) and compared (`cx_p<i>`) period, and the record counts `n`/`pn`, from groups of `cx_m<i>` split by `cx_pc`. */
function sidesOf(measures: readonly Measure[]): string[] {
  // A side's value, or the measure's over no rows (a count's 0) when the group has none of that period.
  const side = (column: string, period: string, empty?: number) =>
    empty === undefined ? `max(${column}) FILTER (WHERE ${period})` : `COALESCE(max(${column}) FILTER (WHERE ${period}), ${empty})`;
  return [
    ...measures.flatMap((m, i) => [`${side(`cx_m${i}`, 'cx_pc', m.empty)} AS cx_c${i}`, `${side(`cx_m${i}`, 'NOT cx_pc', m.empty)} AS cx_p${i}`]),
    `${side('cx_n', 'cx_pc', 0)} AS n`,
    `${side('cx_n', 'NOT cx_pc', 0)} AS pn`,
  ];
}
