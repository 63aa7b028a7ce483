import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { DatavizHome } from '../src/dataviz/dataviz-home';
import forms from '../src/account/shared/forms.css?inline';
import styles from '../src/dataviz/catalogue.css?inline';

/**
 * The data visualisation home (/dataviz, /dataviz/home): every dashboard and data viewer the
 * signed-in user can open, with what it shows and when it last changed, searchable. Dashboard
 * builders (GlobalAdmin, PortalAdmin, PortalUser) make, import, rename, duplicate, export and
 * delete the dashboards they may edit here; a new one opens in the builder (/dataviz/build/{id}).
 *
 * @tag cx-dataviz-home
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{href: string, path: string}>} cx-navigate - Asks to go to a portal page (bubbles, composed, cancelable): `href` is its address on the portal (the api-base), `path` the portal path. The host portal routes it; elsewhere the page loads `href` unless a listener cancels the event. Its pages: a dashboard, the builder.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable).
 * @csspart base - The dashboards page.
 */
export const CxDatavizHome = defineElement({ tag: 'cx-dataviz-home', component: DatavizHome, styles: forms + styles, attributes: [] });

declare global {
  interface HTMLElementTagNameMap {
    'cx-dataviz-home': CxElement;
  }
}
