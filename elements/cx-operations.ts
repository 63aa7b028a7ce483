import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { OperationsPage } from '../src/operations/operations-page';
import forms from '../src/account/shared/forms.css?inline';
import styles from '../src/dataviz/catalogue.css?inline';

/**
 * The operations page (spec part 2). Mode `home` (/operations/home, GlobalAdmin or System):
 * refresh local files, clear the cache, run the alert scheduler now, the log of what was done and
 * by whom, the e-mail outbox and the free-trial requests, and the menu of paths. Mode `panel`
 * (/operations/panel, any signed-in user): the menu of data viewer and dashboard paths only.
 *
 * @tag cx-operations
 * @attr {"home"|"panel"} mode - Which part to show. Default "home".
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable).
 * @fires {CustomEvent<{href: string, path: string}>} cx-navigate - Asks to go to a portal page (bubbles, composed, cancelable): `href` is its address on the portal (the api-base), `path` the portal path. The host portal routes it; elsewhere the page loads `href` unless a listener cancels the event.
 * @csspart base - The operations page or panel.
 */
export const CxOperations = defineElement({
  tag: 'cx-operations',
  component: OperationsPage,
  styles: forms + styles,
  attributes: [{ prop: 'mode', type: ['home', 'panel'] }],
});

declare global {
  interface HTMLElementTagNameMap {
    'cx-operations': CxElement;
  }
}
