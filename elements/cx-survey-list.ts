import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { SurveyList } from '../src/surveyeditor/survey-list';
import forms from '../src/account/shared/forms.css?inline';
import styles from '../src/surveyeditor/survey-editor.css?inline';

/**
 * The survey editor's home (/editor/home): every survey with its status (draft, published,
 * closed), its responses and its last change, newest first and searchable by title, with a link
 * to start a new survey. For PortalAdmin, PortalUser and SurveyEditor.
 *
 * @tag cx-survey-list
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable).
 * @fires {CustomEvent<{href: string, path: string}>} cx-navigate - Asks to go to a portal page (bubbles, composed, cancelable): `href` is its address on the portal (the api-base), `path` the portal path. The host portal routes it; elsewhere the page loads `href` unless a listener cancels the event.
 * @csspart base - The list of surveys.
 */
export const CxSurveyList = defineElement({ tag: 'cx-survey-list', component: SurveyList, styles: forms + styles, attributes: [] });

declare global {
  interface HTMLElementTagNameMap {
    'cx-survey-list': CxElement;
  }
}
