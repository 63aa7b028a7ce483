import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { PublicSurveyPage } from '../src/surveys/public-survey';
import forms from '../src/account/shared/forms.css?inline';
import styles from '../src/surveys/survey-form.css?inline';

/**
 * A published survey for anyone (the host's /survey/{shortcode}, or any page with one script
 * tag): its questions page by page with their display logic, each answer checked, then the
 * thank-you. No sign-in; a closed survey says it takes no more answers. It speaks the first of
 * the respondent's languages the survey is offered in (its texts and the page's own), else the
 * survey's default. A survey that reports under several stores takes the respondent's from
 * `store` (the link's `?store=`), or asks for it as the first question.
 *
 * @tag cx-survey
 * @attr {string} shortcode - The published survey's shortcode.
 * @attr {string} invite-id - The personal invitation the link carried, kept with the answers.
 * @attr {string} store - The respondent's store (the link's `?store=`): one of the survey's stores; another is an error on the page.
 * @attr {string} lang - The language wanted first (en or de), if the survey has it; defaults to `configure({ locale })`, then the browser's languages.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable: cancel it to sign in your own way; otherwise the element shows its sign-in state until a session or `configure({ token | getToken })` arrives).
 * @csspart base - The survey.
 */
export const CxSurvey = defineElement({
  tag: 'cx-survey',
  component: PublicSurveyPage,
  styles: forms + styles,
  attributes: [
    { prop: 'shortcode', type: 'string' },
    { prop: 'inviteId', type: 'string' },
    { prop: 'store', type: 'string' },
  ],
});

declare global {
  interface HTMLElementTagNameMap {
    'cx-survey': CxElement;
  }
}
