// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** The smart filter bar of a smart-data module: search (500 ms after typing, restricted words refused), the date filter with every choice of the spec (Last 7 Days by default), multi-select value filters with counts, the current-filters badge with clear, and the last recorded date. Tiles with the same `filter-scope` anywhere on the page follow its filters. */
export interface CxSmartFilterBarAttributes {
  /** The smart-data module to filter. */
  'module-id'?: string;
  /** Links the bar to tiles with the same scope. Default "default". */
  'filter-scope'?: string;
  /** Smart-data tags choosing the value filters, comma-separated (e.g. "Core"). */
  'tags'?: string;
  /** The date field of the module. Default "ResponseDate". */
  'date-key'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
