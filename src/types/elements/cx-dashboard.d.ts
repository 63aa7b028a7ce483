// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** A dashboard: breadcrumb, smart filter bar, named layouts and a grid of visual tiles (at most 12 columns; 8 below 1200 px, 4 at 768 px or less). A loader shows until every tile has drawn. Clicking a chart element selects it: the selection becomes a secondary filter and every tile redraws with it. Filters and selections are cached per `filter-scope`. With `editor`, tiles can be moved (drag the handle, or arrow keys on it), the layout saved to a file, and a floating property editor shows each visual's settings and a JSON view of the changes. */
export interface CxDashboardAttributes {
  /** The dashboard (e.g. "overview"). */
  'dashboard-id'?: string;
  /** The named layout to start with. Default "Default". */
  'layout'?: string;
  /** Shares the filters with other elements. Default "dashboard:{dashboard-id}". */
  'filter-scope'?: string;
  /** Edit mode (the portal sets it when the address has `?editor`). */
  'editor'?: boolean;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
