import { request, type ApiTarget } from './client';
import type { BadRequest } from './errors';
// The shapes the server and the screen share (src/lib: the server reads them from here).
import type { MappingRule, OidcConfig, SamlConfig, SsoKind, SsoProvider, UnknownUsers } from '../lib/sso-providers';

export type { MappingRule, OidcConfig, SamlConfig, SsoKind, UnknownUsers };

/**
 * Single sign-on providers and SCIM tokens for GlobalAdmins (issue 48): the contract of
 * /api/sso/providers and /api/scim/tokens. The shapes are server/sso/types.ts's as a browser
 * sees them: a provider's client secret is never sent, only whether one is stored.
 */

/** A provider as GET /api/sso/providers lists it: never its client secret, only whether one is stored. */
export type ProviderView = Omit<SsoProvider, 'clientSecret'> & { hasSecret: boolean };

/** What POST and PUT take: the view's fields, and a new client secret (absent on PUT: the stored one is kept). */
export type ProviderInput = Omit<ProviderView, 'hasSecret' | 'fromEnvironment'> & { clientSecret?: string };

/** The portal's own addresses an identity provider is told of. */
export interface ServiceProvider {
  entityId: string;
  acsUrl: string;
  sloUrl: string;
  metadataUrl: string;
  oidcRedirectUri: string;
}

/** An IdP's metadata, read but not saved. */
export interface ParsedMetadata {
  idpEntityId: string;
  ssoUrls: { redirect?: string; post?: string };
  sloUrl?: string;
  idpCerts: string[];
}

export interface ScimToken {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** A revoked token is listed (who had access, until when) but opens nothing. */
  revoked?: boolean;
}

type Maybe<T> = Promise<T | BadRequest>;
const PROVIDERS = '/api/sso/providers';
const TOKENS = '/api/scim/tokens';
const one = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

export const listProviders = (target?: ApiTarget): Maybe<{ providers: ProviderView[]; serviceProvider: ServiceProvider }> => request('GET', PROVIDERS, { target });
export const createProvider = (p: ProviderInput, target?: ApiTarget): Maybe<ProviderView> => request('POST', PROVIDERS, { target, json: p });
export const updateProvider = (id: string, p: ProviderInput, target?: ApiTarget): Maybe<ProviderView> => request('PUT', one(PROVIDERS, id), { target, json: p });
export const deleteProvider = (id: string, target?: ApiTarget): Maybe<undefined> => request('DELETE', one(PROVIDERS, id), { target });
export const readMetadata = (from: { url: string } | { xml: string }, target?: ApiTarget): Maybe<ParsedMetadata> => request('POST', `${PROVIDERS}/metadata`, { target, json: from });

export const listScimTokens = (target?: ApiTarget): Maybe<{ tokens: ScimToken[] }> => request('GET', TOKENS, { target });
export const issueScimToken = (name: string, target?: ApiTarget): Maybe<ScimToken & { token: string }> => request('POST', TOKENS, { target, json: { name } });
export const revokeScimToken = (id: string, target?: ApiTarget): Maybe<undefined> => request('DELETE', one(TOKENS, id), { target });
