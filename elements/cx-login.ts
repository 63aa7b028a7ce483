import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { Login } from '../src/account/login/login';
import forms from '../src/account/shared/forms.css?inline';

/**
 * Sign-in with user name and password, remember me, single sign-on when the settings enable it,
 * and a link to the forgotten-password form. After sign-in it shows a please-wait state and goes
 * where the after-login order says (saved target, change password, the role's default route, /home).
 *
 * @tag cx-login
 * @attr {'password-updated' | 'password-created'} banner - Shows the banner after a password update or creation.
 * @attr {string} sso-error - Shows a single sign-on error.
 * @attr {boolean} lite - The lite-host variant (/signin).
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{userName: string}>} cx-signed-in - The user signed in.
 * @fires {CustomEvent<{href: string, path: string}>} cx-navigate - Asks to go to a portal page (bubbles, composed, cancelable): `href` is its address on the portal (the api-base), `path` the portal path. The host portal routes it; elsewhere the page loads `href` unless a listener cancels the event.
 * @csspart base - The form.
 * @cssprop --form-width - Maximum width. Default 420px.
 */
export const CxLogin = defineElement({
  tag: 'cx-login',
  component: Login,
  styles: forms,
  attributes: [
    { prop: 'banner', type: ['password-updated', 'password-created'] },
    { prop: 'ssoError', type: 'string' },
    { prop: 'lite', type: 'boolean' },
  ],
});

declare global {
  interface HTMLElementTagNameMap {
    'cx-login': CxElement;
  }
}
