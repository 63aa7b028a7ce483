import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { SurveyEditor } from '../src/surveyeditor/survey-editor';
import forms from '../src/account/shared/forms.css?inline';
import form from '../src/surveys/survey-form.css?inline';
import styles from '../src/surveyeditor/survey-editor.css?inline';

/**
 * The survey editor (/editor/build/, /createSurvey, /editor/update/{shortcode}). Without a
 * shortcode it asks for a title and creates a draft. With one it edits the survey: NPS, star,
 * single and multiple choice and free-text questions, page breaks, display logic on earlier
 * answers, texts in English and German, reordering by drag or Alt+Arrow keys, autosave with an
 * undo of the last change, a live phone preview, publish, publish changes and close.
 *
 * @tag cx-survey-editor
 * @attr {string} shortcode - The survey to edit; none to create one.
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable).
 * @fires {CustomEvent<{href: string, path: string}>} cx-navigate - Asks to go to a portal page (bubbles, composed, cancelable): `href` is its address on the portal (the api-base), `path` the portal path. The host portal routes it; elsewhere the page loads `href` unless a listener cancels the event.
 * @csspart base - The editor.
 */
export const CxSurveyEditor = defineElement({
  tag: 'cx-survey-editor',
  component: SurveyEditor,
  styles: forms + form + styles,
  attributes: [{ prop: 'shortcode', type: 'string' }],
});

declare global {
  interface HTMLElementTagNameMap {
    'cx-survey-editor': CxElement;
  }
}
