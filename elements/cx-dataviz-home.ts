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
 * @fires {CustomEvent<{to: string}>} cx-navigate - Asks the host to go to a path (cancelable): a dashboard, the builder.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable).
 */
export const CxDatavizHome = defineElement({ tag: 'cx-dataviz-home', component: DatavizHome, styles: forms + styles, attributes: [] });

declare global {
  interface HTMLElementTagNameMap {
    'cx-dataviz-home': CxElement;
  }
}
