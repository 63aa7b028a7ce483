// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** Creates a user group, or edits one: name, description and members; delete with confirm. */
export interface CxGroupDetailAttributes {
  /** The group to edit; without it the element creates a group. */
  'group-id'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
