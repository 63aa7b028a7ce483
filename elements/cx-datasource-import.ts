import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { ImportWizard } from '../src/datasources/import-wizard';
import forms from '../src/account/shared/forms.css?inline';
import users from '../src/admin/users/users.css?inline';
import styles from '../src/datasources/datasources.css?inline';

/**
 * "Add your data": a file dropped or picked (CSV, TSV, XLSX, JSON Lines, Parquet), the server's
 * preview to check (its notes, the first rows, each column's type and proposed role, the date
 * format where it is ambiguous, the id and date columns, the source's name), then the source made
 * and the file imported with progress, Cancel and a report of refused rows, with a link to the
 * starter dashboard.
 *
 * @tag cx-datasource-import
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{href: string, path: string}>} cx-navigate - Asks to go to a portal page (bubbles, composed, cancelable): `href` is its address on the portal (the api-base), `path` the portal path. The host portal routes it; elsewhere the page loads `href` unless a listener cancels the event.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable: cancel it to sign in your own way; otherwise the element shows its sign-in state until a session or `configure({ token | getToken })` arrives).
 * @csspart base - The wizard.
 * @csspart drop-zone - Where a file is dropped or picked.
 */
export const CxDatasourceImport = defineElement({ tag: 'cx-datasource-import', component: ImportWizard, styles: forms + users + styles, attributes: [] });

declare global {
  interface HTMLElementTagNameMap {
    'cx-datasource-import': CxElement;
  }
}
