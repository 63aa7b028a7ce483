// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** Case rules for administrators (/admin/caserules). For a chosen data source: its rules (which new rows open a case, by score, values of a dimension or driver, or words in a comment; the queue, the first owner: a user, a role or round-robin within a group; the priority), each switched on or off, edited or deleted, and tested against the last 30 days before it is saved. A second tab holds the queues (first-response and resolution deadlines per priority in working hours of a calendar) and how the source's cases close (root causes, the recovery survey and how often one customer may get it). */
export interface CxCaseRulesAttributes {
  /** The data source shown first; defaults to the first one. */
  'source-id'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
