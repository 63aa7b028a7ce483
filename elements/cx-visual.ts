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
 * @slot - `cx-filter` elements: the tile's own filters.
 * @csspart base - The tile wrapper.
 * @csspart tile - The tile.
 * @csspart chart - The chart's SVG.
 */
export const CxVisual = defineElement({
  tag: 'cx-visual',
  component: VisualElement,
  styles: `:host{display:block;min-height:240px}.standalone{height:100%;min-height:inherit}` + styles + editorStyles,
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
