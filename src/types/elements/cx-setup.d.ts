// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** The one-time set-up of an empty portal (PORTAL_START=empty, /setup): the first administrator's name, e-mail and password. They are signed in and taken home; once the portal has a user, it says so and links to the sign-in. */
export interface CxSetupAttributes {
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
