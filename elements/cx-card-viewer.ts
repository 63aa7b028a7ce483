import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { CardViewer } from '../src/viewer/cards/card-viewer';
import controls from '../src/viewer/shared/viewer-controls.css?inline';
import styles from '../src/viewer/cards/card-viewer.css?inline';
import { VIEWER_ATTRIBUTES } from '../src/viewer/viewer-attributes';

/**
 * The data viewer's cards: the record count comes first; above the profile's card limit
 * (cardLimit.min, else 5000) a too-many-cards state offers to raise it to cardLimit.max;
 * otherwise a card per record from the profile's templates, facets with counts to narrow them,
 * and a sort/zoom slider over buckets of ceil(count/100) cards (11 visible at first).
 *
 * @tag cx-card-viewer
 * @attr {string} module-id - The smart-data module. Default "responses".
 * @attr {string} profile - The viewer profile. Default "default".
 * @attr {string} filter-scope - The filters the cards follow. Default "default".
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable: cancel it to sign in your own way; otherwise the element shows its sign-in state until a session or `configure({ token | getToken })` arrives).
 * @fires {CustomEvent<{name: string, count: number}>} cx-drawn - The cards are on screen (as Tableau's FirstInteractive), or the too-many-cards state in their place: once per load. `name` is the module id, `count` the cards (0 in the too-many state).
 * @csspart base - The card view.
 */
export const CxCardViewer = defineElement({
  tag: 'cx-card-viewer',
  component: CardViewer,
  styles: controls + styles,
  attributes: VIEWER_ATTRIBUTES,
});

declare global {
  interface HTMLElementTagNameMap {
    'cx-card-viewer': CxElement;
  }
}
