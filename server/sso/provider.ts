import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The identity provider behind single sign-on. A customer's IdP (SAML, OIDC) cannot run here, so
 * the server ships a working local one (`LocalIdentityProvider`) behind this interface.
 */
export interface IdentityProvider {
  /** Where the browser goes to authenticate; the provider comes back to `returnTo` with an assertion. */
  authorizeUrl(returnTo: string, relayState: string): string;
  /** The e-mail an assertion vouches for, or why it is refused. */
  verify(assertion: string, now: Date): { email: string } | { error: string };
}

export const ASSERTION_TTL_MS = 120_000;

/**
 * The local identity provider: it authenticates against the portal's own users on its own page and
 * signs a short-lived assertion (HMAC). Each assertion works once.
 */
export class LocalIdentityProvider implements IdentityProvider {
  private readonly used = new Set<string>();

  constructor(private readonly secret: string) {}

  authorizeUrl(returnTo: string, relayState: string): string {
    return `/api/sso/local/authorize?${new URLSearchParams({ returnTo, relayState })}`;
  }

  issue(email: string, now: Date): string {
    const body = Buffer.from(JSON.stringify({ email, exp: now.getTime() + ASSERTION_TTL_MS, nonce: crypto.randomUUID() })).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }

  verify(assertion: string, now: Date): { email: string } | { error: string } {
    const [body, signature] = assertion.split('.');
    if (!body || !signature) return { error: 'The sign-on response is malformed.' };
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { error: 'The sign-on response is not signed by the identity provider.' };
    const claim = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { email: string; exp: number; nonce: string };
    if (claim.exp <= now.getTime()) return { error: 'The sign-on response has expired.' };
    if (this.used.has(claim.nonce)) return { error: 'The sign-on response was already used.' };
    this.used.add(claim.nonce);
    return { email: claim.email };
  }

  private sign(body: string): string {
    return createHmac('sha256', `sso:${this.secret}`).update(body).digest('base64url');
  }
}
