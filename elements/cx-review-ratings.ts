import '../src/i18n';
import type { CxElement } from '../src/elements/define';
import { defineReviewTile } from '../src/visuals/review/review-element';

/**
 * Review ratings: the average rating as five stars filled in quarters, its change against the previous period, and a bar per star count.
 *
 * @tag cx-review-ratings
 * @attr {string} module-id - The reviews module. Default "reviews".
 * @attr {string} visual - The tile's name in the module's dashboards. Default "review-ratings".
 * @attr {string} filter-scope - Shares filters with bars and tiles of the same scope. Default "default".
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in.
 * @csspart base - The tile wrapper.
 * @csspart tile - The tile.
 */
export const CxReviewRatings = defineReviewTile('cx-review-ratings', 'review-ratings');

declare global {
  interface HTMLElementTagNameMap {
    'cx-review-ratings': CxElement;
  }
}
