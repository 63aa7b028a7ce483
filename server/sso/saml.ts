import { randomBytes } from 'node:crypto';
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile, type SamlConfig as NodeSamlConfig } from '@node-saml/node-saml';
import type { Queryable } from '../db';
import { signInSealer } from '../http/seal';
import { selfSignedCertificate, samePair } from './certificate';
import { PENDING_TTL_MS } from './pending';
import { serviceProviderUrls } from './urls';
import type { PendingSignIn, SamlConfig, SsoIdentity, SsoProvider } from './types';

/**
 * The portal as a SAML 2.0 service provider, on @node-saml/node-saml (XML signatures, signature
 * wrapping defences, decryption and the time and audience checks are the library's; this module
 * gives it the provider's settings and turns its answers into the portal's messages).
 */
export const DEFAULT_SKEW_SECONDS = 60;
const KEY_ROW = 'saml-sp';
const UNREADABLE = 'The SAML service provider key cannot be read with this server\'s SECRETS_KEY.';

export interface SpKeys {
  privateKey: string;
  certificate: string;
}

/** The service provider's key pair and self-signed certificate: made once, kept in the database (the key sealed). */
export async function spKeys(q: Queryable, now: Date): Promise<SpKeys> {
  const sealer = signInSealer(UNREADABLE);
  const read = async () => {
    const [row] = await q.query<{ private_key: string; certificate: string }>('SELECT private_key, certificate FROM sso_keys WHERE id = $1', [KEY_ROW]);
    return row && { privateKey: sealer.open(row.private_key, KEY_ROW), certificate: row.certificate };
  };
  const stored = await read();
  if (stored && samePair(stored.privateKey, stored.certificate)) return stored;
  const made = selfSignedCertificate('CX portal SAML service provider', now);
  // Racing first calls: one insert wins and every caller uses the stored pair.
  await q.query('INSERT INTO sso_keys (id, private_key, certificate, created_at) VALUES ($1, $2, $3, CAST($4 AS TIMESTAMP)) ON CONFLICT (id) DO NOTHING', [
    KEY_ROW, sealer.seal(made.privateKey, KEY_ROW), made.certificate, now,
  ]);
  return (await read())!;
}

/**
 * node-saml's InResponseTo cache, answered from the pending sign-in (kept in the database, spent
 * once, its lifetime checked on the portal's clock): the one request id it knows is the pending one's.
 * node-saml compares the time given here with its own clock, so it is given "now".
 */
const pendingCache = (pending: Pick<PendingSignIn, 'requestId'> | undefined): CacheProvider => ({
  saveAsync: async (key, value) => ({ value, createdAt: Date.now() }),
  getAsync: async (key) => (pending?.requestId !== undefined && key === pending.requestId ? new Date().toISOString() : null),
  removeAsync: async () => null,
});

const pemBody = (cert: string) => cert.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');

/** A node-saml instance for one provider (or none: the metadata) and one pending sign-in. */
export function samlFor(publicOrigin: string, keys: SpKeys, provider?: SsoProvider, pending?: Pick<PendingSignIn, 'requestId'>): SAML {
  const urls = serviceProviderUrls(publicOrigin);
  const config = provider?.config as SamlConfig | undefined;
  const options: NodeSamlConfig = {
    issuer: urls.entityId,
    callbackUrl: urls.acsUrl,
    logoutCallbackUrl: urls.sloUrl,
    audience: urls.entityId,
    idpCert: config ? config.idpCerts.map(pemBody) : 'none',
    ...(config ? { entryPoint: config.ssoUrl, logoutUrl: config.sloUrl ?? config.ssoUrl, idpIssuer: config.idpEntityId } : {}),
    privateKey: keys.privateKey,
    publicCert: keys.certificate,
    decryptionPvk: keys.privateKey,
    signatureAlgorithm: 'sha256',
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: Math.min(config?.clockSkewSeconds ?? DEFAULT_SKEW_SECONDS, 300) * 1000,
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    authnRequestBinding: config?.binding === 'post' ? 'HTTP-POST' : 'HTTP-Redirect',
    // HTTP-POST carries the request base64-encoded only (deflate is HTTP-Redirect's).
    skipRequestCompression: config?.binding === 'post',
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: PENDING_TTL_MS,
    cacheProvider: pendingCache(pending),
    generateUniqueId: () => pending?.requestId ?? newRequestId(),
  };
  return new SAML(options);
}

/** A SAML message id: an NCName (starts with a letter or underscore). */
export const newRequestId = () => `_${randomBytes(20).toString('hex')}`;

export const SAML_MESSAGES = {
  unsigned: 'The sign-on response is not signed.',
  tampered: 'The sign-on response was tampered with or is signed by an unknown key.',
  expired: 'The sign-on response has expired.',
  notYet: 'The sign-on response is not valid yet: check the clocks of the identity provider and the portal.',
  audience: 'The sign-on response is for another service provider.',
  inResponseTo: 'The sign-on response does not answer the sign-in started here. Start the sign-in again.',
  issuer: 'The sign-on response comes from another identity provider.',
  malformed: 'The sign-on response is malformed.',
  used: 'The sign-on response was already used.',
  encrypted: 'The sign-on response is encrypted with a key the portal does not have.',
} as const;

const SIGNATURE = /<(?:\w+:)?Signature[\s>]/;

/** The portal's message for a refusal of node-saml (its messages are for developers). */
export function samlMessage(error: unknown, xml: string): string {
  const text = error instanceof Error ? error.message : '';
  if (/status/i.test(error instanceof Error ? error.name : '') || text.startsWith('SAML provider returned')) return `The identity provider refused the sign-in (${text.replace(/^SAML provider returned /, '')}).`;
  if (/signature/i.test(text)) return SIGNATURE.test(xml) ? SAML_MESSAGES.tampered : SAML_MESSAGES.unsigned;
  // node-saml finds no subject confirmation when every one is outside its time window.
  if (/expired|no valid subject confirmation/i.test(text)) return SAML_MESSAGES.expired;
  if (/not yet valid/i.test(text)) return SAML_MESSAGES.notYet;
  if (/audience/i.test(text)) return SAML_MESSAGES.audience;
  if (/InResponseTo/i.test(text)) return SAML_MESSAGES.inResponseTo;
  if (/issuer/i.test(text)) return SAML_MESSAGES.issuer;
  if (/decrypt|EncryptedAssertion/i.test(text)) return SAML_MESSAGES.encrypted;
  return SAML_MESSAGES.malformed;
}

const strings = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).flatMap((v) => (typeof v === 'string' ? [v] : typeof v === 'number' ? [String(v)] : []));

/** The verified assertion's id (spent once against replay). */
export const assertionId = (profile: Profile): string | undefined => {
  const assertion = (profile.getAssertion?.() as { Assertion?: { $?: { ID?: string } } } | undefined)?.Assertion;
  return assertion?.$?.ID;
};

/** A verified profile as the portal's identity: the e-mail from `emailAttribute`, else the NameID. */
export function identityOf(profile: Profile, config: SamlConfig): SsoIdentity {
  const raw = (profile.attributes ?? {}) as Record<string, unknown>;
  const attributes = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, strings(v)]));
  const first = (names: string[]) => names.map((n) => attributes[n]?.[0]).find(Boolean);
  const email = config.emailAttribute ? (attributes[config.emailAttribute]?.[0] ?? '') : (profile.nameID ?? '');
  return {
    subject: profile.nameID ?? email,
    email,
    firstName: first(['givenName', 'firstName', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname', 'urn:oid:2.5.4.42']),
    lastName: first(['sn', 'lastName', 'surname', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname', 'urn:oid:2.5.4.4']),
    attributes,
    logout: {
      ...(profile.nameID ? { nameId: profile.nameID } : {}),
      ...(profile.nameIDFormat ? { nameIdFormat: profile.nameIDFormat } : {}),
      ...(profile.sessionIndex ? { sessionIndex: profile.sessionIndex } : {}),
    },
  };
}
