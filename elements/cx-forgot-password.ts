import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { ForgotPassword } from '../src/account/password/forgot-password';
import forms from '../src/account/shared/forms.css?inline';

/**
 * Asks for a password reset link by user name; the answer is the same whether or not the account exists.
 *
 * @tag cx-forgot-password
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{href: string, path: string}>} cx-navigate - Asks to go to a portal page (bubbles, composed, cancelable): `href` is its address on the portal (the api-base), `path` the portal path. The host portal routes it; elsewhere the page loads `href` unless a listener cancels the event.
 * @csspart base - The form.
 */
export const CxForgotPassword = defineElement({ tag: 'cx-forgot-password', component: ForgotPassword, styles: forms, attributes: [] });

declare global {
  interface HTMLElementTagNameMap {
    'cx-forgot-password': CxElement;
  }
}
