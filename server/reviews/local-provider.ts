import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { ProviderReview, ReviewProvider, SocialIdentity } from './provider';

/** How long a local sign-in's id token may be exchanged. */
const ID_TOKEN_MS = 10 * 60_000;
const b64 = (s: string) => Buffer.from(s).toString('base64url');

/**
 * The local provider: reviews live in the portal's own table (seeded), a reply is stored there,
 * and its sign-in is an id token the portal signs for the signed-in user (`POST
 * /api/social/local/signin`), so the reply path is the same as with a real provider.
 */
export class LocalReviewProvider implements ReviewProvider {
  readonly name = 'local';
  constructor(private readonly secret: string) {}

  /** An id token for `userId`, valid for ten minutes; each one new (a revoked one never comes back). */
  issueIdToken(userId: string, email: string, now: Date): string {
    const body = b64(JSON.stringify({ sub: userId, email, exp: now.getTime() + ID_TOKEN_MS, aud: 'local-reviews', jti: randomUUID() }));
    return `${body}.${this.sign(body)}`;
  }

  private sign(body: string) {
    return createHmac('sha256', `${this.secret}:local-reviews`).update(body).digest('base64url');
  }

  async verifyIdToken(idToken: string, now: Date): Promise<SocialIdentity | undefined> {
    const [body, mac, extra] = idToken.split('.');
    if (!body || !mac || extra !== undefined) return undefined;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { sub?: unknown; email?: unknown; exp?: unknown; aud?: unknown };
      if (claims.aud !== 'local-reviews' || typeof claims.sub !== 'string' || typeof claims.exp !== 'number' || claims.exp <= now.getTime()) return undefined;
      return { subject: claims.sub, email: typeof claims.email === 'string' ? claims.email : undefined, expiresAt: new Date(claims.exp) };
    } catch {
      return undefined;
    }
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
