import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { RecordsViewer } from '../src/viewer/records/records-viewer';
import controls from '../src/viewer/shared/viewer-controls.css?inline';
import styles from '../src/viewer/records/records-viewer.css?inline';
import { VIEWER_ATTRIBUTES } from '../src/viewer/viewer-attributes';

/**
 * The data viewer's records grid: every record of the module for the filters of a `filter-scope`,
 * scrolled through a virtual list that asks the server for blocks of 100 rows (2 kept, 2 requests
 * at a time); sort by a column header (the profile's default order first); a click or Enter
 * expands a row to full height; a double click or Shift+Enter opens its details in a new window.
 *
 * @tag cx-records-viewer
 * @attr {string} module-id - The smart-data module. Default "responses".
 * @attr {string} profile - The viewer profile. Default "default".
 * @attr {string} filter-scope - The filters the grid follows. Default "default".
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable: cancel it to sign in your own way; otherwise the element shows its sign-in state until a session or `configure({ token | getToken })` arrives).
 * @fires {CustomEvent<{name: string, count: number}>} cx-drawn - The first rows are on screen (as Tableau's FirstInteractive): once per load (the first and each one for new filters or another order; not for rows scrolled into view). `name` is the module id, `count` the records under the filters.
 * @csspart base - The grid wrapper.
 */
export const CxRecordsViewer = defineElement({
  tag: 'cx-records-viewer',
  component: RecordsViewer,
  styles: controls + styles,
  attributes: VIEWER_ATTRIBUTES,
});

declare global {
  interface HTMLElementTagNameMap {
    'cx-records-viewer': CxElement;
  }
}
