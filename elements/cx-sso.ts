import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { Sso } from '../src/account/sso/sso';
import forms from '../src/account/shared/forms.css?inline';

/**
 * Single sign-on: `start` sends the browser to the identity provider (by redirect, or by a posted
 * form when the settings say so); `confirm` exchanges the provider's assertion for a session and
 * goes on like a password sign-in. Failures go to /sso/error with the reason.
 *
 * @tag cx-sso
 * @attr {'start' | 'confirm'} mode - Which step. Default start.
 * @attr {string} assertion - The identity provider's signed assertion (confirm).
 * @attr {string} relay-state - The portal path to return to (confirm).
 * @attr {string} provider - The identity provider to start with, by its id (start); without it the portal's only or default provider.
 * @attr {string} email - An e-mail whose domain picks the identity provider (start), when no `provider` is named.
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{href: string, path: string}>} cx-navigate - Asks to go to a portal page (bubbles, composed, cancelable): `href` is its address on the portal (the api-base), `path` the portal path. The host portal routes it; elsewhere the page loads `href` unless a listener cancels the event.
 * @csspart base - The waiting message.
 */
export const CxSso = defineElement({
  tag: 'cx-sso',
  component: Sso,
  styles: forms,
  attributes: [
    { prop: 'mode', type: ['start', 'confirm'] },
    { prop: 'assertion', type: 'string' },
    { prop: 'relayState', type: 'string' },
    { prop: 'provider', type: 'string' },
    { prop: 'email', type: 'string' },
  ],
});

declare global {
  interface HTMLElementTagNameMap {
    'cx-sso': CxElement;
  }
}
