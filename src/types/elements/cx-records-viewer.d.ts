// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** The data viewer's records grid: every record of the module for the filters of a `filter-scope`, scrolled through a virtual list that asks the server for blocks of 100 rows (2 kept, 2 requests at a time); sort by a column header (the profile's default order first); a click or Enter expands a row to full height; a double click or Shift+Enter opens its details in a new window. */
export interface CxRecordsViewerAttributes {
  /** The smart-data module. Default "responses". */
  'module-id'?: string;
  /** The viewer profile. Default "default". */
  'profile'?: string;
  /** The filters the grid follows. Default "default". */
  'filter-scope'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
