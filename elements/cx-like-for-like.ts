import '../src/i18n';
import type { CxElement } from '../src/elements/define';
import { defineReviewTile } from '../src/visuals/review/review-element';

/**
 * Like-for-like report: NPS, the drivers and the responses of the stores with responses in both periods, the periods shown as dates in local time.
 *
 * @tag cx-like-for-like
 * @attr {string} module-id - The reviews module. Default "reviews".
 * @attr {string} visual - The tile's name in the module's dashboards. Default "like-for-like".
 * @attr {string} filter-scope - Shares filters with bars and tiles of the same scope. Default "default".
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in.
 * @csspart base - The tile wrapper.
 * @csspart tile - The tile.
 */
export const CxLikeForLike = defineReviewTile('cx-like-for-like', 'like-for-like');

declare global {
  interface HTMLElementTagNameMap {
    'cx-like-for-like': CxElement;
  }
}
