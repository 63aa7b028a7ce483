import { defineElement, type CxFormElement } from '../src/elements/define';
import { StarRating } from '../src/visuals/star-rating/star-rating';
import styles from '../src/visuals/star-rating/star-rating.css?inline';

/**
 * A star rating: shows a value with quarter-star fills and, unless read-only, lets the user
 * choose a whole number of stars with the mouse or the keyboard (arrows, Home, End). A form
 * control: inside a `<form>` it submits its value under `name`, takes part in validation
 * (`required`), reset and disabled fieldsets. Right to left (`dir="rtl"`), the stars fill from the right.
 *
 * @tag cx-star-rating
 * @attr {number} value - The rating, from 0 to `max`; fractions fill stars in quarter steps. Default 0.
 * @attr {number} max - Number of stars. Default 5.
 * @attr {boolean} readonly - Shows the rating without letting the user change it (property also `readOnly`).
 * @attr {boolean} disabled - Neither focusable nor changeable, and left out of its form; a disabled fieldset around it does the same.
 * @attr {string} name - The field name under which a form submits the rating (a whole number; nothing while 0).
 * @attr {boolean} required - A form with the rating unset (0) is invalid ("valueMissing").
 * @attr {boolean} banded - Colours the stars by the star chart bands: red below 3, grey 3 to 4, green above 4.
 * @attr {boolean} show-value - Shows the rating, rounded to one decimal, beside the stars.
 * @attr {string} label - Accessible name. Default "Rating" (translated).
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Base URL of the API; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{value: number}>} cx-change - The user chose a rating.
 * @csspart base - The wrapper of stars and value.
 * @csspart star - Each star.
 * @csspart value - The value text (with `show-value`).
 * @cssprop --star-size - Size of one star. Default 24px.
 * @cssprop --star-color - Fill of a chosen star. Default var(--cx-color-star).
 * @cssprop --star-empty-color - Fill of an empty star.
 */
export const CxStarRating = defineElement({
  tag: 'cx-star-rating',
  component: StarRating,
  styles,
  form: { value: 'value', missing: 'Choose a rating.' },
  attributes: [
    { prop: 'value', type: 'number' },
    { prop: 'max', type: 'number', min: 1, max: 20 },
    { prop: 'readonly', type: 'boolean' },
    { prop: 'banded', type: 'boolean' },
    { prop: 'showValue', type: 'boolean' },
    { prop: 'label', type: 'string' },
  ],
});

export interface CxStarRatingElement extends CxFormElement {
  value: number | undefined;
  max: number | undefined;
  readonly: boolean;
  banded: boolean;
  showValue: boolean;
  label: string | undefined;
  readOnly: boolean;
}

declare global {
  interface HTMLElementTagNameMap {
    'cx-star-rating': CxStarRatingElement;
  }
  interface GlobalEventHandlersEventMap {
    'cx-change': CustomEvent<{ value: number }>;
  }
}
