import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { AnalyticsViewer } from '../src/viewer/analytics/analytics-viewer';
import controls from '../src/viewer/shared/viewer-controls.css?inline';
import styles from '../src/viewer/analytics/analytics-viewer.css?inline';
import { VIEWER_ATTRIBUTES } from '../src/viewer/viewer-attributes';

/**
 * The data viewer's analytics pivot: measures by row and column dimensions (add, remove; a
 * dimension is used once; removing the last measure resets), rows that expand and collapse and
 * keep their state when sorted, row and column totals that can be switched off, and a double click
 * on a cell that opens the records of that cell in a new tab. Computed by the server in one query.
 *
 * @tag cx-analytics-viewer
 * @attr {string} module-id - The smart-data module. Default "responses".
 * @attr {string} profile - The viewer profile. Default "default".
 * @attr {string} filter-scope - The filters the pivot follows. Default "default".
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable: cancel it to sign in your own way; otherwise the element shows its sign-in state until a session or `configure({ token | getToken })` arrives).
 * @fires {CustomEvent<{name: string, count: number}>} cx-drawn - The pivot is on screen (as Tableau's FirstInteractive): once per answer (the first and each one for new filters or another choice of measures and dimensions). `name` is the module id, `count` the pivot's top-level rows.
 * @csspart base - The pivot.
 */
export const CxAnalyticsViewer = defineElement({
  tag: 'cx-analytics-viewer',
  component: AnalyticsViewer,
  styles: controls + styles,
  attributes: VIEWER_ATTRIBUTES,
});

declare global {
  interface HTMLElementTagNameMap {
    'cx-analytics-viewer': CxElement;
  }
}
