// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** The portal's status pages: error (with go home, go back and a support mail link carrying the error code), Page Not Found, unauthorised, not available on mobile, signed out, and SSO error. */
export interface CxStatusPageAttributes {
  /** Which page. Default not-found. */
  'kind'?: string;
  /** The error code (error page). */
  'error-code'?: string;
  /** The error's description, or the SSO error text. */
  'description'?: string;
  /** The server's reference for the error. */
  'reference'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
