import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { Dashboard } from '../src/dashboard/dashboard/dashboard';
import forms from '../src/account/shared/forms.css?inline';
import bar from '../src/filters/smart-filter-bar/smart-filter-bar.css?inline';
import tiles from '../src/visuals/tile/tile.css?inline';
import styles from '../src/dashboard/dashboard/dashboard.css?inline';
import editorStyles from '../src/dashboard/editor/property-editor.css?inline';

/**
 * A dashboard: breadcrumb, smart filter bar, named layouts and a grid of visual tiles (at most 12
 * columns; 8 below 1200 px, 4 at 768 px or less). A loader shows until every tile has drawn.
 * Clicking a chart element selects it: the selection becomes a secondary filter and every tile
 * redraws with it. Filters and selections are cached per `filter-scope`.
 * With `editor`, tiles can be moved (drag the handle, or arrow keys on it), the layout saved to a
 * file, and a floating property editor shows each visual's settings and a JSON view of the changes.
 *
 * @tag cx-dashboard
 * @attr {string} dashboard-id - The dashboard (e.g. "overview").
 * @attr {string} layout - The named layout to start with. Default "Default".
 * @attr {string} filter-scope - Shares the filters with other elements. Default "dashboard:{dashboard-id}".
 * @attr {boolean} editor - Edit mode (the portal sets it when the address has `?editor`).
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable: cancel it to sign in your own way; otherwise the element shows its sign-in state until a session or `configure({ token | getToken })` arrives).
 * @fires {CustomEvent<{href: string, path: string}>} cx-navigate - Asks to go to a portal page (bubbles, composed, cancelable): `href` is its address on the portal (the api-base), `path` the portal path. The host portal routes it; elsewhere the page loads `href` unless a listener cancels the event.
 * @fires {CustomEvent<{name: string, count: number}>} cx-drawn - Every tile is on screen (as Tableau's FirstInteractive): once per answer, after the first load and after each reload for new filters or selections. `name` is the dashboard id, `count` its tiles.
 * @fires {CustomEvent<{visual: string, axisValue: string, seriesValue: string, selected: boolean}>} cx-select - The user clicked a mark (a bar, slice, row, point or pill) of a tile whose click behaviour is Filter (as Tableau's MarkSelectionChanged): `visual` names the tile, `axisValue` and `seriesValue` the mark ('' where it has none), `selected` whether it is in the selection now (a second click takes it out).
 * @fires {CustomEvent<{filterScope: string, smartFilters: unknown[]}>} cx-filters-change - The user changed a filter of its filter bar.
 * @csspart base - The dashboard.
 * @csspart tile - Each tile.
 * @csspart chart - Each chart's SVG.
 */
export const CxDashboard = defineElement({
  tag: 'cx-dashboard',
  component: Dashboard,
  styles: forms + bar + tiles + styles + editorStyles,
  attributes: [
    { prop: 'dashboardId', type: 'string' },
    { prop: 'layout', type: 'string' },
    { prop: 'filterScope', type: 'string' },
    { prop: 'editor', type: 'boolean' },
  ],
});

declare global {
  interface HTMLElementTagNameMap {
    'cx-dashboard': CxElement;
  }
}
