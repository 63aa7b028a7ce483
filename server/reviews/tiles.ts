import { dataTime } from '../db';
import type { SmartFilter } from '../smartdata/where';
import { buildWhere } from '../smartdata/where';
import { columnByKey, type SmartModule } from '../smartdata/schema';
import { RESPONSES_SOURCE } from '../datasources/builtin/responses';
import { mayRead, sourcesOf } from '../datasources/registry';
import { bounds, periodScan } from '../dashboards/scan';
import type { SeriesInput } from '../dashboards/series';
import { num } from '../dashboards/measures';
import { REVIEW_CASES_MODULE } from '../processflow/modules';
import type { FeedRequest, LikeForLikeData, ReviewCard, ReviewFeedData, ReviewRatingsData, ReviewRepliesData, ReviewTileData, ReviewTileKind, ReviewUpdatesData } from '../../src/api/review-types';
import { badRequest, notFound } from '../http/errors';
import { rowsOf } from '../smartdata/rows';

/** A source of reviews (the reviews table's columns): the only one review tiles draw on. */
export const isReviewSource = (module: SmartModule) => module.table === 'reviews';

/** The sentiment a star rating stands for (spec part 3: the review card's rating index). */
const ratingIndex = (stars: number): -1 | 0 | 1 => (stars >= 4 ? 1 : stars === 3 ? 0 : -1);

/** The content profile the review replies' queue sits in (the record detail's way back). */
const REVIEW_PROFILE = 'cases';
export const DEFAULT_FEED: FeedRequest = { page: 0, feedTab: 'None', sortOrder: 'NewestToOldest' };
const TAB_SQL: Record<FeedRequest['feedTab'], string> = { None: 'TRUE', Unreplied: 'reply_text IS NULL', Negative: 'stars <= 2', Neutral: 'stars = 3', Positive: 'stars >= 4' };
const ORDER_SQL: Record<FeedRequest['sortOrder'], string> = {
  NewestToOldest: 'posted_at DESC, id DESC',
  OldestToNewest: 'posted_at ASC, id ASC',
  HighestRated: 'stars DESC, posted_at DESC, id DESC',
  LowestRated: 'stars ASC, posted_at DESC, id DESC',
};

/** A page of review cards under the filters and claims, for a tab and an order. */
async function feed(input: SeriesInput, request: FeedRequest, pageSize: number): Promise<ReviewFeedData> {
  const w = buildWhere(input.module, input.filters, input.claims);
  const all = w.clone();
  w.add(TAB_SQL[request.feedTab]);
  const counted = w.clone();
  const table = input.module.table;
  const [[{ n: inTab }], rows] = await Promise.all([
    rowsOf(input.db, input.module).query<{ n: number }>(`SELECT count(*) AS n FROM ${table} ${counted.sql}`, counted.params),
    rowsOf(input.db, input.module).query(`SELECT id, posted_at, replied_at, stars, author_name, review_text, store, provider, reply_text FROM ${table} ${w.sql} ORDER BY ${ORDER_SQL[request.sortOrder]} LIMIT ${w.bind(pageSize)} OFFSET ${w.bind(request.page * pageSize)}`, w.params),
  ]);
  const cards: ReviewCard[] = rows.map((r) => ({
    id: Number(r.id), reviewPostedAt: String(dataTime(r.posted_at)), repliedAt: r.replied_at === null ? null : String(dataTime(r.replied_at)), ratingIndex: ratingIndex(Number(r.stars)), stars: Number(r.stars),
    author: String(r.author_name ?? ''), text: String(r.review_text ?? ''), store: String(r.store), source: String(r.provider), reply: r.reply_text === null ? null : String(r.reply_text),
  }));
  const count = Number(inTab);
  // Which empty state: asked only when the tab is empty (none at all, or none in this tab).
  const none = count === 0 && (request.feedTab === 'None' || Number((await rowsOf(input.db, input.module).query<{ n: number }>(`SELECT count(*) AS n FROM ${table} ${all.sql}`, all.params))[0].n) === 0);
  return {
    kind: 'ReviewFeed', cards, count, pageSize, page: request.page, defaultTab: 'None', feedTab: request.feedTab, sortOrder: request.sortOrder,
    processFlowModuleId: REVIEW_CASES_MODULE, profile: REVIEW_PROFILE,
    emptyStateVariation: count > 0 ? null : none ? 'NoReviews' : 'NoReviewsInTab',
  };
}

/** The average rating and a count per star, this period against the previous one. */
async function ratings(input: SeriesInput): Promise<ReviewRatingsData> {
  const scan = periodScan(input.module, input.filters, input.claims, input.now);
  const perStar = [5, 4, 3, 2, 1].map((s) => `count(*) FILTER (WHERE stars = ${s} AND ${scan.current}) AS s${s}`).join(', ');
  const [row] = await rowsOf(input.db, input.module).query(
    `SELECT avg(stars) FILTER (WHERE ${scan.current}) AS cur, avg(stars) FILTER (WHERE ${scan.previous}) AS prev, count(*) FILTER (WHERE ${scan.current}) AS n, ${perStar} FROM reviews ${scan.where.sql}`,
    scan.where.params,
  );
  return {
    kind: 'ReviewRatings',
    starValue: { currentValue: num(row.cur), previousValue: num(row.prev) },
    starValueBreakdown: [5, 4, 3, 2, 1].map((s) => ({ stars: s, currentValue: Number(row[`s${s}`]) })),
    count: Number(row.n),
  };
}

/** Hours from posting to reply, in SQL both engines share. */
const HOURS = 'EXTRACT(EPOCH FROM (replied_at - posted_at)) / 3600.0';

async function replies(input: SeriesInput): Promise<ReviewRepliesData> {
  const scan = periodScan(input.module, input.filters, input.claims, input.now);
  const share = (p: string) => `100.0 * count(*) FILTER (WHERE reply_text IS NOT NULL AND ${p}) / NULLIF(count(*) FILTER (WHERE ${p}), 0)`;
  const hours = (p: string) => `avg(${HOURS}) FILTER (WHERE replied_at IS NOT NULL AND ${p})`;
  const [row] = await rowsOf(input.db, input.module).query(
    `SELECT ${share(scan.current)} AS pc, ${share(scan.previous)} AS pp, ${hours(scan.current)} AS hc, ${hours(scan.previous)} AS hp FROM reviews ${scan.where.sql}`,
    scan.where.params,
  );
  return {
    kind: 'ReviewReplies',
    percentageReplied: { currentValue: num(row.pc), previousValue: num(row.pp) },
    averageResponseTimeInHours: { currentValue: num(row.hc), previousValue: num(row.hp) },
  };
}

/**
 * The reviews still awaiting a reply, whatever their date (under the other filters and the
 * caller's claims): the Review replies queue's New cases. Counted within the two periods, it had
 * said 37 beside the queue's 612.
 */
async function awaitingReply(input: SeriesInput): Promise<number> {
  const dateKey = input.module.dateKey.toLowerCase();
  const where = buildWhere(input.module, input.filters.filter((f) => f.filterKey.toLowerCase() !== dateKey), input.claims);
  where.add('reply_text IS NULL');
  const [row] = await rowsOf(input.db, input.module).query<{ n: number }>(`SELECT count(*) AS n FROM reviews ${where.sql}`, where.params);
  return Number(row.n);
}

async function updates(input: SeriesInput): Promise<ReviewUpdatesData> {
  const scan = periodScan(input.module, input.filters, input.claims, input.now);
  const [[row], waiting] = await Promise.all([
    rowsOf(input.db, input.module).query(
      `SELECT count(*) FILTER (WHERE ${scan.current}) AS nc, count(*) FILTER (WHERE ${scan.previous}) AS np,
              count(*) FILTER (WHERE reply_text IS NOT NULL AND ${scan.current}) AS rc, count(*) FILTER (WHERE reply_text IS NOT NULL AND ${scan.previous}) AS rp
       FROM reviews ${scan.where.sql}`,
      scan.where.params,
    ),
    awaitingReply(input),
  ]);
  return { kind: 'ReviewUpdates', newReviews: { currentValue: Number(row.nc), previousValue: Number(row.np) }, replied: { currentValue: Number(row.rc), previousValue: Number(row.rp) }, awaitingReply: waiting };
}

/**
 * NPS, the drivers and the responses of the survey this period against the previous one, over the
 * stores that have responses in both (like for like), under the dashboard's filters the responses
 * know (the date range decides the periods) and the caller's claims. The survey is read as its
 * source allows the caller (a 404 for one its roles do not let them read). It names the seeded
 * survey's columns (nps, store, the drivers' 'Promoter'): a reviews dashboard's tile, not yet one
 * that any source's roles can feed.
 */
async function likeForLike(input: SeriesInput): Promise<LikeForLikeData> {
  const responses = sourcesOf(input.db).get(RESPONSES_SOURCE.moduleId);
  if (!responses || !mayRead(responses, input.roles)) throw notFound(`No data source "${RESPONSES_SOURCE.moduleId}".`);
  const dateKey = input.module.dateKey;
  const shared = input.filters.flatMap((f): SmartFilter[] => {
    if (f.filterKey.toLowerCase() === dateKey.toLowerCase()) return [{ ...f, filterKey: responses.dateKey }];
    return columnByKey(responses, f.filterKey) ? [f] : [];
  });
  const scan = periodScan(responses, shared, input.claims, input.now);
  const drivers = responses.columns.filter((c) => c.smartDataTags?.includes('PF_Driver'));
  const nps = (p: string) => `100.0 * (count(*) FILTER (WHERE nps >= 9 AND ${p}) - count(*) FILTER (WHERE nps <= 6 AND ${p})) / NULLIF(count(*) FILTER (WHERE ${p}), 0)`;
  const promoters = (col: string, p: string) => `100.0 * count(*) FILTER (WHERE ${col} = 'Promoter' AND ${p}) / NULLIF(count(*) FILTER (WHERE ${col} IS NOT NULL AND ${p}), 0)`;
  const select = [
    `${nps(scan.current)} AS nps_c`, `${nps(scan.previous)} AS nps_p`,
    ...drivers.flatMap((d, i) => [`${promoters(d.column, scan.current)} AS d${i}_c`, `${promoters(d.column, scan.previous)} AS d${i}_p`]),
    `count(*) FILTER (WHERE ${scan.current}) AS n_c`, `count(*) FILTER (WHERE ${scan.previous}) AS n_p`, 'count(DISTINCT store) AS stores',
  ].join(', ');
  // Like for like: only stores with responses in both periods.
  const sql = `SELECT ${select} FROM responses ${scan.where.sql} ${scan.where.sql ? 'AND' : 'WHERE'} store IN (
      SELECT store FROM responses ${scan.where.sql} GROUP BY store HAVING count(*) FILTER (WHERE ${scan.current}) > 0 AND count(*) FILTER (WHERE ${scan.previous}) > 0)`;
  const [row] = await rowsOf(input.db, responses).query(sql, scan.where.params);
  return {
    kind: 'LikeForLikeReport',
    dateRangeBounds: { currentPeriod: bounds(scan.periods.current), previousPeriod: bounds(scan.periods.previous) },
    stores: Number(row.stores),
    rows: [
      { key: 'NPS', name: 'NPS', unit: 'points', currentValue: num(row.nps_c), previousValue: num(row.nps_p) },
      ...drivers.map((d, i) => ({ key: d.key, name: d.name, unit: 'percent' as const, currentValue: num(row[`d${i}_c`]), previousValue: num(row[`d${i}_p`]) })),
      { key: 'Responses', name: 'Responses', unit: 'count', currentValue: Number(row.n_c), previousValue: Number(row.n_p) },
    ],
  };
}

/** A review tile's data by its kind (the generic loader's ReviewFeed, ReviewRatings, ...). */
export function reviewTile(input: SeriesInput, tile: ReviewTileKind, feedRequest: FeedRequest = DEFAULT_FEED, pageSize = 10): Promise<ReviewTileData> {
  // Every review tile is a reviews dashboard's (the like-for-like report reads the survey beside them).
  if (!isReviewSource(input.module)) throw badRequest(`A ${tile} tile needs a reviews module, not "${input.module.moduleId}".`);
  switch (tile) {
    case 'ReviewFeed':
      return feed(input, feedRequest, pageSize);
    case 'ReviewRatings':
      return ratings(input);
    case 'ReviewReplies':
      return replies(input);
    case 'ReviewUpdates':
      return updates(input);
    case 'LikeForLikeReport':
      return likeForLike(input);
  }
}
