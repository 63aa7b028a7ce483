import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { CaseRules } from '../src/caserules/case-rules';
import forms from '../src/account/shared/forms.css?inline';
import users from '../src/admin/users/users.css?inline';
import styles from '../src/caserules/caserules.css?inline';

/**
 * Case rules for administrators (/admin/caserules). For a chosen data source: its rules (which new
 * rows open a case, by score, values of a dimension or driver, or words in a comment; the queue,
 * the first owner: a user, a role or round-robin within a group; the priority), each switched on
 * or off, edited or deleted, and tested against the last 30 days before it is saved. A second tab
 * holds the queues (first-response and resolution deadlines per priority in working hours of a
 * calendar) and how the source's cases close (root causes, the recovery survey and how often one
 * customer may get it).
 *
 * @tag cx-case-rules
 * @attr {string} source-id - The data source shown first; defaults to the first one.
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable).
 * @csspart base - The page: the source, its tabs and the shown tab.
 */
export const CxCaseRules = defineElement({
  tag: 'cx-case-rules',
  component: CaseRules,
  styles: forms + users + styles,
  attributes: [{ prop: 'sourceId', type: 'string' }],
});

declare global {
  interface HTMLElementTagNameMap {
    'cx-case-rules': CxElement;
  }
}
