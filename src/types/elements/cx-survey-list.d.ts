// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** The survey editor's home (/editor/home): every survey with its status (draft, published, closed), its responses and its last change, newest first and searchable by title, with a link to start a new survey. For PortalAdmin, PortalUser and SurveyEditor. */
export interface CxSurveyListAttributes {
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
