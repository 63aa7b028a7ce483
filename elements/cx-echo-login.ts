import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { EchoLogin } from '../src/account/echo-login/echo-login';
import forms from '../src/account/shared/forms.css?inline';
import styles from '../src/account/echo-login/echo-login.css?inline';

/**
 * The one-time QR code that signs the user in to the mobile assistant: the code with a countdown
 * ticking every second, replaced when 20 seconds or less remain. Mobile browsers are sent to /echo-503.
 *
 * @tag cx-echo-login
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{to: string}>} cx-navigate - Asks the host to go to a path (cancelable).
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable: cancel it to sign in your own way; otherwise the element shows its sign-in state until a session or `configure({ token | getToken })` arrives).
 * @csspart base - The screen.
 * @csspart qr - The QR code.
 */
export const CxEchoLogin = defineElement({ tag: 'cx-echo-login', component: EchoLogin, styles: forms + styles, attributes: [] });

declare global {
  interface HTMLElementTagNameMap {
    'cx-echo-login': CxElement;
  }
}
