import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { Setup } from '../src/setup/setup';
import forms from '../src/account/shared/forms.css?inline';

/**
 * The one-time set-up of an empty portal (PORTAL_START=empty, /setup): the first administrator's
 * name, e-mail and password. They are signed in and taken home; once the portal has a user, it
 * says so and links to the sign-in.
 *
 * @tag cx-setup
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{userName: string}>} cx-signed-in - The first administrator was made and signed in.
 * @fires {CustomEvent<{href: string, path: string}>} cx-navigate - Asks to go to a portal page (bubbles, composed, cancelable): `href` is its address on the portal (the api-base), `path` the portal path. The host portal routes it; elsewhere the page loads `href` unless a listener cancels the event.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable: cancel it to sign in your own way; otherwise the element shows its sign-in state until a session or `configure({ token | getToken })` arrives).
 * @csspart base - The form.
 * @cssprop --form-width - Maximum width. Default 420px.
 */
export const CxSetup = defineElement({ tag: 'cx-setup', component: Setup, styles: forms, attributes: [] });

declare global {
  interface HTMLElementTagNameMap {
    'cx-setup': CxElement;
  }
}
