import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { Toasts } from '../src/shell/toasts/toasts';
import styles from '../src/shell/toasts/toasts.css?inline';

/**
 * The page's toasts, fixed bottom right: short notices that close after 5 seconds, and prompts
 * with a button (such as the refresh prompt after a new portal version) that stay until used.
 *
 * @tag cx-toasts
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @csspart base - The stack.
 * @csspart toast - Each toast.
 */
export const CxToasts = defineElement({ tag: 'cx-toasts', component: Toasts, styles, attributes: [] });

declare global {
  interface HTMLElementTagNameMap {
    'cx-toasts': CxElement;
  }
}
