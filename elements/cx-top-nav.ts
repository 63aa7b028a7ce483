import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { TopNav } from '../src/shell/top-nav/top-nav';
import forms from '../src/account/shared/forms.css?inline';
import styles from '../src/shell/top-nav/top-nav.css?inline';

/**
 * The portal's top navigation: menu items from the content profiles filtered by role, ordered by
 * weight, the active item from the route, a More menu for what does not fit, and the header profile
 * panel (user name, password, language, sign-out).
 *
 * @tag cx-top-nav
 * @attr {string} brand - The product name at the left. Default "CX Portal" (translated).
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{href: string, path: string}>} cx-navigate - Asks to go to a portal page (bubbles, composed, cancelable): `href` is its address on the portal (the api-base), `path` the portal path. The host portal routes it; elsewhere the page loads `href` unless a listener cancels the event.
 * @csspart base - The bar.
 * @cssprop --nav-background - Background of the bar.
 */
export const CxTopNav = defineElement({ tag: 'cx-top-nav', component: TopNav, styles: forms + styles, attributes: [{ prop: 'brand', type: 'string' }] });

declare global {
  interface HTMLElementTagNameMap {
    'cx-top-nav': CxElement;
  }
}
