/** The review tiles' data (spec part 3 "Review tiles"), shared by the server and the elements. */

export const FEED_TABS = ['None', 'Unreplied', 'Negative', 'Neutral', 'Positive'] as const;
export type FeedTab = (typeof FEED_TABS)[number];
export const SORT_ORDERS = ['NewestToOldest', 'OldestToNewest', 'HighestRated', 'LowestRated'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** What a review feed asks for beyond the dashboard's filters. */
export interface FeedRequest {
  page: number;
  feedTab: FeedTab;
  sortOrder: SortOrder;
}

export interface ReviewCard {
  id: number;
  reviewPostedAt: string;
  repliedAt: string | null;
  /** Negative (1-2 stars) -1, neutral (3) 0, positive (4-5) 1. */
  ratingIndex: -1 | 0 | 1;
  stars: number;
  author: string;
  text: string;
  store: string;
  source: string;
  reply: string | null;
}

export interface ReviewFeedData {
  kind: 'ReviewFeed';
  cards: ReviewCard[];
  count: number;
  pageSize: number;
  page: number;
  defaultTab: FeedTab;
  feedTab: FeedTab;
  sortOrder: SortOrder;
  processFlowModuleId: string;
  profile: string;
  /** 'NoReviews' when the filters leave none at all; 'NoReviewsInTab' when only the tab is empty. */
  emptyStateVariation: 'NoReviews' | 'NoReviewsInTab' | null;
}

export interface Compared {
  currentValue: number | null;
  previousValue: number | null;
}

export interface ReviewRatingsData {
  kind: 'ReviewRatings';
  starValue: Compared;
  /** Five entries, 5 stars first: how many reviews gave each. */
  starValueBreakdown: Array<{ stars: number; currentValue: number }>;
  count: number;
}

export interface ReviewRepliesData {
  kind: 'ReviewReplies';
  percentageReplied: Compared;
  averageResponseTimeInHours: Compared;
}

export interface ReviewUpdatesData {
  kind: 'ReviewUpdates';
  newReviews: Compared;
  replied: Compared;
  awaitingReply: number;
}

export interface LikeForLikeRow {
  key: string;
  name: string;
  /** NPS in points, a driver as its promoters' percent, responses as a count. */
  unit: 'points' | 'percent' | 'count';
  currentValue: number | null;
  previousValue: number | null;
}

export interface LikeForLikeData {
  kind: 'LikeForLikeReport';
  dateRangeBounds: { currentPeriod: { startDateTime: string; endDateTime: string }; previousPeriod: { startDateTime: string; endDateTime: string } };
  /** The stores with responses in both periods (the like-for-like set). */
  stores: number;
  rows: LikeForLikeRow[];
}

export type ReviewTileData = ReviewFeedData | ReviewRatingsData | ReviewRepliesData | ReviewUpdatesData | LikeForLikeData;
export type ReviewTileKind = ReviewTileData['kind'];
export const REVIEW_TILE_KINDS: readonly ReviewTileKind[] = ['ReviewFeed', 'ReviewRatings', 'ReviewReplies', 'ReviewUpdates', 'LikeForLikeReport'];
