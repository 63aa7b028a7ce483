// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** Asks for a password reset link by user name; the answer is the same whether or not the account exists. */
export interface CxForgotPasswordAttributes {
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
