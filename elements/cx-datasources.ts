import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { Datasources } from '../src/datasources/datasources';
import forms from '../src/account/shared/forms.css?inline';
import users from '../src/admin/users/users.css?inline';
import styles from '../src/datasources/datasources.css?inline';
import topics from '../src/datasources/topics/topics.css?inline';

/**
 * The data sources for administrators. Without `source-id`: every source with its rows, last
 * import, state and built-in mark, and "Add your data". With it: that source's columns with their
 * roles (score kind, hidden, claim type, hierarchy level) editable afterwards, which roles may read
 * it, rename, delete with a confirmation naming what depends on it, more data imported (append or
 * replace) with progress and a report, and the recent imports.
 *
 * @tag cx-datasources
 * @attr {string} source-id - The source to show; without it the element lists them all.
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{href: string, path: string}>} cx-navigate - Asks to go to a portal page (bubbles, composed, cancelable): `href` is its address on the portal (the api-base), `path` the portal path. The host portal routes it; elsewhere the page loads `href` unless a listener cancels the event.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable: cancel it to sign in your own way; otherwise the element shows its sign-in state until a session or `configure({ token | getToken })` arrives).
 * @csspart base - The list or the source's page.
 * @csspart drop-zone - Where a file is dropped or picked (a source's page).
 */
export const CxDatasources = defineElement({
  tag: 'cx-datasources',
  component: Datasources,
  styles: forms + users + styles + topics,
  attributes: [{ prop: 'sourceId', type: 'string' }],
});

declare global {
  interface HTMLElementTagNameMap {
    'cx-datasources': CxElement;
  }
}
