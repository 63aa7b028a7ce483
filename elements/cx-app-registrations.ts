import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { AppRegistrations } from '../src/account/devices/app-registrations';
import forms from '../src/account/shared/forms.css?inline';
import styles from '../src/account/devices/devices.css?inline';

/**
 * Other Devices: registers a device (the mobile assistant, a tablet, a kiosk) with the one-time
 * code it shows and a scope label, lists the registrations, re-scopes and deletes them. Only for
 * users whose detail says canManageAppRegistrations.
 *
 * @tag cx-app-registrations
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable: cancel it to sign in your own way; otherwise the element shows its sign-in state until a session or `configure({ token | getToken })` arrives).
 * @csspart base - The screen.
 */
export const CxAppRegistrations = defineElement({ tag: 'cx-app-registrations', component: AppRegistrations, styles: forms + styles, attributes: [] });

declare global {
  interface HTMLElementTagNameMap {
    'cx-app-registrations': CxElement;
  }
}
