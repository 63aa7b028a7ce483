// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** The dashboard builder (/dataviz/build/{id}): a dashboard's draft drawn live from its data source. "Add tile" opens a gallery of every visual type the source can feed, grouped by what it answers, each a live preview; a chosen tile takes the first free spot and opens its settings in words (measure, by, time by, compare with, top, sort, title, display options), its preview redrawn on each change. Tiles move and resize on the 12-column grid (drag the handles; arrow keys move, Shift+arrow keys resize), duplicate and go; every change can be undone and redone (buttons, Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y) and the draft is saved as it changes. "Publish" makes the draft what viewers see; "Versions" restores an earlier one; administrators share it. */
export interface CxDashboardBuilderAttributes {
  /** The dashboard to build (e.g. "store-visits"). */
  'dashboard-id'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
