import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { DemoWall } from '../src/visuals/demo-wall/demo-wall';
import tiles from '../src/visuals/tile/tile.css?inline';
import styles from '../src/visuals/demo-wall/demo-wall.css?inline';
// The wall's first slot is the NPS gauge element.
import './cx-nps-gauge';

/**
 * The demo card wall: a 960 by 540 view of 3 by 2 cards, the NPS gauge (-1 to 1, month to date)
 * in the first and feedback cards of the month in the others: store, how long ago, the comment,
 * the spend, the NPS label and the four drivers with their icons. One card changes every 5 s;
 * clicking a card (or Enter on it) changes it at once.
 *
 * @tag cx-demo-wall
 * @attr {string} module-id - The smart-data module. Default "responses".
 * @attr {string} gauge - The visual that gives the gauge value. Default "nps".
 * @attr {string} comments - The visual that gives the comments (with Store, ResponseDate, Spend, NPSGroup and the Driver_ fields). Default "comments".
 * @attr {string} date-key - The module's date field, for the month to date. Default "ResponseDate".
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable: cancel it to sign in your own way; otherwise the element shows its sign-in state until a session or `configure({ token | getToken })` arrives).
 * @fires {CustomEvent<{name: string, count: number}>} cx-drawn - The gauge and the cards are on screen (as Tableau's FirstInteractive): once per load. `name` is the comments visual's, `count` the comments the cards are drawn from.
 * @csspart base - The wall.
 */
export const CxDemoWall = defineElement({
  tag: 'cx-demo-wall',
  component: DemoWall,
  styles: tiles + styles,
  attributes: [
    { prop: 'moduleId', type: 'string' },
    { prop: 'gauge', type: 'string' },
    { prop: 'comments', type: 'string' },
    { prop: 'dateKey', type: 'string' },
  ],
});

declare global {
  interface HTMLElementTagNameMap {
    'cx-demo-wall': CxElement;
  }
}
