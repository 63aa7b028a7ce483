import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { DataViewer } from '../src/viewer/data-viewer/data-viewer';
import forms from '../src/account/shared/forms.css?inline';
import bar from '../src/filters/smart-filter-bar/smart-filter-bar.css?inline';
import favourites from '../src/favourites/favourites/favourites.css?inline';
import controls from '../src/viewer/shared/viewer-controls.css?inline';
import records from '../src/viewer/records/records-viewer.css?inline';
import analytics from '../src/viewer/analytics/analytics-viewer.css?inline';
import cards from '../src/viewer/cards/card-viewer.css?inline';
import styles from '../src/viewer/data-viewer/data-viewer.css?inline';

/**
 * The data page: links to its modes (records grid, analytics pivot, cards; the record and card
 * links as the data source allows), the smart filter bar, favourites, the chosen mode and an
 * "Export to Excel" button when the profile has an export. It loads in the spec's order: the
 * profile (query, else path, else the first), its schema, filters reset, then the hand-off, the
 * favourite or the profile's default filters, then the data; answers of an older load are dropped.
 * On a mobile width the non-records modes go to /echo-503.
 *
 * @tag cx-data-viewer
 * @attr {string} module-id - The smart-data module. Default "responses".
 * @attr {string} profile-id - The menu profile of the address, for the mode links. Default "insights".
 * @attr {string} profile-name - The viewer profile named by the path.
 * @attr {string} profile - The viewer profile named by the query; wins over the path's.
 * @attr {string} type - The mode: RecordsViewer (default), AnalyticsViewer or CardViewer.
 * @attr {string} favourite - A favourite of one's own to open (the page's `f`); updates its last access.
 * @attr {string} shared - A shared favourite to open (the page's `s`).
 * @attr {boolean} hand-off - Take the analytics cell hand-off (the page's `handoff`).
 * @attr {string} record-id - A record to open on (the path's trailing Id; the details link leads here).
 * @attr {string} filter-scope - Shares the filters with other elements. Default "content:{module-id}".
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{favouritesId: string, title: string, payload: string}>} cx-favourite-select - The user selected a favourite.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable: cancel it to sign in your own way; otherwise the element shows its sign-in state until a session or `configure({ token | getToken })` arrives).
 * @fires {CustomEvent<{href: string, path: string}>} cx-navigate - Asks to go to a portal page (bubbles, composed, cancelable): `href` is its address on the portal (the api-base), `path` the portal path. The host portal routes it; elsewhere the page loads `href` unless a listener cancels the event.
 * @fires {CustomEvent<{filterScope: string, smartFilters: unknown[]}>} cx-filters-change - The user changed a filter of its filter bar.
 * @fires {CustomEvent<{name: string, count: number}>} cx-drawn - The data of the mode shown is on screen (as Tableau's FirstInteractive), as `cx-records-viewer`, `cx-analytics-viewer` or `cx-card-viewer` fire it: once per load; with a record id, once its details are shown (`count` 1, or 0 when it is not found). `name` is the module id.
 * @csspart base - The data page.
 * @csspart export-progress - The progress of an export being made (a `progressbar`).
 */
export const CxDataViewer = defineElement({
  tag: 'cx-data-viewer',
  component: DataViewer,
  styles: forms + bar + favourites + controls + records + analytics + cards + styles,
  attributes: [
    { prop: 'moduleId', type: 'string' },
    { prop: 'profileId', type: 'string' },
    { prop: 'profileName', type: 'string' },
    { prop: 'profile', type: 'string' },
    { prop: 'type', type: 'string' },
    { prop: 'favourite', type: 'string' },
    { prop: 'shared', type: 'string' },
    { prop: 'handOff', type: 'boolean' },
    { prop: 'recordId', type: 'string' },
    { prop: 'filterScope', type: 'string' },
  ],
});

declare global {
  interface HTMLElementTagNameMap {
    'cx-data-viewer': CxElement;
  }
}
