// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** The data page: links to its modes (records grid, analytics pivot, cards; the record and card links as the data source allows), the smart filter bar, favourites, the chosen mode and an "Export to Excel" button when the profile has an export. It loads in the spec's order: the profile (query, else path, else the first), its schema, filters reset, then the hand-off, the favourite or the profile's default filters, then the data; answers of an older load are dropped. On a mobile width the non-records modes go to /echo-503. */
export interface CxDataViewerAttributes {
  /** The smart-data module. Default "responses". */
  'module-id'?: string;
  /** The menu profile of the address, for the mode links. Default "insights". */
  'profile-id'?: string;
  /** The viewer profile named by the path. */
  'profile-name'?: string;
  /** The viewer profile named by the query; wins over the path's. */
  'profile'?: string;
  /** The mode: RecordsViewer (default), AnalyticsViewer or CardViewer. */
  'type'?: string;
  /** A favourite of one's own to open (the page's `f`); updates its last access. */
  'favourite'?: string;
  /** A shared favourite to open (the page's `s`). */
  'shared'?: string;
  /** Take the analytics cell hand-off (the page's `handoff`). */
  'hand-off'?: boolean;
  /** A record to open on (the path's trailing Id; the details link leads here). */
  'record-id'?: string;
  /** Shares the filters with other elements. Default "content:{module-id}". */
  'filter-scope'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
