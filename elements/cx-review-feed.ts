import '../src/i18n';
import type { CxElement } from '../src/elements/define';
import { defineReviewTile } from '../src/visuals/review/review-element';

/**
 * The review feed: cards grouped Today, This week, This month and Older, tabs, a sort order, load-more paging and a call to action per card that opens the review's record detail with the reply and its quick template chosen.
 *
 * @tag cx-review-feed
 * @attr {string} module-id - The reviews module. Default "reviews".
 * @attr {string} visual - The tile's name in the module's dashboards. Default "review-feed".
 * @attr {string} filter-scope - Shares filters with bars and tiles of the same scope. Default "default".
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in.
 * @csspart base - The tile wrapper.
 * @csspart tile - The tile.
 */
export const CxReviewFeed = defineReviewTile('cx-review-feed', 'review-feed');

declare global {
  interface HTMLElementTagNameMap {
    'cx-review-feed': CxElement;
  }
}
