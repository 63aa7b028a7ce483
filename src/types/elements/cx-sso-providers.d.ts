// Generated from custom-elements.json by elements/tools/emit-types.mjs. Do not edit.
/** Single sign-on for GlobalAdmins (/admin/sso): the company identity providers (SAML 2.0 and OpenID Connect) with their e-mail domains, whether they are on and whether the environment set them (read-only). Add and edit in a dialog — SAML from the provider's metadata (a URL or a file), OIDC with a client secret that is stored and never shown — with mapping rules from attributes to roles and claims; delete after a question. Shows the portal's values to enter at the provider (entity id, ACS URL, metadata URL, redirect URI) with copy buttons, and the SCIM provisioning section: its base URL and bearer tokens (issued and shown once, listed, revoked). */
export interface CxSsoProvidersAttributes {
  /** Language of the element's texts; defaults to `configure({ locale })`. */
  'lang'?: string;
  /** Origin of the portal server; defaults to `configure({ apiBase })`. */
  'api-base'?: string;
}
