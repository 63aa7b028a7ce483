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
 * @fires {CustomEvent<{href: string, path: string}>} cx-navigate - Asks to go to a portal page (bubbles, composed, cancelable): `href` is its address on the portal (the api-base), `path` the portal path. The host portal routes it; elsewhere the page loads `href` unless a listener cancels the event.
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
