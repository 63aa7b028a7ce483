// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** The survey editor (/editor/build/, /createSurvey, /editor/update/{shortcode}). Without a shortcode it asks for a title and creates a draft. With one it edits the survey: NPS, star, single and multiple choice and free-text questions, page breaks, display logic on earlier answers, texts in English and German, reordering by drag or Alt+Arrow keys, autosave with an undo of the last change, a live phone preview, publish, publish changes and close. */
export interface CxSurveyEditorAttributes {
  /** The survey to edit; none to create one. */
  'shortcode'?: string;
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
