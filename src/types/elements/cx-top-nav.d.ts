// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** The portal's top navigation: menu items from the content profiles filtered by role, ordered by weight, the active item from the route, a More menu for what does not fit, and the header profile panel (user name, password, language, sign-out). */
export interface CxTopNavAttributes {
  /** The product name at the left. Default "CX Portal" (translated). */
  'brand'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
