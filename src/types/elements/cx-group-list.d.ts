// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** The user groups for administrators, with member counts, links to each group and to add one. */
export interface CxGroupListAttributes {
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
