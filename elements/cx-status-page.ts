import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { StatusPage } from '../src/shell/status-page/status-page';
import forms from '../src/account/shared/forms.css?inline';

/**
 * The portal's status pages: error (with go home, go back and a support mail link carrying the
 * error code), Page Not Found, unauthorised, not available on mobile, signed out, and SSO error.
 *
 * @tag cx-status-page
 * @attr {'error' | 'not-found' | 'unauthorised' | 'echo-503' | 'logged-out' | 'sso-error'} kind - Which page. Default not-found.
 * @attr {string} error-code - The error code (error page).
 * @attr {string} description - The error's description, or the SSO error text.
 * @attr {string} reference - The server's reference for the error.
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{href: string, path: string}>} cx-navigate - Asks to go to a portal page (bubbles, composed, cancelable): `href` is its address on the portal (the api-base), `path` the portal path. The host portal routes it; elsewhere the page loads `href` unless a listener cancels the event.
 * @csspart base - The page.
 */
export const CxStatusPage = defineElement({
  tag: 'cx-status-page',
  component: StatusPage,
  styles: forms,
  attributes: [
    { prop: 'kind', type: ['error', 'not-found', 'unauthorised', 'echo-503', 'logged-out', 'sso-error'] },
    { prop: 'errorCode', type: 'string' },
    { prop: 'description', type: 'string' },
    { prop: 'reference', type: 'string' },
  ],
});

declare global {
  interface HTMLElementTagNameMap {
    'cx-status-page': CxElement;
  }
}
