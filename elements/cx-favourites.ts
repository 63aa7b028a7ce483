import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { Favourites } from '../src/favourites/favourites/favourites';
import forms from '../src/account/shared/forms.css?inline';
import styles from '../src/favourites/favourites/favourites.css?inline';

/**
 * Favourites of a data view: the five most recently used and the rest by title; add the current
 * filters of a `filter-scope` under a title (the server answers NoIssue, SameTitle or SamePayload,
 * which asks before saving), select one to restore its filters, share its link ('copied' for
 * 3 s) or remove it after a confirmation. When the service is unavailable it says so.
 *
 * @tag cx-favourites
 * @attr {string} module-id - The smart-data module. Default "responses".
 * @attr {string} filter-scope - The filters saved and restored. Default "default".
 * @attr {string} view-mode - The viewer mode saved in the view state. Default "RecordsViewer".
 * @attr {string} date-key - The date field of the module. Default "ResponseDate".
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{favouritesId: string, title: string, payload: string}>} cx-favourite-select - The user selected a favourite.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable: cancel it to sign in your own way; otherwise the element shows its sign-in state until a session or `configure({ token | getToken })` arrives).
 * @fires {CustomEvent<{href: string, path: string}>} cx-navigate - Asks to go to a portal page (bubbles, composed, cancelable): `href` is its address on the portal (the api-base), `path` the portal path. The host portal routes it; elsewhere the page loads `href` unless a listener cancels the event.
 * @fires {CustomEvent<{name: string, count: number}>} cx-drawn - The favourites are on screen (as Tableau's FirstInteractive): once per load (not again for the user's own adds and removes). `name` is the module id, `count` the favourites.
 * @csspart base - The favourites panel.
 */
export const CxFavourites = defineElement({
  tag: 'cx-favourites',
  component: Favourites,
  styles: forms + styles,
  attributes: [
    { prop: 'moduleId', type: 'string' },
    { prop: 'filterScope', type: 'string' },
    { prop: 'viewMode', type: 'string' },
    { prop: 'dateKey', type: 'string' },
  ],
});

declare global {
  interface HTMLElementTagNameMap {
    'cx-favourites': CxElement;
  }
}
