import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { QueueHome } from '../src/processflow/queue/queue';
import forms from '../src/account/shared/forms.css?inline';
import bar from '../src/filters/smart-filter-bar/smart-filter-bar.css?inline';
import styles from '../src/processflow/queue/queue.css?inline';
import caseStyles from '../src/processflow/shared/case.css?inline';

/**
 * A case-management queue (spec part 3, queue home): the queue tabs with their counts (120 px
 * each, the rest under More), the smart filter bar, the cases as summary cards with paging or as
 * a grid (a row opens its case), and the empty state of the queue's tag with a link to where the
 * work is. Each open case shows its clock (due in, or overdue by); the Overdue and Due today
 * toggles and the deadline orders narrow and sort the list; chosen cases are assigned or closed
 * together, with a summary of what changed (issue 45). Without `queue-name` the last queue used
 * opens; an unknown queue goes to /404.
 *
 * @tag cx-queue
 * @attr {string} module-id - The process-flow module. Default "cases".
 * @attr {string} profile-id - The content profile of the links. Default "cases".
 * @attr {string} queue-name - The queue (New, Mine, Working, Closed, All). An unknown name is the portal's /404 inside the host portal, elsewhere the element's own not-found state (role="alert").
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable).
 * @fires {CustomEvent<{href: string, path: string}>} cx-navigate - Asks to go to a portal page (bubbles, composed, cancelable): `href` is its address on the portal (the api-base), `path` the portal path. The host portal routes it; elsewhere the page loads `href` unless a listener cancels the event.
 * @fires {CustomEvent<{filterScope: string, smartFilters: unknown[]}>} cx-filters-change - The user changed a filter of its filter bar.
 * @fires {CustomEvent<{name: string, count: number}>} cx-drawn - The queue's cases are on screen (as Tableau's FirstInteractive): once per page of them, after the first load and after each reload for another queue, page, filter, toggle or order. `name` is the queue's, `count` its cases under the filters (0 for its empty state).
 * @csspart base - The queue.
 */
export const CxQueue = defineElement({
  tag: 'cx-queue',
  component: QueueHome,
  styles: forms + bar + caseStyles + styles,
  attributes: [
    { prop: 'moduleId', type: 'string' },
    { prop: 'profileId', type: 'string' },
    { prop: 'queueName', type: 'string' },
  ],
});

declare global {
  interface HTMLElementTagNameMap {
    'cx-queue': CxElement;
  }
}
