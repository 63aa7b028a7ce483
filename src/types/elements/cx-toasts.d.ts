// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** The page's toasts, fixed bottom right: short notices that close after 5 seconds, and prompts with a button (such as the refresh prompt after a new portal version) that stay until used. */
export interface CxToastsAttributes {
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
