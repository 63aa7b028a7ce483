// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** Single sign-on: `start` sends the browser to the identity provider (by redirect, or by a posted form when the settings say so); `confirm` exchanges the provider's assertion for a session and goes on like a password sign-in. Failures go to /sso/error with the reason. */
export interface CxSsoAttributes {
  /** Which step. Default start. */
  'mode'?: string;
  /** The identity provider's signed assertion (confirm). */
  'assertion'?: string;
  /** The portal path to return to (confirm). */
  'relay-state'?: string;
  /** The identity provider to start with, by its id (start); without it the portal's only or default provider. */
  'provider'?: string;
  /** An e-mail whose domain picks the identity provider (start), when no `provider` is named. */
  'email'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
