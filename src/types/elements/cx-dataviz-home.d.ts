// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** The data visualisation home (/dataviz, /dataviz/home): every dashboard and data viewer the signed-in user can open, with what it shows and when it last changed, searchable. Dashboard builders (GlobalAdmin, PortalAdmin, PortalUser) make, import, rename, duplicate, export and delete the dashboards they may edit here; a new one opens in the builder (/dataviz/build/{id}). */
export interface CxDatavizHomeAttributes {
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
