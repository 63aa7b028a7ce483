import { randomUUID } from 'node:crypto';
import { readJwt, signJwt } from '../auth/jwt';
import type { ProviderReview, ReviewProvider, SocialIdentity } from './provider';

/** How long a local sign-in's id token may be exchanged. */
const ID_TOKEN_MS = 10 * 60_000;
const AUDIENCE = 'local-reviews';

/**
 * The local provider: reviews live in the portal's own table (seeded), a reply is stored there,
 * and its sign-in is an id token the portal signs for the signed-in user (`POST
 * /api/social/local/signin`), so the reply path is the same as with a real provider.
 */
export class LocalReviewProvider implements ReviewProvider {
  readonly name = 'local';
  /** A key of its own: an access token of the portal is never an id token here, nor the reverse. */
  private readonly key: string;
  constructor(secret: string) {
    this.key = `${secret}:${AUDIENCE}`;
  }

  /** An id token for `userId` with the portal's `nonce`, valid for ten minutes; each one new (a revoked one never comes back). */
  issueIdToken(userId: string, email: string, nonce: string, now: Date): string {
    return signJwt({ sub: userId, email, nonce, exp: now.getTime() + ID_TOKEN_MS, aud: AUDIENCE, jti: randomUUID() }, this.key);
  }

  async verifyIdToken(idToken: string, now: Date): Promise<SocialIdentity | undefined> {
    const read = readJwt(idToken, this.key);
    if (!('payload' in read)) return undefined;
    const claims = read.payload as { sub?: unknown; email?: unknown; exp?: unknown; aud?: unknown; nonce?: unknown };
    if (claims.aud !== AUDIENCE || typeof claims.sub !== 'string' || typeof claims.exp !== 'number' || claims.exp <= now.getTime()) return undefined;
    return {
      subject: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : undefined,
      expiresAt: new Date(claims.exp),
      nonce: typeof claims.nonce === 'string' ? claims.nonce : undefined,
    };
  }

  async listReviews(): Promise<ProviderReview[]> {
    // The table is the provider's store: nothing to merge.
    return [];
  }

  async postReply(_externalId: string, _text: string, now: Date): Promise<{ at: Date }> {
    // The reply is written with the case action, in its transaction.
    return { at: now };
  }
}
