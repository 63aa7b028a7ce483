// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** Creates a user, or shows and edits one: names, e-mail, a role picker and the claim picker of the role's data restriction, with the save rules (InvalidRole on Role, user_EmptyClaims, same-or-higher role read-only, per-field server errors, a blank key as a general error) and delete with confirm. */
export interface CxUserDetailAttributes {
  /** The user to show; without it the element creates a user. */
  'user-id'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
