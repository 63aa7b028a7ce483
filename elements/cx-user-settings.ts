import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { UserSettings } from '../src/account/settings/user-settings';
import forms from '../src/account/shared/forms.css?inline';
import secondFactor from '../src/account/settings/second-factor.css?inline';

/**
 * The user's settings: the language of the portal, applied at once to every element on the page
 * and saved as the user's preference.
 *
 * @tag cx-user-settings
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable: cancel it to sign in your own way; otherwise the element shows its sign-in state until a session or `configure({ token | getToken })` arrives).
 * @csspart base - The settings.
 */
export const CxUserSettings = defineElement({ tag: 'cx-user-settings', component: UserSettings, styles: forms + secondFactor, attributes: [] });

declare global {
  interface HTMLElementTagNameMap {
    'cx-user-settings': CxElement;
  }
}
