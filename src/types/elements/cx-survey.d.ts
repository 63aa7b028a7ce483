// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** A published survey for anyone (the host's /survey/{shortcode}, or any page with one script tag): its questions page by page with their display logic, each answer checked, then the thank-you. No sign-in; a closed survey says it takes no more answers. It speaks the first of the respondent's languages the survey is offered in (its texts and the page's own), else the survey's default. A survey that reports under several stores takes the respondent's from `store` (the link's `?store=`), or asks for it as the first question. */
export interface CxSurveyAttributes {
  /** The published survey's shortcode. */
  'shortcode'?: string;
  /** The personal invitation the link carried, kept with the answers. */
  'invite-id'?: string;
  /** The respondent's store (the link's `?store=`): one of the survey's stores; another is an error on the page. */
  'store'?: string;
  /** The language wanted first (en or de), if the survey has it; defaults to `configure({ locale })`, then the browser's languages. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
