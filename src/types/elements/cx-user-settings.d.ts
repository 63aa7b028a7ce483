// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** The user's settings: the language of the portal, applied at once to every element on the page and saved as the user's preference. */
export interface CxUserSettingsAttributes {
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
