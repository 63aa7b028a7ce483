import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { DashboardBuilder } from '../src/dashboard/builder/builder';
import forms from '../src/account/shared/forms.css?inline';
import bar from '../src/filters/smart-filter-bar/smart-filter-bar.css?inline';
import tiles from '../src/visuals/tile/tile.css?inline';
import grid from '../src/dashboard/dashboard/dashboard.css?inline';
import share from '../src/dashboard/builder/share-dialog.css?inline';
import styles from '../src/dashboard/builder/builder.css?inline';

/**
 * The dashboard builder (/dataviz/build/{id}): a dashboard's draft drawn live from its data source.
 * "Add tile" opens a gallery of every visual type the source can feed, grouped by what it answers,
 * each a live preview; a chosen tile takes the first free spot and opens its settings in words
 * (measure, by, time by, compare with, top, sort, title, display options), its preview redrawn on
 * each change. Tiles move and resize on the 12-column grid (drag the handles; arrow keys move,
 * Shift+arrow keys resize), duplicate and go; every change can be undone and redone (buttons,
 * Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y) and the draft is saved as it changes. "Publish" makes the draft
 * what viewers see; "Versions" restores an earlier one; administrators share it.
 *
 * @tag cx-dashboard-builder
 * @attr {string} dashboard-id - The dashboard to build (e.g. "store-visits").
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable).
 * @fires {CustomEvent<{href: string, path: string}>} cx-navigate - Asks to go to a portal page (bubbles, composed, cancelable): `href` is its address on the portal (the api-base), `path` the portal path. The host portal routes it; elsewhere the page loads `href` unless a listener cancels the event.
 * @csspart base - The builder.
 * @csspart tile - Each tile.
 * @csspart chart - Each chart's SVG.
 */
export const CxDashboardBuilder = defineElement({
  tag: 'cx-dashboard-builder',
  component: DashboardBuilder,
  styles: forms + bar + tiles + grid + share + styles,
  attributes: [{ prop: 'dashboardId', type: 'string' }],
});

declare global {
  interface HTMLElementTagNameMap {
    'cx-dashboard-builder': CxElement;
  }
}
