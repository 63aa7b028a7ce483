import type { CompareWith, MeasureKey, VisualDefinition, VisualItem, VisualQuery } from '../../src/api/visual-types';
import type { SmartFilter } from '../smartdata/where';
import { rowsOf } from '../smartdata/rows';
import { measureOf, num } from './measures';
import { categoryOf, dimension, periodScan, type Grouping, type PeriodScan } from './scan';
import { seriesFor, stackOrdered, trendBucket, type Given, type QueryOf, type SeriesInput } from './series';
import { GroupingSets, type SetRows } from './grouping-sets';
import { visualItem } from './visual-item';
import { rollupSource } from '../rollups/plan';

/**
 * A whole dashboard's tiles with one query per group of tiles that read the same rows (the same
 * filters and compared period): their kpi, trend, breakdown and table series from GROUP BY GROUPING
 * SETS over one scan, instead of a query each (issue 50). Each tile then builds its answer from its
 * rows exactly as on its own (server/dashboards/series.ts), so the answers are the same. Follow-ups
 * ("Others", which needs the rows outside the top N) and the other tiles (comments, reviews) read
 * as they do on their own.
 */

/** What a tile's query needs of its group's scan: its sets (dimensions in its rows' order), its measures, and its rows from the answer. */
interface Plan {
  sets: Grouping[][];
  measures: MeasureKey[];
  given: (at: SetRows) => Given;
}

/** The queries one scan answers. */
type Scanned = QueryOf<'kpi' | 'trend' | 'breakdown' | 'table'>;
const scanned = (q: VisualQuery): q is Scanned => q.kind === 'kpi' || q.kind === 'trend' || q.kind === 'breakdown' || q.kind === 'table';

const counts = (r: Record<string, unknown>) => ({ n: r.n, pn: r.pn });

/** A tile query's plan over `scan`; a 400 for a query it cannot draw. */
function planOf(input: SeriesInput, scan: PeriodScan, q: Scanned): Plan {
  const label = (key: string) => categoryOf(dimension(input.module, key).column);
  switch (q.kind) {
    case 'kpi':
      return { sets: [[]], measures: [q.measure], given: (at) => ({ rows: at.rows([]).map((r) => ({ cur: at.cur(r, q.measure), prev: at.prev(r, q.measure), ...counts(r) })) }) };
    case 'trend': {
      const b = trendBucket(input, q, scan);
      const s = q.seriesKey ? label(q.seriesKey) : null;
      const set = s ? [s, b] : [b];
      return {
        sets: [set],
        measures: [q.measure],
        given: (at) => ({ rows: at.rows(set).map((r) => ({ s: s ? at.dim(r, s) : '', b: at.dim(r, b), v: at.cur(r, q.measure), p: at.prev(r, q.measure), ...counts(r) })) }),
      };
    }
    case 'breakdown': {
      const a = label(q.axisKey);
      const s = q.seriesKey ? label(q.seriesKey) : null;
      const set = s ? [a, s] : [a];
      // A stacked breakdown sorted by value sorts by each category's value over all of it: its own set.
      const whole = stackOrdered(q);
      return {
        sets: whole ? [set, [a]] : [set],
        measures: [q.measure],
        given: (at) => ({
          rows: at.rows(set).map((r) => ({ a: at.dim(r, a), s: s ? at.dim(r, s) : '', v: at.cur(r, q.measure), p: at.prev(r, q.measure), ...counts(r) })),
          categories: whole ? new Map(at.rows([a]).map((r) => [String(at.dim(r, a)), num(at.cur(r, q.measure))])) : undefined,
        }),
      };
    }
    case 'table': {
      const row = label(q.rowKey);
      const values = (at: SetRows, r: Record<string, unknown>) => Object.fromEntries(q.measures.flatMap((k, i) => [[`c${i}`, at.cur(r, k)], [`p${i}`, at.prev(r, k)]]));
      return { sets: [[row]], measures: q.measures, given: (at) => ({ rows: at.rows([row]).map((r) => ({ r: at.dim(r, row), ...values(at, r), ...counts(r) })) }) };
    }
  }
}

/** The tiles that read the same rows, and the one query that answers them. */
interface Group {
  input: SeriesInput;
  scan: PeriodScan;
  sets: GroupingSets;
  answer?: Promise<SetRows>;
}

/** A dashboard's record count (its period's rows under the caller's filters) and every tile's block, in the definitions' order. */
export async function dashboardItems(caller: SeriesInput, definitions: readonly VisualDefinition[]): Promise<{ total: number; visuals: VisualItem[] }> {
  const groups = new Map<string, Group>();
  const groupOf = (own: SmartFilter[], compare: CompareWith): Group => {
    const key = JSON.stringify([own, compare]);
    const found = groups.get(key);
    if (found) return found;
    const input = own.length ? { ...caller, filters: [...caller.filters, ...own] } : caller;
    const scan = periodScan(input.module, input.filters, input.claims, input.now, compare);
    const group = { input, scan, sets: new GroupingSets(scan, (k) => measureOf(input.module, k, (v) => scan.where.bind(v))) };
    groups.set(key, group);
    return group;
  };
  // The record count is the () set of the caller's own rows: the current period's count.
  const base = groupOf([], 'previous');
  base.sets.add([[]], []);
  const planned = new Map<VisualQuery, { group: Group; plan: Plan }>();
  for (const def of definitions) {
    const b = def.templateBindings;
    for (const q of [b.Query, ...Object.values(b.ExtraSeries ?? {})]) {
      if (!scanned(q)) continue;
      const group = groupOf(b.Filters ?? [], q.compare ?? 'previous');
      const plan = tryPlan(group, q);
      if (plan && group.sets.fits(plan.sets)) {
        group.sets.add(plan.sets, plan.measures);
        planned.set(q, { group, plan });
      }
    }
  }
  for (const group of groups.values()) if (!group.sets.empty) group.answer = readGroup(caller, group);
  const read = async (input: SeriesInput, q: VisualQuery) => {
    const p = planned.get(q);
    return seriesFor(input, q, p ? p.plan.given(await p.group.answer!) : undefined);
  };
  const [at, ...visuals] = await Promise.all([base.answer!, ...definitions.map((d) => visualItem(caller, d, read))]);
  return { total: Number(at.rows([])[0].n), visuals };
}

/**
 * A group's answer: from rollups of the rows by day where the engine keeps them and the group's
 * WHERE allows (server/rollups/), else from the rows. A rollup dropped as it was read (made again
 * after a write) leaves the rows to answer.
 */
async function readGroup(caller: SeriesInput, group: Group): Promise<SetRows> {
  const q = rowsOf(caller.db, caller.module);
  const { module, filters, claims } = group.input;
  const at = await rollupSource(q, module, filters, claims, group.scan.periods);
  const rolled = at && (await group.sets.readRolled(at.rollups, at.source).catch(() => null));
  return rolled ?? group.sets.read(q, module.table);
}

/** A plan, or none when the query is one its tile must refuse (it then refuses it on its own, in its own words). */
function tryPlan(group: Group, q: Scanned): Plan | null {
  try {
    const plan = planOf(group.input, group.scan, q);
    // A measure the module lacks is refused before anything is bound to the group's query.
    for (const k of plan.measures) measureOf(group.input.module, k);
    return plan;
  } catch {
    return null;
  }
}
