// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** The review feed: cards grouped Today, This week, This month and Older, tabs, a sort order, load-more paging and a call to action per card that opens the review's record detail with the reply and its quick template chosen. */
export interface CxReviewFeedAttributes {
  /** The reviews module. Default "reviews". */
  'module-id'?: string;
  /** The tile's name in the module's dashboards. Default "review-feed". */
  'visual'?: string;
  /** Shares filters with bars and tiles of the same scope. Default "default". */
  'filter-scope'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
