// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** The data viewer's cards: the record count comes first; above the profile's card limit (cardLimit.min, else 5000) a too-many-cards state offers to raise it to cardLimit.max; otherwise a card per record from the profile's templates, facets with counts to narrow them, and a sort/zoom slider over buckets of ceil(count/100) cards (11 visible at first). */
export interface CxCardViewerAttributes {
  /** The smart-data module. Default "responses". */
  'module-id'?: string;
  /** The viewer profile. Default "default". */
  'profile'?: string;
  /** The filters the cards follow. Default "default". */
  'filter-scope'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
