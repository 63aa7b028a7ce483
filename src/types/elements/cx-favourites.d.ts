// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** Favourites of a data view: the five most recently used and the rest by title; add the current filters of a `filter-scope` under a title (the server answers NoIssue, SameTitle or SamePayload, which asks before saving), select one to restore its filters, share its link ('copied' for 3 s) or remove it after a confirmation. When the service is unavailable it says so. */
export interface CxFavouritesAttributes {
  /** The smart-data module. Default "responses". */
  'module-id'?: string;
  /** The filters saved and restored. Default "default". */
  'filter-scope'?: string;
  /** The viewer mode saved in the view state. Default "RecordsViewer". */
  'view-mode'?: string;
  /** The date field of the module. Default "ResponseDate". */
  'date-key'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
