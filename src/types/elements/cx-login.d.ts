// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** Sign-in with user name and password, remember me, single sign-on when the settings enable it, and a link to the forgotten-password form. After sign-in it shows a please-wait state and goes where the after-login order says (saved target, change password, the role's default route, /home). */
export interface CxLoginAttributes {
  /** Shows the banner after a password update or creation. */
  'banner'?: string;
  /** Shows a single sign-on error. */
  'sso-error'?: string;
  /** The lite-host variant (/signin). */
  'lite'?: boolean;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
