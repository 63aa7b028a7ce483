import type { Db } from '../db';
import type { Claim } from '../identity/users';
import { badRequest } from '../http/errors';
import { rowsOf } from '../smartdata/rows';
import type { SmartModule } from '../smartdata/schema';
import { buildWhere, type SmartFilter } from '../smartdata/where';
import { scaleOf } from './learn';
import { taxonomyOf } from './store';
import { impactOfTallies, type Tally } from './topics/impact';

/** The bounds of a scale and where its passives and promoters begin (as `npsGroup` reads them). */
const GROUPS = { nps: { low: 0, high: 10, passive: 7, promoter: 9 }, stars: { low: 1, high: 5, passive: 3, promoter: 4 } };

/**
 * Topic impact over the rows the filters and the caller's claims let through (issue 49): of the
 * scored rows whose comment was read, the NPS of those mentioning each topic against those that do
 * not. Tallied in the database, one scan, whatever the number of rows.
 */
export async function impactOf(db: Db, module: SmartModule, filters: SmartFilter[], claims: Claim[] | null) {
  const scored = scaleOf(module);
  if (!scored) throw badRequest(`The data source "${module.moduleId}" has no NPS or 1-5 rating to measure topics against.`);
  const g = GROUPS[scored.scale];
  const score = scored.column.column;
  const w = buildWhere(module, filters, claims);
  w.add(`${score} BETWEEN ${w.bind(g.low)} AND ${w.bind(g.high)}`);
  w.add(`CAST(${module.idColumn} AS VARCHAR) IN (SELECT row_key FROM text_analysis WHERE source_id = ${w.bind(module.moduleId)})`);
  const group = `CASE WHEN ${score} >= ${w.bind(g.promoter)} THEN 1 WHEN ${score} >= ${w.bind(g.passive)} THEN 0 ELSE -1 END`;
  const rows = await rowsOf(db, module).query<{ topic: string | null; n: number; net: number | null }>(
    `WITH scored AS (SELECT CAST(${module.idColumn} AS VARCHAR) AS k, ${group} AS g FROM ${module.table} ${w.sql})
     SELECT CAST(NULL AS VARCHAR) AS topic, count(*) AS n, sum(g) AS net FROM scored
     UNION ALL
     SELECT h.topic_id AS topic, count(*) AS n, sum(s.g) AS net FROM scored s JOIN text_topic_hits h ON h.source_id = ${w.bind(module.moduleId)} AND h.row_key = s.k GROUP BY h.topic_id`,
    w.params,
  );
  const tally = (r: { n: number; net: number | null }): Tally => ({ count: Number(r.n), net: Number(r.net ?? 0) });
  const all = rows.find((r) => r.topic === null);
  const topics = await taxonomyOf(db, module.moduleId);
  const names = new Map(topics.map((t) => [t.id, t.name]));
  // Hits of topics no longer in the taxonomy (until the pass reaches their rows) are not shown.
  const per = new Map(rows.filter((r) => r.topic !== null && names.has(r.topic)).map((r) => [r.topic!, tally(r)]));
  const round = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);
  return {
    scale: scored.scale,
    topics: impactOfTallies(all ? tally(all) : { count: 0, net: 0 }, per, [...names.keys()]).map((t) => ({
      topicId: t.topicId,
      name: names.get(t.topicId)!,
      withNps: round(t.mentioning.nps),
      withoutNps: round(t.others.nps),
      difference: round(t.difference),
      withCount: t.mentioning.count,
      withoutCount: t.others.count,
      tooFew: t.tooFew,
    })),
  };
}
