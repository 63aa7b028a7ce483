// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** The user list for administrators: search, sort by column, pages of 50, links to each user and to add one. */
export interface CxUserListAttributes {
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
