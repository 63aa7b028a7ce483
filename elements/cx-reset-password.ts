import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { ResetPassword } from '../src/account/password/reset-password';
import forms from '../src/account/shared/forms.css?inline';

/**
 * Sets a password from a reset link (/resetPassword/{token}) or an invitation (/userCreation/{token}):
 * greets the user by first name, checks the match and the password rule, and shows an invalid or
 * expired link as invalid.
 *
 * @tag cx-reset-password
 * @attr {string} token - The token from the link.
 * @attr {'reset' | 'create'} mode - A reset link or an invitation. Default reset.
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{href: string, path: string}>} cx-navigate - Asks to go to a portal page (bubbles, composed, cancelable): `href` is its address on the portal (the api-base), `path` the portal path. The host portal routes it; elsewhere the page loads `href` unless a listener cancels the event.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable: cancel it to sign in your own way; otherwise the element shows its sign-in state until a session or `configure({ token | getToken })` arrives).
 * @csspart base - The form.
 */
export const CxResetPassword = defineElement({
  tag: 'cx-reset-password',
  component: ResetPassword,
  styles: forms,
  attributes: [
    { prop: 'token', type: 'string' },
    { prop: 'mode', type: ['reset', 'create'] },
  ],
});

declare global {
  interface HTMLElementTagNameMap {
    'cx-reset-password': CxElement;
  }
}
