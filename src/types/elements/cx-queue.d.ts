// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** A case-management queue (spec part 3, queue home): the queue tabs with their counts (120 px each, the rest under More), the smart filter bar, the cases as summary cards with paging or as a grid (a row opens its case), and the empty state of the queue's tag with a link to where the work is. Each open case shows its clock (due in, or overdue by); the Overdue and Due today toggles and the deadline orders narrow and sort the list; chosen cases are assigned or closed together, with a summary of what changed (issue 45). Without `queue-name` the last queue used opens; an unknown queue goes to /404. */
export interface CxQueueAttributes {
  /** The process-flow module. Default "cases". */
  'module-id'?: string;
  /** The content profile of the links. Default "cases". */
  'profile-id'?: string;
  /** The queue (New, Mine, Working, Closed, All). An unknown name is the portal's /404 inside the host portal, elsewhere the element's own not-found state (role="alert"). */
  'queue-name'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
