import '../src/i18n';
import { defineElement, type CxElement } from '../src/elements/define';
import { SsoProvidersPage } from '../src/sso/sso-providers';
import forms from '../src/account/shared/forms.css?inline';
import tables from '../src/admin/shared/admin-table.css?inline';
import styles from '../src/sso/sso-admin.css?inline';

/**
 * Single sign-on for GlobalAdmins (/admin/sso): the company identity providers (SAML 2.0 and
 * OpenID Connect) with their e-mail domains, whether they are on and whether the environment set
 * them (read-only). Add and edit in a dialog — SAML from the provider's metadata (a URL or a file),
 * OIDC with a client secret that is stored and never shown — with mapping rules from attributes to
 * roles and claims; delete after a question. Shows the portal's values to enter at the provider
 * (entity id, ACS URL, metadata URL, redirect URI) with copy buttons, and the SCIM provisioning
 * section: its base URL and bearer tokens (issued and shown once, listed, revoked).
 *
 * @tag cx-sso-providers
 * @attr {string} lang - Language of the element's texts; defaults to `configure({ locale })`.
 * @attr {string} api-base - Origin of the portal server; defaults to `configure({ apiBase })`.
 * @fires {CustomEvent<{apiBase: string}>} cx-auth-required - Outside the host portal, a call was refused for want of a sign-in (cancelable).
 * @csspart base - The page.
 */
export const CxSsoProviders = defineElement({ tag: 'cx-sso-providers', component: SsoProvidersPage, styles: forms + tables + styles, attributes: [] });

declare global {
  interface HTMLElementTagNameMap {
    'cx-sso-providers': CxElement;
  }
}
