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
 */
export const CxSurveyList = defineElement({ tag: 'cx-survey-list', component: SurveyList, styles: forms + styles, attributes: [] });

declare global {
  interface HTMLElementTagNameMap {
    'cx-survey-list': CxElement;
  }
}
