import type { Queryable } from '../db';
import { hmac, sameText } from '../auth/jwt';
import { spendOnce } from '../identity/one-time';

/**
 * The identity provider behind single sign-on. A customer's IdP (SAML, OIDC) cannot run here, so
 * the server ships a working local one (`LocalIdentityProvider`) behind this interface.
 */
export interface IdentityProvider {
  /** Where the browser goes to authenticate; the provider comes back to `returnTo` with an assertion. */
  authorizeUrl(returnTo: string, relayState: string): string;
  /** The e-mail an assertion vouches for, or why it is refused. Each assertion works once. */
  verify(q: Queryable, assertion: string, now: Date): Promise<Verified | { error: string }>;
}

/** Who an assertion vouches for; `pending` names the customer provider's sign-in it ends (bound to the browser that started it). */
export interface Verified {
  email: string;
  pending?: string;
}

export const ASSERTION_TTL_MS = 120_000;
const STRICT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/;

/**
 * The local identity provider: it authenticates against the portal's own users on its own page and
 * signs a short-lived assertion (HMAC). Its nonce is spent in the database with one conditional
 * insert, so of any number of racing exchanges, on any number of processes, exactly one wins.
 */
export class LocalIdentityProvider implements IdentityProvider {
  constructor(private readonly secret: string) {}

  authorizeUrl(returnTo: string, relayState: string): string {
    return `/api/sso/local/authorize?${new URLSearchParams({ returnTo, relayState })}`;
  }

  issue(email: string, now: Date, pending?: string): string {
    const body = Buffer.from(JSON.stringify({ email, exp: now.getTime() + ASSERTION_TTL_MS, nonce: crypto.randomUUID(), ...(pending ? { pending } : {}) })).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }

  async verify(q: Queryable, assertion: string, now: Date): Promise<Verified | { error: string }> {
    if (!STRICT.test(assertion)) return { error: 'The sign-on response is malformed.' };
    const [body, signature] = assertion.split('.');
    if (!sameText(signature, this.sign(body))) return { error: 'The sign-on response is not signed by the identity provider.' };
    let claim: { email?: unknown; exp?: unknown; nonce?: unknown; pending?: unknown };
    try {
      claim = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return { error: 'The sign-on response is malformed.' };
    }
    if (typeof claim.email !== 'string' || typeof claim.exp !== 'number' || typeof claim.nonce !== 'string') return { error: 'The sign-on response is malformed.' };
    if (claim.exp <= now.getTime()) return { error: 'The sign-on response has expired.' };
    if (!(await spendOnce(q, claim.nonce, new Date(claim.exp), now))) return { error: 'The sign-on response was already used.' };
    return { email: claim.email, ...(typeof claim.pending === 'string' ? { pending: claim.pending } : {}) };
  }

  private sign(body: string): string {
    return hmac(body, `sso:${this.secret}`);
  }
}
