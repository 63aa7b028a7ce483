// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** A star rating: shows a value with quarter-star fills and, unless read-only, lets the user choose a whole number of stars with the mouse or the keyboard (arrows, Home, End). */
export interface CxStarRatingAttributes {
  /** The rating, from 0 to `max`; fractions fill stars in quarter steps. Default 0. */
  'value'?: number | string;
  /** Number of stars. Default 5. */
  'max'?: number | string;
  /** Shows the rating without letting the user change it. */
  'readonly'?: boolean;
  /** Colours the stars by the star chart bands: red below 3, grey 3 to 4, green above 4. */
  'banded'?: boolean;
  /** Shows the rating, rounded to one decimal, beside the stars. */
  'show-value'?: boolean;
  /** Accessible name. Default "Rating" (translated). */
  'label'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Base URL of the API; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
