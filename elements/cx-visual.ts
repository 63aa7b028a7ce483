import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { VisualElement } from '../src/visuals/visual/visual-element';
import styles from '../src/visuals/tile/tile.css?inline';
import editorStyles from '../src/dashboard/editor/property-editor.css?inline';

/**
 * One dashboard visual as a tile of its own, for partner pages: any visual type of the library,
 * chosen by name from the module's dashboards, drawn for the filters of its `filter-scope` (put a
 * `cx-smart-filter-bar` with the same scope on the page). With click behaviour Filter, a click
 * on a bar, slice or row selects it and the tiles of the scope reload with it. `cx-filter`
 * children narrow the tile by markup alone (several values, ranges); changing them re-queries.
 *
 * @tag cx-visual
 * @attr {string} module-id - The smart-data module (e.g. "responses").
 * @attr {string} visual - The visual's name in the module's dashboards (e.g. "nps", "channel-share").
 * @attr {string} filter-scope - Shares filters and selections with bars and tiles of the same scope. Default "default".
 * @attr {boolean} editor - Edit mode, as on a dashboard: an Edit action opens the property panel (its settings and a JSON view of the changes). The page's `?editor` query parameter asks for it too. For PortalAdmin and GlobalAdmin users only.
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable: cancel it to sign in your own way; otherwise the element shows its sign-in state until a session or `configure({ token | getToken })` arrives).
 * @fires {CustomEvent<{href: string, path: string}>} cx-navigate - Asks to go to a portal page (bubbles, composed, cancelable): `href` is its address on the portal (the api-base), `path` the portal path. The host portal routes it; elsewhere the page loads `href` unless a listener cancels the event.
 * @fires {CustomEvent<{name: string, count: number}>} cx-drawn - The tile's data is on screen (as Tableau's FirstInteractive): once per answer, after the first load and after each reload for new filters or selections. `name` is the visual's, `count` the rows of its data (0 when it shows 'No results found for selection')
 * @fires {CustomEvent<{visual: string, axisValue: string, seriesValue: string, selected: boolean}>} cx-select - The user clicked a mark (a bar, slice, row, point or pill) of a tile whose click behaviour is Filter (as Tableau's MarkSelectionChanged): `visual` names the tile, `axisValue` and `seriesValue` the mark ('' where it has none), `selected` whether it is in the selection now (a second click takes it out).
 * @slot - `cx-filter` elements: the tile's own filters.
 * @csspart base - The tile wrapper.
 * @csspart tile - The tile.
 * @csspart chart - The chart's SVG.
 */
export const CxVisual = defineElement({
  tag: 'cx-visual',
  component: VisualElement,
  // A height of its own (the page's CSS may set another): the tile takes its room before its data is
  // in, so the page does not shift, and a chart given no size draws at this one, not the page's width in 4:3.
  styles: `:host{display:block;height:300px}.standalone{height:100%}` + styles + editorStyles,
  attributes: [
    { prop: 'moduleId', type: 'string' },
    { prop: 'visual', type: 'string' },
    { prop: 'filterScope', type: 'string' },
    { prop: 'editor', type: 'boolean' },
  ],
});

declare global {
  interface HTMLElementTagNameMap {
    'cx-visual': CxElement;
  }
}
