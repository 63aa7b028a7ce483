// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** The data viewer's analytics pivot: measures by row and column dimensions (add, remove; a dimension is used once; removing the last measure resets), rows that expand and collapse and keep their state when sorted, row and column totals that can be switched off, and a double click on a cell that opens the records of that cell in a new tab. Computed by the server in one query. */
export interface CxAnalyticsViewerAttributes {
  /** The smart-data module. Default "responses". */
  'module-id'?: string;
  /** The viewer profile. Default "default". */
  'profile'?: string;
  /** The filters the pivot follows. Default "default". */
  'filter-scope'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
