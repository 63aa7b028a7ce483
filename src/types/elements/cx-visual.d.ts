// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** One dashboard visual as a tile of its own, for partner pages: any visual type of the library, chosen by name from the module's dashboards, drawn for the filters of its `filter-scope` (put a `cx-smart-filter-bar` with the same scope on the page). With click behaviour Filter, a click on a bar, slice or row selects it and the tiles of the scope reload with it. `cx-filter` children narrow the tile by markup alone (several values, ranges); changing them re-queries. */
export interface CxVisualAttributes {
  /** The smart-data module (e.g. "responses"). */
  'module-id'?: string;
  /** The visual's name in the module's dashboards (e.g. "nps", "channel-share"). */
  'visual'?: string;
  /** Shares filters and selections with bars and tiles of the same scope. Default "default". */
  'filter-scope'?: string;
  /** Edit mode, as on a dashboard: an Edit action opens the property panel (its settings and a JSON view of the changes). The page's `?editor` query parameter asks for it too. For PortalAdmin and GlobalAdmin users only. */
  'editor'?: boolean;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
