// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** The demo card wall: a 960 by 540 view of 3 by 2 cards, the NPS gauge (-1 to 1, month to date) in the first and feedback cards of the month in the others: store, how long ago, the comment, the spend, the NPS label and the four drivers with their icons. One card changes every 5 s; clicking a card (or Enter on it) changes it at once. */
export interface CxDemoWallAttributes {
  /** The smart-data module. Default "responses". */
  'module-id'?: string;
  /** The visual that gives the gauge value. Default "nps". */
  'gauge'?: string;
  /** The visual that gives the comments (with Store, ResponseDate, Spend, NPSGroup and the Driver_ fields). Default "comments". */
  'comments'?: string;
  /** The module's date field, for the month to date. Default "ResponseDate". */
  'date-key'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
