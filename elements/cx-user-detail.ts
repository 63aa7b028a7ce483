import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { UserDetail } from '../src/admin/users/user-detail';
import forms from '../src/account/shared/forms.css?inline';
import styles from '../src/admin/users/users.css?inline';

/**
 * Creates a user, or shows and edits one: names, e-mail, a role picker and the claim picker of the
 * role's data restriction, with the save rules (InvalidRole on Role, user_EmptyClaims, same-or-higher
 * role read-only, per-field server errors, a blank key as a general error) and delete with confirm.
 *
 * @tag cx-user-detail
 * @attr {string} user-id - The user to show; without it the element creates a user.
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{href: string, path: string}>} cx-navigate - Asks to go to a portal page (bubbles, composed, cancelable): `href` is its address on the portal (the api-base), `path` the portal path. The host portal routes it; elsewhere the page loads `href` unless a listener cancels the event.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable: cancel it to sign in your own way; otherwise the element shows its sign-in state until a session or `configure({ token | getToken })` arrives).
 * @csspart base - The form.
 */
export const CxUserDetail = defineElement({ tag: 'cx-user-detail', component: UserDetail, styles: forms + styles, attributes: [{ prop: 'userId', type: 'string' }] });

declare global {
  interface HTMLElementTagNameMap {
    'cx-user-detail': CxElement;
  }
}
