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
 * @csspart base - The tile wrapper.
 * @csspart tile - The tile.
 */
export const CxReviewUpdates = defineReviewTile('cx-review-updates', 'review-updates');

declare global {
  interface HTMLElementTagNameMap {
    'cx-review-updates': CxElement;
  }
}
