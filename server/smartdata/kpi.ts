import type { Db } from '../db';
import type { Claim } from '../identity/users';
import { buildWhere, type SmartFilter } from './where';
import { formatBound, periodsFor, withPeriod, type Period } from './periods';
import type { SmartModule } from './schema';

/** Measures a KPI tile can show, as SQL over the responses (NPS as a fraction from -1 to 1). */
export const KPI_MEASURES = {
  nps: { name: 'NPS', sql: "CAST(count(*) FILTER (WHERE nps >= 9) - count(*) FILTER (WHERE nps <= 6) AS DOUBLE PRECISION) / NULLIF(count(*), 0)" },
  stars: { name: 'Average star rating', sql: 'avg(stars)' },
  responses: { name: 'Responses', sql: 'count(*)' },
} as const;
export type KpiMeasure = keyof typeof KPI_MEASURES;

async function measure(db: Db, module: SmartModule, which: KpiMeasure, filters: SmartFilter[], claims: Claim[] | null) {
  const w = buildWhere(module, filters, claims);
  const [row] = await db.query<{ v: number | null; n: number }>(`SELECT ${KPI_MEASURES[which].sql} AS v, count(*) AS n FROM ${module.table} ${w.sql}`, w.params);
  return { value: row.v === null ? null : Number(row.v), count: row.n };
}

const bounds = (p: Period) => ({ startDateTime: formatBound(p.start), endDateTime: formatBound(p.end) });

/**
 * One KPI series of the visuals response (spec part 3, chart data): the value for the current
 * period and, as ValForDelta, for the previous one, with both record counts and periods. A period
 * without responses has the value null (the client's NaN rule drops it).
 */
export async function kpiSeries(db: Db, module: SmartModule, which: KpiMeasure, filters: SmartFilter[], claims: Claim[] | null, now: Date) {
  const { current, previous } = periodsFor(filters, module.dateKey, now);
  const [cur, prev] = await Promise.all([
    measure(db, module, which, withPeriod(filters, module.dateKey, current), claims),
    measure(db, module, which, withPeriod(filters, module.dateKey, previous), claims),
  ]);
  const name = KPI_MEASURES[which].name;
  return {
    key: which,
    filterKey: module.dateKey,
    content: [{ Name: name, key: which, data: [{ Name: name, Key: which, Val: cur.value, ValForDelta: prev.value }] }],
    currentRecordCount: cur.count,
    previousRecordCount: prev.count,
    currentPeriod: bounds(current),
    previousPeriod: bounds(previous),
  };
}
