// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** A star rating: shows a value with quarter-star fills and, unless read-only, lets the user choose a whole number of stars with the mouse or the keyboard (arrows, Home, End). A form control: inside a `<form>` it submits its value under `name`, takes part in validation (`required`), reset and disabled fieldsets. Right to left (`dir="rtl"`), the stars fill from the right. */
export interface CxStarRatingAttributes {
  /** The rating, from 0 to `max`; fractions fill stars in quarter steps. Default 0. */
  'value'?: number | string;
  /** Number of stars. Default 5. */
  'max'?: number | string;
  /** Shows the rating without letting the user change it (property also `readOnly`). */
  'readonly'?: boolean;
  /** Neither focusable nor changeable, and left out of its form; a disabled fieldset around it does the same. */
  'disabled'?: boolean;
  /** The field name under which a form submits the rating (a whole number; nothing while 0). */
  'name'?: string;
  /** A form with the rating unset (0) is invalid ("valueMissing"). */
  'required'?: boolean;
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
