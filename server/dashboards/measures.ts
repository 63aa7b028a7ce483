import type { MeasureKey } from '../../src/api/visual-types';
import { badRequest } from '../http/errors';
import type { SmartModule } from '../smartdata/schema';
import type { ScoreKind } from '../datasources/roles';
import { scoreOf } from '../smartdata/column-roles';

export interface Measure {
  name: string;
  /** An SQL aggregate over the rows where `cond` holds, so one scan gives both periods side by side. */
  sql: (cond: string) => string;
}

/** Which scores a measure reads, in the order it looks for them: the first column of these kinds. */
const READS: Record<Exclude<MeasureKey, 'responses'>, ScoreKind[]> = { nps: ['NPS'], stars: ['Rating', 'CSAT', 'CES'], netSentiment: ['Sentiment'] };

export const COUNT: Measure = { name: 'Responses', sql: (c) => `count(*) FILTER (WHERE ${c})` };

/** NPS as a fraction from -1 to 1 over the rows that have an answer: promoters 9-10, detractors 0-6. */
export const npsSql = (col: string) => (c: string) =>
  `CAST(count(*) FILTER (WHERE ${col} >= 9 AND ${c}) - count(*) FILTER (WHERE ${col} <= 6 AND ${c}) AS DOUBLE PRECISION) / NULLIF(count(${col}) FILTER (WHERE ${c}), 0)`;

const POSITIVE = "('positive', 'positiv')";
const NEGATIVE = "('negative', 'negativ')";

/**
 * A measure over `module`'s columns: NPS from its NPS score, the average of its rating (or CSAT,
 * CES), net sentiment from a sentiment label; a 400 naming what is missing when it has no such score.
 */
export function measureOf(module: SmartModule, key: MeasureKey): Measure {
  if (key === 'responses') return COUNT;
  const col = scoreOf(module, READS[key]);
  if (!col) throw badRequest(`The data source "${module.moduleId}" has no ${READS[key].join(' or ')} score for the measure "${key}".`);
  if (key === 'nps') return { name: 'NPS', sql: npsSql(col.column) };
  if (key === 'stars') return { name: `Average ${col.name.toLowerCase()}`, sql: (c) => `CAST(avg(${col.column}) FILTER (WHERE ${c}) AS DOUBLE PRECISION)` };
  const label = `lower(${col.column})`;
  return {
    name: 'Net sentiment',
    sql: (c) => `CAST(count(*) FILTER (WHERE ${label} IN ${POSITIVE} AND ${c}) - count(*) FILTER (WHERE ${label} IN ${NEGATIVE} AND ${c}) AS DOUBLE PRECISION) / NULLIF(count(${col.column}) FILTER (WHERE ${c}), 0)`,
  };
}

/** A SQL number (or null) as a JS number. */
export const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
