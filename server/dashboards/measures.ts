import type { MeasureKey } from '../../src/api/visual-types';
import type { Param } from '../db';
import { badRequest } from '../http/errors';
import { columnByKey, type Column, type SmartModule } from '../smartdata/schema';
import { localiseMeasureName, localiseName, type Lang } from '../i18n';
import { categoryLabel, dimension } from './scan';
import type { ScoreKind } from '../datasources/roles';
import { scoreOf } from '../smartdata/column-roles';
import type { Part } from '../rollups/store';

export interface Measure {
  /** Its name in English (starter dashboards' titles). */
  name: string;
  /** Its name as an answer shows it, in the request's language. */
  label: (lang: Lang) => string;
  /**
   * An SQL aggregate over the rows where `cond` holds, so one scan gives both periods side by side;
   * without `cond`, over all the rows of its group (a query that groups by period too).
   */
  sql: (cond?: string) => string;
  /** Its value over no rows, when not NULL (a count's 0). */
  empty?: number;
  /** How it is read from a rollup's groups (server/rollups/), where it can be. */
  rolled?: Rolled;
}

/**
 * A measure as sums over a rollup's groups: the aggregates it keeps per group (`parts`), the
 * columns it must keep (a share's dimension), and the measure over the groups' `part(i)` columns
 * and their row counts `n`. Integer sums are exact, so the answer equals the rows' own.
 */
export interface Rolled {
  parts: Part[];
  columns: string[];
  sql: (part: (i: number) => string, n: string) => string;
}

/** A ratio of two sums over a rollup's groups, as the rows' own ratio reads. */
const ratio = (top: string, bottom: string) => `CAST(${top} AS DOUBLE PRECISION) / NULLIF(${bottom}, 0)`;

/** A FILTER clause of the conditions given, or none. */
const filter = (...conds: Array<string | undefined>) => {
  const all = conds.filter((c) => c !== undefined);
  return all.length ? ` FILTER (WHERE ${all.join(' AND ')})` : '';
};

/** Binds a value to the query the measure's SQL goes into: its placeholder. */
export type Bind = (value: Param) => string;

/** Which scores a measure reads, in the order it looks for them: the first column of these kinds. */
const READS: Record<'nps' | 'stars' | 'netSentiment', ScoreKind[]> = { nps: ['NPS'], stars: ['Rating', 'CSAT', 'CES'], netSentiment: ['Sentiment'] };

const named = (name: string, sql: Measure['sql']): Measure => ({ name, label: (lang) => localiseName(lang, name), sql });

export const COUNT: Measure = { ...named('Responses', (c) => `count(*)${filter(c)}`), empty: 0, rolled: { parts: [], columns: [], sql: (_, n) => `sum(${n})` } };

/**
 * A net score from -1 to 1 over the rows where `col` is not NULL: +1 for the rows where `plus` holds,
 * -1 where `minus` does. One sum rather than two counts: an aggregate fewer per row and period.
 */
const netSql = (col: string, plus: string, minus: string) => (c?: string) =>
  `CAST(sum(CASE WHEN ${plus} THEN 1 WHEN ${minus} THEN -1 ELSE 0 END)${filter(c)} AS DOUBLE PRECISION) / NULLIF(count(${col})${filter(c)}, 0)`;

/** NPS as a fraction from -1 to 1 over the rows that have an answer: promoters 9-10, detractors 0-6. */
export const npsSql = (col: string) => netSql(col, `${col} >= 9`, `${col} <= 6`);

/** NPS over a rollup: its net count and its answers, summed. */
const npsRolled = (col: string): Rolled => ({
  parts: [{ sql: `sum(CASE WHEN ${col} >= 9 THEN 1 WHEN ${col} <= 6 THEN -1 ELSE 0 END)`, again: 'sum' }, { sql: `count(${col})`, again: 'sum' }],
  columns: [],
  sql: (part) => ratio(`sum(${part(0)})`, `sum(${part(1)})`),
});

/** An average over a rollup, of a column of whole numbers only (other sums may round differently by the order they add in). */
const averageRolled = (col: Column): Rolled | undefined =>
  col.whole ? { parts: [{ sql: `sum(${col.column})`, again: 'sum' }, { sql: `count(${col.column})`, again: 'sum' }], columns: [], sql: (part) => ratio(`sum(${part(0)})`, `sum(${part(1)})`) } : undefined;

const POSITIVE = "('positive', 'positiv')";
const NEGATIVE = "('negative', 'negativ')";

const AVERAGE = /^average:([A-Za-z0-9_]{1,60})$/;
/** The value is everything after the first '=' (a column key holds none). */
const SHARE = /^share:([A-Za-z0-9_]{1,60})=([\s\S]{1,200})$/;

/** The average of a visible Number column; a 400 naming the column otherwise. */
function average(module: SmartModule, key: string): Measure {
  const col = columnByKey(module, key);
  if (!col || col.typeName !== 'Number') throw badRequest(`"${key}" is not a Number column of module "${module.moduleId}" to average.`);
  return {
    name: `Average ${col.name}`,
    label: (lang) => localiseMeasureName(lang, 'average', col.name),
    sql: (c) => `CAST(avg(${col.column})${filter(c)} AS DOUBLE PRECISION)`,
    rolled: averageRolled(col),
  };
}

/**
 * The share (0..1) of the rows whose dimension reads `value` (as its categories read, '[Blank]' for
 * blanks). The value is bound to the query once, by `bind`; never part of the SQL text.
 */
function share(module: SmartModule, key: string, value: string, bind: Bind | undefined): Measure {
  const col = dimension(module, key);
  // Bound at once, so every query made from this scan's WHERE (or a copy of it) holds it.
  const placeholder = bind?.(value);
  const bound = () => {
    if (!placeholder) throw new Error(`The measure "share:${key}" needs its query to bind its value.`);
    return placeholder;
  };
  return {
    name: `${value} share`,
    label: (lang) => localiseMeasureName(lang, 'share', value),
    sql: (c) => `CAST(count(*)${filter(`${categoryLabel(col.column)} = ${bound()}`, c)} AS DOUBLE PRECISION) / NULLIF(count(*)${filter(c)}, 0)`,
    rolled: { parts: [], columns: [col.column], sql: (_, n) => ratio(`COALESCE(sum(${n})${filter(`${categoryLabel(col.column)} = ${bound()}`)}, 0)`, `sum(${n})`) },
  };
}

/**
 * A measure over `module`'s columns: NPS from its NPS score, the average of its rating (or CSAT,
 * CES), net sentiment from a sentiment label, the average of a Number column, the share of a
 * dimension's value; a 400 naming what is missing when the module has no such column. `bind` binds
 * the values a measure compares with (a share's) to the query its SQL goes into.
 */
export function measureOf(module: SmartModule, key: MeasureKey, bind?: Bind): Measure {
  if (key === 'responses') return COUNT;
  const avg = AVERAGE.exec(key);
  if (avg) return average(module, avg[1]);
  const part = SHARE.exec(key);
  if (part) return share(module, part[1], part[2], bind);
  if (!Object.hasOwn(READS, key)) throw badRequest(`"${key}" is not a measure.`);
  const kinds = READS[key as keyof typeof READS];
  const col = scoreOf(module, kinds);
  if (!col) throw badRequest(`The data source "${module.moduleId}" has no ${kinds.join(' or ')} score for the measure "${key}".`);
  if (key === 'nps') return { ...named('NPS', npsSql(col.column)), rolled: npsRolled(col.column) };
  if (key === 'stars') return { ...named(`Average ${col.name.toLowerCase()}`, (c) => `CAST(avg(${col.column})${filter(c)} AS DOUBLE PRECISION)`), rolled: averageRolled(col) };
  const label = `lower(${col.column})`;
  return named('Net sentiment', netSql(col.column, `${label} IN ${POSITIVE}`, `${label} IN ${NEGATIVE}`));
}

/** A SQL number (or null) as a JS number. */
export const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
