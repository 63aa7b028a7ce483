import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { AlertsPage } from '../src/alerts/alerts-page';
import forms from '../src/account/shared/forms.css?inline';
import styles from '../src/alerts/alerts.css?inline';

/**
 * The alerts page (/alerts, with the alerting feature): the user's alert subscriptions on the
 * survey responses (NPS, average stars, detractors or a driver's negative share, under filters
 * and the user's claims; below, above, a change against the previous seven days, or every new
 * detractor; checked immediately, daily or weekly), with edit, pause, resume and delete. A firing
 * arrives by e-mail and in the notification pop-up.
 *
 * @tag cx-alerts
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable).
 * @fires {CustomEvent<{name: string, count: number}>} cx-drawn - The alerts are on screen (as Tableau's FirstInteractive): once per load (not again for the user's own changes). `name` is the module ("responses"), `count` the alerts.
 * @csspart base - The alerts page.
 */
export const CxAlerts = defineElement({ tag: 'cx-alerts', component: AlertsPage, styles: forms + styles, attributes: [] });

declare global {
  interface HTMLElementTagNameMap {
    'cx-alerts': CxElement;
  }
}
