import type { MeasureKey } from '../../src/api/visual-types';

/**
 * Measures as SQL aggregates over the rows where `cond` holds, so one scan can give the current
 * and the previous period side by side (NPS as a fraction from -1 to 1).
 */
export const MEASURES: Record<MeasureKey, { name: string; sql: (cond: string) => string }> = {
  nps: {
    name: 'NPS',
    sql: (c) =>
      `CAST(count(*) FILTER (WHERE nps >= 9 AND ${c}) - count(*) FILTER (WHERE nps <= 6 AND ${c}) AS DOUBLE PRECISION) / NULLIF(count(*) FILTER (WHERE ${c}), 0)`,
  },
  stars: { name: 'Average star rating', sql: (c) => `CAST(avg(stars) FILTER (WHERE ${c}) AS DOUBLE PRECISION)` },
  responses: { name: 'Responses', sql: (c) => `count(*) FILTER (WHERE ${c})` },
};

/** A SQL number (or null) as a JS number. */
export const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
