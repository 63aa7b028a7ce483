// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** Changes the signed-in user's password: current, new and confirmed password, with the spec's success and failure texts and per-field server errors. */
export interface CxChangePasswordAttributes {
  /** A smaller heading, for the profile panel. */
  'compact'?: boolean;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
