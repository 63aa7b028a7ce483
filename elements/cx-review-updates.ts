import '../src/i18n';
import type { CxElement } from '../src/elements/define';
import { defineReviewTile } from '../src/visuals/review/review-element';

/**
 * Review updates: new reviews and replies this period against the previous one, and the reviews awaiting a reply (data only).
 *
 * @tag cx-review-updates
 * @attr {string} module-id - The reviews module. Default "reviews".
 * @attr {string} visual - The tile's name in the module's dashboards. Default "review-updates".
 * @attr {string} filter-scope - Shares filters with bars and tiles of the same scope. Default "default".
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in.
 * @fires {CustomEvent<{href: string, path: string}>} cx-navigate - Asks to go to a portal page (bubbles, composed, cancelable): `href` is its address on the portal (the api-base), `path` the portal path. The host portal routes it; elsewhere the page loads `href` unless a listener cancels the event.
 * @fires {CustomEvent<{name: string, count: number}>} cx-drawn - The tile's data is on screen (as Tableau's FirstInteractive): once per answer, after the first load and after each reload for new filters or selections. `name` is the visual's, `count` the rows of its data (0 when it shows 'No results found for selection')
 * @csspart base - The tile wrapper.
 * @csspart tile - The tile.
 */
export const CxReviewUpdates = defineReviewTile('cx-review-updates', 'review-updates');

declare global {
  interface HTMLElementTagNameMap {
    'cx-review-updates': CxElement;
  }
}
