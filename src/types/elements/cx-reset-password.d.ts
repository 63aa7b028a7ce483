// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** Sets a password from a reset link (/resetPassword/{token}) or an invitation (/userCreation/{token}): greets the user by first name, checks the match and the password rule, and shows an invalid or expired link as invalid. */
export interface CxResetPasswordAttributes {
  /** The token from the link. */
  'token'?: string;
  /** A reset link or an invitation. Default reset. */
  'mode'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
