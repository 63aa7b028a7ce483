import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { RecordDetail } from '../src/processflow/record-detail/record-detail';
import forms from '../src/account/shared/forms.css?inline';
import styles from '../src/processflow/record-detail/record-detail.css?inline';
import caseStyles from '../src/processflow/shared/case.css?inline';

/**
 * One case (spec part 3, record detail): header, the customer's comment, details and drivers
 * (long texts collapse), tags, the actions the server permits (change status, assign, contact the
 * customer: a comment with @mentions, templates, the form rules) and the history. Opening it marks
 * it read; after an action the case, its history and its actions are brought up to date. Issue 45:
 * the header shows the case's queue, priority and clock; closing asks the root cause, whether the
 * problem was resolved and whether to send the recovery survey; an e-mail is previewed before it
 * is sent; the history (rules and escalations too) exports as CSV.
 *
 * @tag cx-record-detail
 * @attr {string} module-id - The process-flow module. Default "cases".
 * @attr {string} source-object-id - The case's response id.
 * @attr {string} profile-id - The content profile of the way back. Default "cases".
 * @attr {string} action - Preselects an action group by name.
 * @attr {string} quick-template - With the action, starts its comment with the quick template of that name (a review card's 'Sorry this happened').
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{sourceObjectId: number, state: string}>} cx-case-changed - An action changed the case.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable).
 * @fires {CustomEvent<{href: string, path: string}>} cx-navigate - Asks to go to a portal page (bubbles, composed, cancelable): `href` is its address on the portal (the api-base), `path` the portal path. The host portal routes it; elsewhere the page loads `href` unless a listener cancels the event.
 * @fires {CustomEvent<{name: string, count: number}>} cx-drawn - The case is on screen (as Tableau's FirstInteractive): once per case opened (not again for an action's answer). `name` is the case's source object id, `count` 1.
 * @csspart base - The case.
 */
export const CxRecordDetail = defineElement({
  tag: 'cx-record-detail',
  component: RecordDetail,
  styles: forms + caseStyles + styles,
  attributes: [
    { prop: 'moduleId', type: 'string' },
    { prop: 'sourceObjectId', type: 'string' },
    { prop: 'profileId', type: 'string' },
    { prop: 'action', type: 'string' },
    { prop: 'quickTemplate', type: 'string' },
  ],
});

declare global {
  interface HTMLElementTagNameMap {
    'cx-record-detail': CxElement;
  }
}
