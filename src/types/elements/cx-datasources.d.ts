// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** The data sources for administrators. Without `source-id`: every source with its rows, last import, state and built-in mark, and "Add your data". With it: that source's columns with their roles (score kind, hidden, claim type, hierarchy level) editable afterwards, which roles may read it, rename, delete with a confirmation naming what depends on it, more data imported (append or replace) with progress and a report, and the recent imports. */
export interface CxDatasourcesAttributes {
  /** The source to show; without it the element lists them all. */
  'source-id'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
