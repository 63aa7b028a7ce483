/**
 * Topic impact: how much a topic moves the score, as the NPS of the comments mentioning it against
 * the NPS of those that do not, with both counts so that a rare topic is not over-read.
 */
import type { ScoredComment } from '../types';

export type Scale = ScoredComment['scale'];

/** Below this many comments on either side the difference is flagged as too few to read. */
export const MIN_MENTIONS = 30;

export interface ImpactSide {
  count: number;
  /** -100 .. 100; null when there are no rows. */
  nps: number | null;
}

export interface TopicImpact {
  topicId: string;
  mentioning: ImpactSide;
  others: ImpactSide;
  /** mentioning.nps - others.nps, in points; null when either side is empty. */
  difference: number | null;
  /** Fewer than MIN_MENTIONS rows mention it, or fewer than that do not. */
  tooFew: boolean;
}

export interface ImpactRow {
  score: number | null;
  topicIds: string[];
}

/**
 * +1 promoter, 0 passive, -1 detractor; null for a score outside the scale. NPS 0-10: 9-10, 7-8,
 * 0-6; stars 1-5 read the same way as the sentiment labels: 4-5, 3, 1-2.
 */
export function npsGroup(score: number | null, scale: Scale): 1 | 0 | -1 | null {
  if (score === null || !Number.isFinite(score)) return null;
  const [low, high, passive, promoter] = scale === 'nps' ? [0, 10, 7, 9] : [1, 5, 3, 4];
  if (score < low || score > high) return null;
  return score >= promoter ? 1 : score >= passive ? 0 : -1;
}

export interface Tally {
  count: number;
  net: number;
}

/** How far a topic moves the score, in points either way; -1 (below every real one) when unknown. */
const moved = (t: TopicImpact) => (t.difference === null ? -1 : Math.abs(t.difference));

const side = (t: Tally): ImpactSide => ({ count: t.count, nps: t.count === 0 ? null : (100 * t.net) / t.count });

/**
 * Impact of every topic in `rows` (and of `topicIds`, also when no row mentions them), the largest
 * movers first and those too few to read last. Rows whose score is missing or off the scale count
 * on neither side.
 */
export function topicImpact(rows: ImpactRow[], scale: Scale, topicIds: string[] = []): TopicImpact[] {
  const all: Tally = { count: 0, net: 0 };
  const per = new Map<string, Tally>();
  for (const row of rows) {
    const g = npsGroup(row.score, scale);
    if (g === null) continue;
    all.count += 1;
    all.net += g;
    for (const id of new Set(row.topicIds)) {
      const t = per.get(id) ?? { count: 0, net: 0 };
      t.count += 1;
      t.net += g;
      per.set(id, t);
    }
  }
  return impactOfTallies(all, per, topicIds);
}

/**
 * `topicImpact` from rows already tallied (by the database: a million rows are not read into the
 * process): `all` every scored row, `per` those mentioning each topic; net is promoters - detractors.
 */
export function impactOfTallies(all: Tally, per: ReadonlyMap<string, Tally>, topicIds: string[] = []): TopicImpact[] {
  const tallies = new Map<string, Tally>([...topicIds.map((id): [string, Tally] => [id, { count: 0, net: 0 }]), ...per]);
  return [...tallies]
    .map(([topicId, t]) => {
      const mentioning = side(t);
      const others = side({ count: all.count - t.count, net: all.net - t.net });
      const difference = mentioning.nps === null || others.nps === null ? null : mentioning.nps - others.nps;
      return { topicId, mentioning, others, difference, tooFew: t.count < MIN_MENTIONS || others.count < MIN_MENTIONS };
    })
    .sort((a, b) => Number(a.tooFew) - Number(b.tooFew) || moved(b) - moved(a) || a.topicId.localeCompare(b.topicId));
}
