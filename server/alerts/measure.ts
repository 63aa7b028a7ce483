import type { Db } from '../db';
import { rowsOf } from '../smartdata/rows';
import type { Claim } from '../identity/users';
import { buildWhere } from '../smartdata/where';
import { columnByKey, type SmartModule } from '../smartdata/schema';
import { measureOf, num } from '../dashboards/measures';
import { scoreOf } from '../smartdata/column-roles';
import { badRequest } from '../http/errors';
import type { AlertDefinition } from '../../src/lib/alerts';
import { formatDay } from '../../src/lib/date-ranges';
import { periodsFor } from '../smartdata/periods';

/** The measure as an aggregate over the rows where `c` holds, on the scale the user reads it. */
function aggregate(a: AlertDefinition, module: SmartModule, c: string): string {
  switch (a.measure) {
    case 'nps':
    case 'netSentiment':
      // The dashboards' fraction (-1..1) as the user reads it: -100..100.
      return `100 * ${measureOf(module, a.measure).sql(c)}`;
    case 'stars':
      return measureOf(module, 'stars').sql(c);
    case 'detractors':
      return `count(*) FILTER (WHERE ${detractor(module)} AND ${c})`;
    case 'driverShare': {
      const col = columnByKey(module, `Driver_${a.driver}`)!.column;
      return `100.0 * count(*) FILTER (WHERE ${col} = 'Detractor' AND ${c}) / NULLIF(count(*) FILTER (WHERE ${c}), 0)`;
    }
  }
}

/** A detractor: 0 to 6 on the module's NPS score (by role, whatever the column's name). */
function detractor(module: SmartModule): string {
  const nps = scoreOf(module, ['NPS']);
  if (!nps) throw badRequest(`The data source "${module.moduleId}" has no NPS score to count detractors by.`);
  return `${nps.column} <= 6`;
}

/** Checks that `module` has what the alert's measure reads (a 400 naming what is missing). */
export function checkMeasurable(a: AlertDefinition, module: SmartModule): void {
  if (a.measure === 'detractors') detractor(module);
  // Sentiment is read from a source's comments (server/text/dimensions.ts): no verbatim, no Sentiment column.
  else if (a.measure === 'netSentiment' && !scoreOf(module, ['Sentiment']))
    throw badRequest(`The data source "${module.moduleId}" has no comments to read a sentiment from, so no net sentiment to watch.`);
  else if (a.measure === 'driverShare') {
    const col = columnByKey(module, `Driver_${a.driver}`);
    // The share of "Detractor" labels: a driver of labels (a rating driver has no such value).
    if (col?.role !== 'driver' || col.typeName !== 'String') throw badRequest(`The data source "${module.moduleId}" has no driver "${a.driver}" of labels.`);
  } else measureOf(module, a.measure);
}

/** The rows an alert watches: its filters, and the owner's claims unless the module ignores them (null: none). */
export const alertWhere = (a: AlertDefinition, module: SmartModule, claims: Claim[] | null) =>
  buildWhere(module, a.filters.map((f) => ({ filterKey: f.key, filterValue: f.value })), module.ignoreClaims ? null : claims);

/**
 * The days an alert measures: the dashboards' Last 7 Days (whole days in the portal's time zone,
 * today the last), so the dashboard its link opens on these days shows the number it told.
 */
export function alertDays(module: SmartModule, now: Date) {
  const periods = periodsFor([], module.dateKey, now);
  return { ...periods, days: { from: formatDay(periods.current.start), to: formatDay(periods.current.end) } };
}

/**
 * The alert's measure over its days and the as many days before, under its filters and the
 * owner's claims (an alert never sees more than its owner), with the count of rows in each.
 */
export async function measureAlert(db: Db, a: AlertDefinition, module: SmartModule, claims: Claim[] | null, now: Date) {
  const where = alertWhere(a, module, claims);
  const date = columnByKey(module, module.dateKey)!.column;
  const periods = alertDays(module, now);
  const between = (p: { start: Date; end: Date }) => `${date} >= CAST(${where.bind(p.start)} AS TIMESTAMP) AND ${date} <= CAST(${where.bind(p.end)} AS TIMESTAMP)`;
  const current = between(periods.current);
  const previous = between(periods.previous);
  const [row] = await rowsOf(db, module).query(
    `SELECT ${aggregate(a, module, current)} AS value, ${aggregate(a, module, previous)} AS previous, count(*) FILTER (WHERE ${current}) AS n FROM ${module.table} ${where.sql}`,
    where.params,
  );
  return { value: num(row.value), previous: num(row.previous), rows: Number(row.n) };
}

/** Detractors that arrived after `since` (the alert's last check) and up to now. */
export async function newDetractors(db: Db, a: AlertDefinition, module: SmartModule, claims: Claim[] | null, since: Date, now: Date): Promise<number> {
  const where = alertWhere(a, module, claims);
  const date = columnByKey(module, module.dateKey)!.column;
  where.add(detractor(module));
  where.add(`${date} > CAST(${where.bind(since)} AS TIMESTAMP) AND ${date} <= CAST(${where.bind(now)} AS TIMESTAMP)`);
  const [row] = await rowsOf(db, module).query<{ n: number }>(`SELECT count(*) AS n FROM ${module.table} ${where.sql}`, where.params);
  return Number(row.n);
}
