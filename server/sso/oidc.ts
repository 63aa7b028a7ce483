/**
 * The portal as an OpenID Connect relying party (`openid-client`, certified): discovery (cached per
 * issuer for a bounded time), authorization code with PKCE (S256), state and nonce, the ID token's
 * checks (signature against the provider's keys, issuer, audience, expiry within the allowed clock
 * skew on the portal's clock, nonce), userinfo when the ID token lacks claims, and the end-session URL.
 */
import * as client from 'openid-client';
import { outboundProblem } from './outbound';
import type { OidcConfig, PendingSignIn, SsoIdentity, SsoProvider } from './types';
import { serviceProviderUrls } from './urls';

/** A refusal the browser is shown (`/sso/error?error=…`). */
export class OidcError extends Error {}

const DISCOVERY_TTL_MS = 15 * 60_000;
const DISCOVERY_MAX = 100;
const TIMEOUT_S = 10;
const DEFAULT_SKEW_S = 60;
const MAX_SKEW_S = 300;


interface Discovered {
  metadata: client.ServerMetadata;
  jwks?: ReturnType<typeof client.getJwksCache>;
  until: number;
}
const discovered = new Map<string, Discovered>();

/** Plain http only on loopback (tests, a provider on the same machine); anywhere else https. */
function insecureAllowed(issuer: URL): boolean {
  return issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
}

async function discover(issuer: URL): Promise<Discovered> {
  const key = issuer.href;
  const hit = discovered.get(key);
  if (hit && hit.until > Date.now()) return hit;
  const problem = await outboundProblem(issuer);
  if (problem) throw new OidcError(problem);
  let config: client.Configuration;
  try {
    config = await client.discovery(issuer, 'discovery', undefined, undefined, {
      timeout: TIMEOUT_S,
      execute: insecureAllowed(issuer) ? [client.allowInsecureRequests] : [],
    });
  } catch (error) {
    throw new OidcError(`The identity provider ${issuer.href} could not be discovered (${causeOf(error).message}).`);
  }
  // An ID token must be signed: `none` is never accepted, whatever the provider announces.
  const metadata = { ...config.serverMetadata() };
  if (metadata.id_token_signing_alg_values_supported) metadata.id_token_signing_alg_values_supported = metadata.id_token_signing_alg_values_supported.filter((alg) => alg !== 'none');
  const entry = { metadata, until: Date.now() + DISCOVERY_TTL_MS, jwks: hit?.jwks };
  discovered.delete(key);
  if (discovered.size >= DISCOVERY_MAX) discovered.delete(discovered.keys().next().value!);
  discovered.set(key, entry);
  return entry;
}

function issuerUrl(config: OidcConfig): URL {
  try {
    const url = new URL(config.issuer);
    if (url.protocol === 'https:' || insecureAllowed(url)) return url;
  } catch {
    // refused below
  }
  throw new OidcError(`The identity provider's issuer ${config.issuer} must be an https address.`);
}

/** The provider's client configuration, checked on the portal's clock (tests move it) with the allowed skew. */
async function configuration(provider: SsoProvider, now: Date): Promise<{ config: client.Configuration; entry: Discovered }> {
  const oidc = provider.config as OidcConfig;
  const issuer = issuerUrl(oidc);
  const entry = await discover(issuer);
  const skew = Math.min(Math.max(oidc.clockSkewSeconds ?? DEFAULT_SKEW_S, 0), MAX_SKEW_S);
  const methods = entry.metadata.token_endpoint_auth_methods_supported;
  const auth = !methods || methods.includes('client_secret_basic') ? client.ClientSecretBasic(provider.clientSecret) : client.ClientSecretPost(provider.clientSecret);
  const config = new client.Configuration(
    entry.metadata,
    oidc.clientId,
    { [client.clockSkew]: Math.round((now.getTime() - Date.now()) / 1000), [client.clockTolerance]: skew },
    auth,
  );
  config.timeout = TIMEOUT_S;
  if (insecureAllowed(issuer)) client.allowInsecureRequests(config);
  // Verify the ID token's signature with the provider's published keys (kept with the discovery).
  client.enableNonRepudiationChecks(config);
  if (entry.jwks) client.setJwksCache(config, entry.jwks);
  return { config, entry };
}

/** The nonce and PKCE verifier a pending sign-in keeps. */
export const oidcSecrets = () => ({ nonce: client.randomNonce(), verifier: client.randomPKCECodeVerifier() });

/** Where the browser goes to sign in at the provider; `state` is the pending sign-in's id. */
export async function oidcAuthorizationUrl(provider: SsoProvider, pending: Pick<PendingSignIn, 'id' | 'nonce' | 'verifier'>, publicOrigin: string, now: Date): Promise<string> {
  const { config } = await configuration(provider, now);
  const scopes = (provider.config as OidcConfig).scopes?.trim() || 'email profile';
  return client
    .buildAuthorizationUrl(config, {
      redirect_uri: serviceProviderUrls(publicOrigin).oidcRedirectUri,
      scope: ['openid', ...scopes.split(/\s+/).filter((s) => s !== 'openid')].join(' '),
      state: pending.id,
      nonce: pending.nonce!,
      code_challenge: await client.calculatePKCECodeChallenge(pending.verifier!),
      code_challenge_method: 'S256',
    })
    .toString();
}

/** The provider's `error` / `error_description` on the callback, as a message (provider text is cut short). */
export function providerRefusal(query: URLSearchParams): string | undefined {
  const error = query.get('error');
  return error ? `The identity provider refused the sign-in: ${(query.get('error_description') || error).slice(0, 300)}.` : undefined;
}

type Claims = Record<string, unknown>;
/** The token's own claims: not attributes of the user. */
const PROTOCOL_CLAIMS = new Set(['iss', 'sub', 'aud', 'exp', 'iat', 'nbf', 'jti', 'nonce', 'azp', 'at_hash', 'c_hash', 's_hash', 'auth_time', 'sid', 'acr', 'amr']);

const asList = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]).filter((v) => ['string', 'number', 'boolean'].includes(typeof v)).map(String);

/**
 * The verified identity of a callback (`query` as the provider sent it): exchanges the code, checks
 * the ID token, reads userinfo when the ID token lacks the e-mail or a claim the mapping rules use.
 */
export async function oidcIdentity(provider: SsoProvider, query: URLSearchParams, pending: PendingSignIn, publicOrigin: string, now: Date): Promise<SsoIdentity> {
  const refused = providerRefusal(query);
  if (refused) throw new OidcError(refused);
  const { config, entry } = await configuration(provider, now);
  const oidc = provider.config as OidcConfig;
  const current = new URL(serviceProviderUrls(publicOrigin).oidcRedirectUri);
  current.search = query.toString();
  let claims: Claims;
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.id,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    claims = { ...tokens.claims() };
    const emailClaim = oidc.emailClaim || 'email';
    const wanted = [emailClaim, ...provider.mapping.map((rule) => rule.attribute)];
    if (wanted.some((name) => claims[name] === undefined) && entry.metadata.userinfo_endpoint) {
      const info = await client.fetchUserInfo(config, tokens.access_token, String(claims.sub));
      claims = { ...info, ...claims };
    }
  } catch (error) {
    throw new OidcError(refusal(error));
  } finally {
    entry.jwks = client.getJwksCache(config) ?? entry.jwks;
  }
  return identityOf(claims, oidc, tokens.id_token);
}

function identityOf(claims: Claims, oidc: OidcConfig, idToken: string | undefined): SsoIdentity {
  const email = claims[oidc.emailClaim || 'email'];
  if (typeof email !== 'string' || !email.includes('@')) throw new OidcError(`The identity provider sent no e-mail address (claim ${oidc.emailClaim || 'email'}).`);
  // An address the provider has not verified must not pick an existing portal account.
  if (claims.email_verified === false || claims.email_verified === 'false') throw new OidcError('The identity provider has not verified this e-mail address.');
  const attributes: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(claims)) {
    if (PROTOCOL_CLAIMS.has(name)) continue;
    const list = asList(value);
    if (list.length > 0) attributes[name] = list;
  }
  return {
    subject: String(claims.sub),
    email: email.trim().toLowerCase(),
    firstName: typeof claims.given_name === 'string' ? claims.given_name : undefined,
    lastName: typeof claims.family_name === 'string' ? claims.family_name : undefined,
    attributes,
    logout: idToken ? { idToken } : undefined,
  };
}

/** The innermost error (openid-client wraps the checks' errors), with what it names. */
function causeOf(error: unknown): Error & { code?: string; cause?: { claim?: string; header?: { alg?: string } } } {
  let current = error as Error & { cause?: unknown };
  while (current?.cause instanceof Error) current = current.cause as Error & { cause?: unknown };
  return current as ReturnType<typeof causeOf>;
}

/** What the user is told when the provider's answer is refused. */
function refusal(error: unknown): string {
  if (error instanceof client.ResponseBodyError) {
    if (error.error === 'invalid_grant') return 'The sign-on response was already used or has expired.';
    return `The identity provider refused the sign-in: ${error.error_description || error.error}.`;
  }
  const inner = causeOf(error);
  const details = inner.cause && !(inner.cause instanceof Error) ? inner.cause : {};
  if (details.header?.alg === 'none') return 'The sign-on response is not signed.';
  if (/"alg" header/.test(inner.message)) return 'The sign-on response is signed with an algorithm the portal does not accept.';
  if (/signature verification failed|verification key/.test(inner.message)) return 'The sign-on response was tampered with or is signed by an unknown key.';
  if (inner.code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return 'The sign-on response has expired.';
  if (details.claim === 'aud' || details.claim === 'azp') return 'The sign-on response is for another service provider.';
  if (details.claim === 'iss') return 'The sign-on response is from another identity provider.';
  if (details.claim === 'nonce') return 'The sign-on response does not belong to this sign-in (nonce mismatch).';
  if (/fetch failed|aborted|timeout/i.test(inner.message)) return 'The identity provider could not be reached.';
  return `The sign-on response could not be verified: ${inner.message}.`;
}

/** The provider's end-session URL for a session that came from it, back to `/logout`; none without one. */
export async function oidcLogoutUrl(provider: SsoProvider, idToken: string | undefined, publicOrigin: string, now: Date): Promise<string | undefined> {
  try {
    const { config, entry } = await configuration(provider, now);
    if (!entry.metadata.end_session_endpoint) return undefined;
    return client.buildEndSessionUrl(config, { post_logout_redirect_uri: serviceProviderUrls(publicOrigin).oidcPostLogoutUri, ...(idToken ? { id_token_hint: idToken } : { client_id: config.clientMetadata().client_id }) }).toString();
  } catch {
    // The portal session ends anyway; the provider's is left to it.
    return undefined;
  }
}
