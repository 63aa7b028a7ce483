import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { InPortalSurvey } from '../src/inportalsurvey/survey-page';
import forms from '../src/account/shared/forms.css?inline';
import styles from '../src/inportalsurvey/survey-page.css?inline';

/**
 * The in-portal survey page (spec part 2): a directory of colleagues to give feedback to now
 * (Give Now opens the survey link, on the mobile survey site on a phone) or to add to the invite
 * list (each once, by the invite key); nomination with a relationship for everyone on the list
 * and the minimum per relationship; a send confirmation that queues the e-mails; and the history
 * of invitations. Steps landing, history, nominate and sendconfirmation with a back stack;
 * leaving the confirmation clears the list. Messages are toasts in a live region.
 *
 * @tag cx-inportal-survey
 * @attr {string} module-id - The in-portal survey module. Default "team-feedback".
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable).
 * @csspart base - The survey page.
 */
export const CxInPortalSurvey = defineElement({
  tag: 'cx-inportal-survey',
  component: InPortalSurvey,
  styles: forms + styles,
  attributes: [{ prop: 'moduleId', type: 'string' }],
});

declare global {
  interface HTMLElementTagNameMap {
    'cx-inportal-survey': CxElement;
  }
}
