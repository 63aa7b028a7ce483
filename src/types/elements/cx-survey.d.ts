// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** A published survey for anyone (the host's /survey/{shortcode}, or any page with one script tag): its questions page by page with their display logic, each answer checked, then the thank-you. No sign-in; a closed survey says it takes no more answers. */
export interface CxSurveyAttributes {
  /** The published survey's shortcode. */
  'shortcode'?: string;
  /** The personal invitation the link carried, kept with the answers. */
  'invite-id'?: string;
  /** Language of the survey (en or de); defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
