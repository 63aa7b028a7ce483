import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { WebhooksPage } from '../src/webhooks/webhooks';
import forms from '../src/account/shared/forms.css?inline';
import tables from '../src/admin/shared/admin-table.css?inline';
import styles from '../src/webhooks/webhooks.css?inline';

/**
 * Outbound webhooks for administrators (/admin/webhooks): the HTTPS endpoints the portal tells of
 * events (case opened, assigned, overdue or closed; response received; alert fired), each with its
 * events, message format (JSON, Slack or Teams) and last delivery. Add, edit, switch off and
 * delete; rotate the signing secret (shown once, with a copy button); send a test event and see
 * the receiver's answer; and each endpoint's delivery log (time, event, attempt, status, answer).
 *
 * @tag cx-webhooks
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable).
 * @csspart base - The page.
 */
export const CxWebhooks = defineElement({ tag: 'cx-webhooks', component: WebhooksPage, styles: forms + tables + styles, attributes: [] });

declare global {
  interface HTMLElementTagNameMap {
    'cx-webhooks': CxElement;
  }
}
