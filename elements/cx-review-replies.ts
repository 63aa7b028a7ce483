import '../src/i18n';
import type { CxElement } from '../src/elements/define';
import { defineReviewTile } from '../src/visuals/review/review-element';

/**
 * Review replies: the share of reviews replied and the average time to a reply, each with its change against the previous period.
 *
 * @tag cx-review-replies
 * @attr {string} module-id - The reviews module. Default "reviews".
 * @attr {string} visual - The tile's name in the module's dashboards. Default "review-replies".
 * @attr {string} filter-scope - Shares filters with bars and tiles of the same scope. Default "default".
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in.
 * @csspart base - The tile wrapper.
 * @csspart tile - The tile.
 */
export const CxReviewReplies = defineReviewTile('cx-review-replies', 'review-replies');

declare global {
  interface HTMLElementTagNameMap {
    'cx-review-replies': CxElement;
  }
}
