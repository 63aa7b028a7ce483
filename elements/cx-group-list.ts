import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { GroupList } from '../src/admin/groups/group-list';
import forms from '../src/account/shared/forms.css?inline';
import styles from '../src/admin/users/users.css?inline';

/**
 * The user groups for administrators, with member counts, links to each group and to add one.
 *
 * @tag cx-group-list
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{href: string, path: string}>} cx-navigate - Asks to go to a portal page (bubbles, composed, cancelable): `href` is its address on the portal (the api-base), `path` the portal path. The host portal routes it; elsewhere the page loads `href` unless a listener cancels the event.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable: cancel it to sign in your own way; otherwise the element shows its sign-in state until a session or `configure({ token | getToken })` arrives).
 * @csspart base - The list.
 */
export const CxGroupList = defineElement({ tag: 'cx-group-list', component: GroupList, styles: forms + styles, attributes: [] });

declare global {
  interface HTMLElementTagNameMap {
    'cx-group-list': CxElement;
  }
}
