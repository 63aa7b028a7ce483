/**
 * Single sign-on with customers' identity providers (issue 48): the shapes every part shares. A
 * provider is a row (`sso_providers`) or an entry of SSO_PROVIDERS (automation); each protocol
 * (SAML 2.0, OpenID Connect) turns the provider's answer into an `SsoIdentity`, and one path
 * (`finish.ts`) maps it to a portal user, roles and claims and hands the browser a portal assertion.
 */

export type { SsoKind, UnknownUsers, MappingRule, SamlConfig, OidcConfig, SsoProvider } from '../../src/lib/sso-providers';

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
