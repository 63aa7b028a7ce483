// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** "Add your data": a file dropped or picked (CSV, TSV, XLSX, JSON Lines, Parquet), the server's preview to check (its notes, the first rows, each column's type and proposed role, the date format where it is ambiguous, the id and date columns, the source's name), then the source made and the file imported with progress, Cancel and a report of refused rows, with a link to the starter dashboard. */
export interface CxDatasourceImportAttributes {
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
