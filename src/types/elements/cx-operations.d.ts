// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** The operations page (spec part 2). Mode `home` (/operations/home, GlobalAdmin or System): refresh local files, clear the cache, run the alert scheduler now, the log of what was done and by whom, the e-mail outbox and the free-trial requests, and the menu of paths. Mode `panel` (/operations/panel, any signed-in user): the menu of data viewer and dashboard paths only. */
export interface CxOperationsAttributes {
  /** Which part to show. Default "home". */
  'mode'?: "home"|"panel";
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
