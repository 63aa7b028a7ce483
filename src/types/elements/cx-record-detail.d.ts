// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** One case (spec part 3, record detail): header, the customer's comment, details and drivers (long texts collapse), tags, the actions the server permits (change status, assign, contact the customer: a comment with @mentions, templates, the form rules) and the history. Opening it marks it read; after an action the case, its history and its actions are brought up to date. Issue 45: the header shows the case's queue, priority and clock; closing asks the root cause, whether the problem was resolved and whether to send the recovery survey; an e-mail is previewed before it is sent; the history (rules and escalations too) exports as CSV. */
export interface CxRecordDetailAttributes {
  /** The process-flow module. Default "cases". */
  'module-id'?: string;
  /** The case's response id. */
  'source-object-id'?: string;
  /** The content profile of the way back. Default "cases". */
  'profile-id'?: string;
  /** Preselects an action group by name. */
  'action'?: string;
  /** With the action, starts its comment with the quick template of that name (a review card's 'Sorry this happened'). */
  'quick-template'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
