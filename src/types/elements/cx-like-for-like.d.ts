// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** Like-for-like report: NPS, the drivers and the responses of the stores with responses in both periods, the periods shown as dates in local time. */
export interface CxLikeForLikeAttributes {
  /** The reviews module. Default "reviews". */
  'module-id'?: string;
  /** The tile's name in the module's dashboards. Default "like-for-like". */
  'visual'?: string;
  /** Shares filters with bars and tiles of the same scope. Default "default". */
  'filter-scope'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
