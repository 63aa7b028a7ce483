// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** Review updates: new reviews and replies this period against the previous one, and the reviews awaiting a reply (data only). */
export interface CxReviewUpdatesAttributes {
  /** The reviews module. Default "reviews". */
  'module-id'?: string;
  /** The tile's name in the module's dashboards. Default "review-updates". */
  'visual'?: string;
  /** Shares filters with bars and tiles of the same scope. Default "default". */
  'filter-scope'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
