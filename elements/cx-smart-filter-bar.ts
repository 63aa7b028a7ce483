import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { SmartFilterBar } from '../src/filters/smart-filter-bar/smart-filter-bar';
import forms from '../src/account/shared/forms.css?inline';
import styles from '../src/filters/smart-filter-bar/smart-filter-bar.css?inline';

/**
 * The smart filter bar of a smart-data module: search (500 ms after typing, restricted words
 * refused), the date filter with every choice of the spec (Last 7 Days by default), multi-select
 * value filters with counts, the current-filters badge with clear, and the last recorded date.
 * Tiles with the same `filter-scope` anywhere on the page follow its filters.
 *
 * @tag cx-smart-filter-bar
 * @attr {string} module-id - The smart-data module to filter.
 * @attr {string} filter-scope - Links the bar to tiles with the same scope. Default "default".
 * @attr {string} tags - Smart-data tags choosing the value filters, comma-separated (e.g. "Core").
 * @attr {string} date-key - The date field of the module. Default "ResponseDate".
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{filterScope: string, smartFilters: unknown[]}>} cx-filters-change - The user changed a filter.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable: cancel it to sign in your own way; otherwise the element shows its sign-in state until a session or `configure({ token | getToken })` arrives).
 * @fires {CustomEvent<{name: string, count: number}>} cx-drawn - The filters' values and counts are on screen (as Tableau's FirstInteractive): once per answer (the first and each one for changed filters). `name` is the filter scope, `count` the value filters shown.
 * @csspart base - The bar.
 */
export const CxSmartFilterBar = defineElement({
  tag: 'cx-smart-filter-bar',
  component: SmartFilterBar,
  styles: forms + styles,
  attributes: [
    { prop: 'moduleId', type: 'string' },
    { prop: 'filterScope', type: 'string' },
    { prop: 'tags', type: 'string' },
    { prop: 'dateKey', type: 'string' },
  ],
});

declare global {
  interface HTMLElementTagNameMap {
    'cx-smart-filter-bar': CxElement;
  }
}
