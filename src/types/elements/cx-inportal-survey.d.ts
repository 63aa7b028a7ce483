// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** The in-portal survey page (spec part 2): a directory of colleagues to give feedback to now (Give Now opens the survey link, on the mobile survey site on a phone) or to add to the invite list (each once, by the invite key); nomination with a relationship for everyone on the list and the minimum per relationship; a send confirmation that queues the e-mails; and the history of invitations. Steps landing, history, nominate and sendconfirmation with a back stack; leaving the confirmation clears the list. Messages are toasts in a live region. */
export interface CxInportalSurveyAttributes {
  /** The in-portal survey module. Default "team-feedback". */
  'module-id'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
