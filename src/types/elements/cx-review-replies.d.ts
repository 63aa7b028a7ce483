// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** Review replies: the share of reviews replied and the average time to a reply, each with its change against the previous period. */
export interface CxReviewRepliesAttributes {
  /** The reviews module. Default "reviews". */
  'module-id'?: string;
  /** The tile's name in the module's dashboards. Default "review-replies". */
  'visual'?: string;
  /** Shares filters with bars and tiles of the same scope. Default "default". */
  'filter-scope'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
