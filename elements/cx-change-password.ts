import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { ChangePassword } from '../src/account/password/change-password';
import forms from '../src/account/shared/forms.css?inline';

/**
 * Changes the signed-in user's password: current, new and confirmed password, with the spec's
 * success and failure texts and per-field server errors.
 *
 * @tag cx-change-password
 * @attr {boolean} compact - A smaller heading, for the profile panel.
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{}>} cx-password-changed - The password was changed.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable: cancel it to sign in your own way; otherwise the element shows its sign-in state until a session or `configure({ token | getToken })` arrives).
 * @csspart base - The form.
 */
export const CxChangePassword = defineElement({ tag: 'cx-change-password', component: ChangePassword, styles: forms, attributes: [{ prop: 'compact', type: 'boolean' }] });

declare global {
  interface HTMLElementTagNameMap {
    'cx-change-password': CxElement;
  }
}
