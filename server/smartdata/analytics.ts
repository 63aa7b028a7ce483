import { categoryLabel } from '../dashboards/scan';
import type { Db, Row } from '../db';
import { rollupOf, rollupSource } from '../rollups/plan';
import type { Part } from '../rollups/store';
import type { Claim } from '../identity/users';
import { badRequest } from '../http/errors';
import { columnByKey, isMultiValued, type Column, type SmartModule } from './schema';
import { withPlainTotals } from './multi-totals';
import { buildWhere } from './where';
import type { AnalyticsData, AnalyticsQuery, Cells, MeasureInfo, PivotRow } from '../../src/api/types';
import { rowsOf } from './rows';
import { dimensionsOf, levelsOf, scoreOf } from './column-roles';

/** Aggregate codes of spec part 2 section 3. */
export const AGGREGATES = { Count: 0, CountDistinct: 1, CountNonEmpty: 2, CountEmpty: 3, CountDistinctNonEmpty: 4, Sum: 10, Average: 20, Min: 30, Max: 31 } as const;

/** A measure with the column it aggregates (none for Count). */
export interface MeasureDefinition extends MeasureInfo {
  fieldKey?: string;
  /**
   * An Average of a whole-number score each answer of the column gives, instead of the column
   * itself (null where the column is null). Its sum and count add up from groups, so a total's
   * figure comes from the total's own counts, never from its rows' figures.
   */
  score?: (column: string) => string;
}

/** A likelihood to recommend of 9 or 10 is a promoter's, 0 to 6 a detractor's, 7 and 8 a passive's. */
const npsScore = (promoter: number, passive: number, detractor: number) => (c: string) =>
  `CASE WHEN ${c} >= 9 THEN ${promoter} WHEN ${c} >= 7 THEN ${passive} WHEN ${c} IS NOT NULL THEN ${detractor} END`;

const COUNT_MEASURE: MeasureDefinition = { measureKey: 'InternalRecordCount', measureName: 'Records', format: '0', aggregateFunction: AGGREGATES.Count };

/** The NPS measures of an NPS score column: its average, NPS from -100 to 100, and the three groups' shares (fractions, shown as percentages). */
const npsMeasures = (c: Column): MeasureDefinition[] => [
  { measureKey: 'AvgNPS', measureName: `Average ${c.name.toLowerCase()}`, format: '0.00', aggregateFunction: AGGREGATES.Average, fieldKey: c.key },
  { measureKey: 'NPS', measureName: 'NPS', format: '0.0', aggregateFunction: AGGREGATES.Average, fieldKey: c.key, score: npsScore(100, 0, -100) },
  { measureKey: 'PromoterShare', measureName: 'Share of promoters', format: '0.0%', aggregateFunction: AGGREGATES.Average, fieldKey: c.key, score: npsScore(1, 0, 0) },
  { measureKey: 'PassiveShare', measureName: 'Share of passives', format: '0.0%', aggregateFunction: AGGREGATES.Average, fieldKey: c.key, score: npsScore(0, 1, 0) },
  { measureKey: 'DetractorShare', measureName: 'Share of detractors', format: '0.0%', aggregateFunction: AGGREGATES.Average, fieldKey: c.key, score: npsScore(0, 0, 1) },
];

/** Net sentiment from -100 to 100 of a sentiment label: the share of positive comments minus the share of negative ones. */
const netSentiment = (c: Column): MeasureDefinition => ({
  measureKey: 'NetSentiment',
  measureName: 'Net sentiment',
  format: '0.0',
  aggregateFunction: AGGREGATES.Average,
  fieldKey: c.key,
  score: (v) => `CASE WHEN lower(${v}) IN ('positive', 'positiv') THEN 100 WHEN lower(${v}) IN ('negative', 'negativ') THEN -100 WHEN ${v} IS NOT NULL THEN 0 END`,
});

/** Average, sum, lowest and highest of a plain number (spend, an amount, the hours a case took). */
const amountMeasures = (c: Column): MeasureDefinition[] => [
  { measureKey: `Avg${c.key}`, measureName: `Average ${c.name.toLowerCase()}`, format: '0.00', aggregateFunction: AGGREGATES.Average, fieldKey: c.key },
  { measureKey: `Sum${c.key}`, measureName: `Total ${c.name.toLowerCase()}`, format: '0.00', aggregateFunction: AGGREGATES.Sum, fieldKey: c.key },
  { measureKey: `Min${c.key}`, measureName: `Lowest ${c.name.toLowerCase()}`, format: '0.00', aggregateFunction: AGGREGATES.Min, fieldKey: c.key },
  { measureKey: `Max${c.key}`, measureName: `Highest ${c.name.toLowerCase()}`, format: '0.00', aggregateFunction: AGGREGATES.Max, fieldKey: c.key },
];

/** Counts of a verbatim: with a comment, without, and distinct comments. */
const commentMeasures = (c: Column): MeasureDefinition[] => [
  { measureKey: 'Comments', measureName: 'With a comment', format: '0', aggregateFunction: AGGREGATES.CountNonEmpty, fieldKey: c.key },
  { measureKey: 'NoComment', measureName: 'Without a comment', format: '0', aggregateFunction: AGGREGATES.CountEmpty, fieldKey: c.key },
  { measureKey: 'DistinctComments', measureName: 'Distinct comments', format: '0', aggregateFunction: AGGREGATES.CountDistinctNonEmpty, fieldKey: c.key },
];

/** Measures a module's columns give, by their roles (never their names); cached per definition. */
const byModule = new WeakMap<SmartModule, MeasureDefinition[]>();

/**
 * The measures a module can compute, from its columns' roles: the record count; NPS and its groups'
 * shares from the first NPS score; net sentiment from a sentiment label; the average of every other numeric score and driver (the first
 * rating as AvgStars); sums of plain numbers; distinct customers; counts of comments.
 */
export function measuresOf(module: SmartModule): MeasureDefinition[] {
  const cached = byModule.get(module);
  if (cached) return cached;
  const visible = module.columns.filter((c) => !c.isHidden);
  const measures = [COUNT_MEASURE];
  const nps = scoreOf(module, ['NPS']);
  if (nps) measures.push(...npsMeasures(nps));
  const sentiment = visible.find((c) => c.role === 'score' && c.score?.kind === 'Sentiment' && c.typeName === 'String');
  if (sentiment) measures.push(netSentiment(sentiment));
  let rating = false;
  for (const c of visible.filter((c) => (c.role === 'score' || c.role === 'driver') && c.typeName === 'Number' && c !== nps)) {
    const first: boolean = !rating && c.role === 'score' && c.score?.kind === 'Rating';
    rating ||= first;
    measures.push({ measureKey: first ? 'AvgStars' : `Avg${c.key}`, measureName: `Average ${c.name.toLowerCase()}`, format: '0.00', aggregateFunction: AGGREGATES.Average, fieldKey: c.key });
  }
  for (const c of visible.filter((c) => c.role === 'attribute' && c.typeName === 'Number' && c.column !== module.idColumn && c.key !== 'Id')) measures.push(...amountMeasures(c));
  const customer = visible.find((c) => c.role === 'customer' && c.typeName === 'String');
  if (customer) measures.push({ measureKey: 'Customers', measureName: 'Customers', format: '0', aggregateFunction: AGGREGATES.CountDistinct, fieldKey: customer.key });
  const verbatim = visible.find((c) => c.role === 'verbatim');
  if (verbatim) measures.push(...commentMeasures(verbatim));
  // Keys stay unique whatever the columns are called.
  const unique = measures.filter((m, i) => measures.findIndex((o) => o.measureKey.toLowerCase() === m.measureKey.toLowerCase()) === i);
  byModule.set(module, unique);
  return unique;
}

/**
 * The pivot the analytics view opens with: the module's own, else the count and the first measure
 * of a score, by the levels of its hierarchy (or its first dimensions), across its next dimension.
 */
export function defaultPivotOf(module: SmartModule): { measures: string[]; rows: string[]; columns: string[] } {
  if (module.defaultPivot) return module.defaultPivot;
  const measures = measuresOf(module).slice(0, 2).map((m) => m.measureKey);
  const rows = levelsOf(module).slice(0, 2);
  const across = dimensionsOf(module).find((c) => !rows.includes(c) && !c.hierarchy);
  return { measures, rows: rows.map((c) => c.key), columns: across ? [across.key] : [] };
}

/** A measure a module computes, by key in any case; a 400 for another. */
export function measureByKey(module: SmartModule, key: string): MeasureDefinition {
  const measure = measuresOf(module).find((m) => m.measureKey.toLowerCase() === key.toLowerCase());
  // The measures follow from the module's columns: one it cannot compute is unknown to it.
  if (!measure) throw badRequest(`Unknown measure "${key}".`);
  return measure;
}

/**
 * A column's sum, exact: floating-point sums depend on the order the engine adds in, which its
 * parallel threads vary, so the same pivot asked twice (or a user's restricted view against the
 * same filter) differed in the last digits. Whole numbers add up exactly as they are; others are
 * added as decimals (which doubled the pivot's time at ten million rows, so only where needed).
 */
const exactSum = (column: string, whole: boolean) => (whole ? `sum(${column})` : `sum(CAST(${column} AS DECIMAL(38, 9)))`);

/** A measure's SQL: over the rows at once (`single`), and, when it adds up across groups, as parts. */
interface MeasureSql {
  single: string;
  /** Computed per group of rows (`first`, named `names`) and combined over the groups (`combine`). */
  parts?: { first: Part[]; names: string[]; combine: string };
}

function measureSql(m: MeasureDefinition, field: Column | undefined, i: number): MeasureSql {
  const c = field?.column ?? '*';
  const text = field?.typeName === 'String';
  const sum = m.score ? `sum(${m.score(c)})` : exactSum(c, !!field?.whole);
  const empty = text ? `(${c} IS NULL OR ${c} = '')` : `${c} IS NULL`;
  const real = (sql: string) => `CAST(${sql} AS DOUBLE PRECISION)`;
  /** An aggregate whose groups' values combine with `again` (a count's sum, a minimum's minimum), shown through `shown`. */
  const additive = (first: string, again: Part['again'], shown = (x: string) => x): MeasureSql => ({
    single: shown(first),
    parts: { first: [{ sql: first, again }], names: [`p${i}`], combine: shown(`${again}(p${i})`) },
  });
  switch (m.aggregateFunction) {
    case AGGREGATES.Count:
      return additive('count(*)', 'sum');
    case AGGREGATES.CountNonEmpty:
      return additive(`count(*) FILTER (WHERE NOT ${empty})`, 'sum');
    case AGGREGATES.CountEmpty:
      return additive(`count(*) FILTER (WHERE ${empty})`, 'sum');
    case AGGREGATES.Sum:
      return additive(sum, 'sum', real);
    case AGGREGATES.Min:
      return additive(`min(${c})`, 'min', real);
    case AGGREGATES.Max:
      return additive(`max(${c})`, 'max', real);
    case AGGREGATES.Average:
      return {
        single: `${real(sum)} / NULLIF(count(${c}), 0)`,
        parts: { first: [{ sql: sum, again: 'sum' }, { sql: `count(${c})`, again: 'sum' }], names: [`p${i}`, `q${i}`], combine: `${real(`sum(p${i})`)} / NULLIF(sum(q${i}), 0)` },
      };
    // A distinct count does not add up from groups.
    case AGGREGATES.CountDistinct:
      return { single: `count(DISTINCT ${c})` };
    case AGGREGATES.CountDistinctNonEmpty:
      return { single: `count(DISTINCT ${text ? `NULLIF(${c}, '')` : c})` };
    default:
      throw badRequest(`Measure "${m.measureKey}" has an unknown aggregate ${m.aggregateFunction}.`);
  }
}

export type { AnalyticsData, AnalyticsQuery, Cells, PivotRow } from '../../src/api/types';

const dimension = (module: SmartModule, key: string): Column => {
  const col = columnByKey(module, key);
  if (!col || !col.dimension) throw badRequest(`"${key}" is not a dimension of module "${module.moduleId}".`);
  return col;
};

/**
 * The pivot of `q`. Broken down by a multi-valued dimension (Topic), a row counts under each of its
 * values, and the totals that roll that dimension up are read without it (multi-totals.ts).
 */
export async function analyticsData(db: Db, module: SmartModule, q: AnalyticsQuery, claims: Claim[] | null): Promise<AnalyticsData> {
  const multi = [...q.rowDimensions, ...q.columnDimensions].map((k) => columnByKey(module, k)).find((col) => col && isMultiValued(col));
  if (!multi) return pivotOf(db, module, q, claims);
  const without = (keys: string[]) => keys.filter((k) => columnByKey(module, k) !== multi);
  const [pivot, plain] = await Promise.all([
    pivotOf(db, module, q, claims),
    pivotOf(db, module, { ...q, rowDimensions: without(q.rowDimensions), columnDimensions: without(q.columnDimensions) }, claims),
  ]);
  const key = q.rowDimensions.find((k) => columnByKey(module, k) === multi) ?? q.columnDimensions.find((k) => columnByKey(module, k) === multi)!;
  return withPlainTotals(pivot, plain, q, key);
}

/**
 * The pivot in one statement: GROUPING SETS give every row level with and without the column
 * dimensions, the column totals and the grand total; GROUPING() tells the sets apart.
 */
async function pivotOf(db: Db, module: SmartModule, q: AnalyticsQuery, claims: Claim[] | null): Promise<AnalyticsData> {
  const measures = q.measureKeys.map((k) => measureByKey(module, k));
  if (measures.length === 0) throw badRequest('Choose at least one measure.');
  const rows = q.rowDimensions.map((k) => dimension(module, k));
  const cols = q.columnDimensions.map((k) => dimension(module, k));
  const all = [...rows, ...cols];
  if (new Set(all.map((c) => c.key)).size !== all.length) throw badRequest('A dimension can be used once, in the rows or in the columns.');
  const w = buildWhere(module, q.smartFilters, claims);
  const fields = measures.map((m) => (m.fieldKey ? columnByKey(module, m.fieldKey)! : undefined));
  const r = rows.map((_, i) => `d${i}`);
  const c = cols.map((_, i) => `d${rows.length + i}`);
  const sets: string[][] = [];
  for (let level = rows.length; level >= 0; level--) {
    const prefix = r.slice(0, level);
    sets.push([...prefix, ...c]);
    if (c.length) sets.push(prefix);
  }
  const dims = [...r, ...c];
  const grouping = dims.length ? `GROUPING(${dims.join(', ')})` : '0';
  const label = (col: Column) => categoryLabel(col.column);
  const groupingSets = `GROUP BY GROUPING SETS (${sets.map((set) => `(${set.join(', ')})`).join(', ')})`;
  const sqls = measures.map((m, i) => measureSql(m, fields[i], i));
  const parts = sqls.map((m) => m.parts);
  const source = rowsOf(db, module);
  let result: Row[];
  if (parts.every((p) => p !== undefined)) {
    // Every measure adds up from parts: the rows are grouped once by the dimensions' own values
    // (ten million rows to a few thousand), and the sets are rolled up from those groups. Grouping
    // every row six times over labelled text took 560 ms at ten million; this takes 100 ms. Where a
    // rollup of the rows by day keeps those dimensions (server/rollups/), the groups are its own.
    const added = parts as Array<NonNullable<MeasureSql['parts']>>;
    const labelled = [...all.map((col, i) => `${label(col)} AS d${i}`), 'n', ...added.flatMap((p) => p.names)];
    const sql = (groups: string) => `SELECT ${[...dims, `${grouping} AS g`, 'sum(n) AS n', ...added.map((p, i) => `${p.combine} AS m${i}`)].join(', ')}
      FROM (SELECT ${labelled.join(', ')} FROM (${groups}) grouped) t ${groupingSets}`;
    const byDims = all.length ? ` GROUP BY ${all.map((col) => col.column).join(', ')}` : '';
    const first = added.flatMap((p) => p.first);
    const names = added.flatMap((p) => p.names);
    const at = await rollupSource(source, module, q.smartFilters, claims);
    const keep = [...new Set(all.map((col) => col.column))];
    // A measure of a column computed beside the rows (a text score) cannot be kept in a rollup.
    const rollup = at && fields.every((f) => !f || at.source.stored(f.column)) ? rollupOf(at, keep, first) : null;
    const rolled = rollup && (await at!.rollups.query(
      sql(`SELECT ${[...keep, `sum(${rollup.count}) AS n`, ...first.map((f, j) => `${f.again}(${rollup.part(j)}) AS ${names[j]}`)].join(', ')} FROM ${rollup.table} ${w.sql}${byDims}`),
      w.params,
    ).catch(() => null));
    result = rolled ?? await source.query(sql(`SELECT ${[...keep, 'count(*) AS n', ...first.map((f, j) => `${f.sql} AS ${names[j]}`)].join(', ')} FROM ${module.table} ${w.sql}${byDims}`), w.params);
  } else {
    // A distinct count does not add up from groups: every row is grouped in each set.
    const inner = [...all.map((col, i) => `${label(col)} AS d${i}`), ...[...new Set(fields.filter(Boolean).map((f) => f!.column))]];
    // `n` counts the records of every set: the grand total's is the answer's recordCount, whatever the measures.
    const select = [...dims, `${grouping} AS g`, 'count(*) AS n', ...sqls.map((m, i) => `${m.single} AS m${i}`)];
    result = await source.query(`SELECT ${select.join(', ')} FROM (SELECT ${inner.length ? inner.join(', ') : '1 AS one'} FROM ${module.table} ${w.sql}) t ${groupingSets}`, w.params);
  }
  return shapePivot(result, measures.map((m) => m.measureKey), r, c);
}

/**
 * The answer's tree from the grouping sets' rows (`g` has a bit per dimension, the first the
 * highest, set when it was rolled up). A store-level pivot has thousands of rows: keys and cells
 * are built with plain loops, in half the time that slices, joins and Object.fromEntries took.
 */
function shapePivot(result: Record<string, unknown>[], measureKeys: string[], r: string[], c: string[]): AnalyticsData {
  const fields = measureKeys.map((_, i) => `m${i}`);
  const cells = (row: Record<string, unknown>): Cells => {
    const out: Cells = {};
    for (let i = 0; i < fields.length; i++) {
      const v = row[fields[i]];
      out[measureKeys[i]] = v === null ? null : Number(v);
    }
    return out;
  };
  const keyOf = (row: Record<string, unknown>, dims: string[], n: number) => {
    let key = String(row[dims[0]]);
    for (let i = 1; i < n; i++) key += `|${row[dims[i]]}`;
    return key;
  };
  const width = r.length + c.length;
  const rolled = (g: number, index: number) => ((g >> (width - 1 - index)) & 1) === 1;
  // How many row dimensions a row keeps (the rest were rolled up).
  const levelOf = (g: number) => {
    let level = 0;
    while (level < r.length && !rolled(g, level)) level++;
    return level;
  };
  const byKey = new Map<string, PivotRow>();
  const out: AnalyticsData = { data: [], columns: [], recordCount: 0, rowTotals: {}, colTotals: {}, grandTotal: {} };
  const columns = new Set<string>();
  const gs = result.map((row) => Number(row.g));
  const levels = gs.map(levelOf);
  // Parents before children: fewer row levels first.
  const order = result.map((_, i) => i).sort((a, b) => levels[a] - levels[b]);
  for (const i of order) {
    const row = result[i];
    const level = levels[i];
    const hasCols = c.length > 0 && !rolled(gs[i], r.length);
    const colKey = hasCols ? keyOf(row, c, c.length) : '';
    if (hasCols) columns.add(colKey);
    if (level === 0) {
      if (hasCols) out.colTotals[colKey] = cells(row);
      else {
        out.grandTotal = cells(row);
        out.recordCount = Number(row.n);
      }
      continue;
    }
    const rowKey = keyOf(row, r, level);
    let node = byKey.get(rowKey);
    if (!node) {
      const parent = level > 1 ? keyOf(row, r, level - 1) : null;
      node = { DimensionValueKey: rowKey, Parent: parent, Children: [], Value: {} };
      byKey.set(rowKey, node);
      if (parent === null) out.data.push(node);
      else byKey.get(parent)?.Children.push(node);
    }
    if (hasCols) node.Value[colKey] = cells(row);
    else out.rowTotals[rowKey] = cells(row);
  }
  const byName = (a: PivotRow, b: PivotRow) => COLLATOR.compare(a.DimensionValueKey, b.DimensionValueKey);
  const sortTree = (list: PivotRow[]) => {
    list.sort(byName);
    for (const n of list) sortTree(n.Children);
  };
  sortTree(out.data);
  out.columns = [...columns].sort();
  return out;
}

/** `localeCompare`'s order, with the collator made once (a pivot sorts thousands of keys). */
const COLLATOR = new Intl.Collator();
