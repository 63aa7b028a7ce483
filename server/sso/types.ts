/**
 * Single sign-on with customers' identity providers (issue 48): the shapes every part shares. A
 * provider is a row (`sso_providers`) or an entry of SSO_PROVIDERS (automation); each protocol
 * (SAML 2.0, OpenID Connect) turns the provider's answer into an `SsoIdentity`, and one path
 * (`finish.ts`) maps it to a portal user, roles and claims and hands the browser a portal assertion.
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

/** What a protocol hands to `finish.ts` once the provider's answer is verified. */
export interface SsoIdentity {
  /** The provider's stable id of the user (SAML NameID, OIDC `sub`). */
  subject: string;
  email: string;
  firstName?: string;
  lastName?: string;
  /** Every attribute or claim, as lists of strings (groups, region, ...). */
  attributes: Record<string, string[]>;
  /** For single logout: SAML NameID format and SessionIndex, or the OIDC ID token (id_token_hint). */
  logout?: { nameId?: string; nameIdFormat?: string; sessionIndex?: string; idToken?: string };
}

/** A sign-in on its way to a provider (`sso_requests`): spent once, when the provider's answer arrives. */
export interface PendingSignIn {
  /** Opaque, unguessable: the SAML RelayState or the OIDC `state`. */
  id: string;
  providerId: string;
  /** SAML AuthnRequest ID (InResponseTo must equal it). */
  requestId?: string;
  /** OIDC nonce and PKCE code verifier. */
  nonce?: string;
  verifier?: string;
  /** The portal path to return to after sign-in (already checked with samePortalPath). */
  relay: string;
  /** sha256 of the browser cookie that started it (`cx_sso`): the answer is only taken by that browser. */
  browser: string;
  expiresAt: Date;
}
