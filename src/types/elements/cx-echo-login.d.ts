// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** The one-time QR code that signs the user in to the mobile assistant: the code with a countdown ticking every second, replaced when 20 seconds or less remain. Mobile browsers are sent to /echo-503. */
export interface CxEchoLoginAttributes {
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
