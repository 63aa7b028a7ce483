// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** Net Promoter Score gauge of the demo wall: a half dial from -1 to 1, coloured grey at zero, red below and green above, with the value (format 0.0%) and the response count. */
export interface CxNpsGaugeAttributes {
  /** NPS as a fraction from -1 to 1. Default 0. */
  'value'?: number | string;
  /** Number of responses behind the score; hidden when absent. */
  'responses'?: number | string;
  /** Caption. Default "NPS, MONTH TO DATE" (translated). */
  'label'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Base URL of the API; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
