/**
 * Identity providers as the SSO admin page and the server both read them (issue 48): a provider's
 * kind, protocol settings and mapping rules. Server-only shapes stay in server/sso/types.ts.
 */

export type SsoKind = 'saml' | 'oidc';

/** How unknown users are treated: created on first sign-in (just in time), or refused. */
export type UnknownUsers = 'create' | 'refuse';

/**
 * One mapping rule, applied on every sign-in, in order. `attribute` names the provider's attribute
 * (SAML attribute name or OIDC claim, e.g. `groups`, `region`).
 * - `{ attribute, equals, role }`: the user gets `role` when one of the attribute's values equals `equals`.
 * - `{ attribute, claim }`: every value of the attribute becomes a claim of type `claim` (e.g. Region).
 * Roles granted by rules replace the user's role; with no role rule matching, the provider's default role.
 */
export type MappingRule = { attribute: string; equals: string; role: string } | { attribute: string; claim: string };

export interface SamlConfig {
  /** The IdP's entity id (its metadata's entityID). */
  idpEntityId: string;
  /** The IdP's single sign-on URL for the chosen binding. */
  ssoUrl: string;
  /** How the AuthnRequest travels: by redirect (HTTP-Redirect) or by a posted form (HTTP-POST). */
  binding: 'redirect' | 'post';
  /** The IdP's single logout URL (HTTP-Redirect), when it has one. */
  sloUrl?: string;
  /** The IdP's signing certificates (PEM bodies or full PEM); a response must be signed by one. */
  idpCerts: string[];
  /** Attribute holding the e-mail; the NameID when absent. */
  emailAttribute?: string;
  /** Allowed clock difference in seconds (default 60, at most 300). */
  clockSkewSeconds?: number;
}

export interface OidcConfig {
  /** The issuer; discovery reads `${issuer}/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  /** Scopes beyond `openid` (default `email profile`). */
  scopes?: string;
  /** Claim holding the e-mail (default `email`). */
  emailClaim?: string;
  /** Allowed clock difference in seconds for the ID token's times (default 60, at most 300). */
  clockSkewSeconds?: number;
}

/** A provider as the server uses it (secrets opened). */
export interface SsoProvider {
  id: string;
  kind: SsoKind;
  name: string;
  /** Lower-case e-mail domains that pick this provider (`company.com`). */
  domains: string[];
  config: SamlConfig | OidcConfig;
  /** OIDC client secret (opened); never sent to a browser. */
  clientSecret?: string;
  mapping: MappingRule[];
  unknownUsers: UnknownUsers;
  /** The role of a user no role rule matched (default PortalUser). */
  defaultRole: string;
  enabled: boolean;
  /** Set for providers from SSO_PROVIDERS: not editable in the portal. */
  fromEnvironment?: boolean;
}
