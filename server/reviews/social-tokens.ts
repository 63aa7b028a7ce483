import { createHmac } from 'node:crypto';
import type { Queryable } from '../db';
import { sha256 as hash, type Principal } from '../auth/tokens';
import type { SocialIdentity } from './provider';

/** A social sign-in lasts as long as the provider's token, and at most a working day. */
const MAX_MS = 12 * 3_600_000;

/**
 * The nonce a review provider's sign-in must carry to be registered: the portal's MAC of the user
 * and their portal session. The page passes it to the provider's sign-in (OpenID Connect's
 * `nonce`, which the id token repeats), so a token made for one user or session is refused in any other.
 */
export function socialNonce(secret: string, user: Pick<Principal, 'id' | 'sessionId'>): string {
  return createHmac('sha256', secret).update(`social-nonce\n${user.id}\n${user.sessionId}`).digest('base64url');
}

/** Keeps a verified sign-in (only its hash) for the user; answers when it ends. */
export async function keepSocialToken(q: Queryable, userId: string, provider: string, idToken: string, identity: SocialIdentity, now: Date): Promise<Date> {
  const expires = new Date(Math.min(identity.expiresAt.getTime(), now.getTime() + MAX_MS));
  await q.query(
    `INSERT INTO social_tokens (token_hash, user_id, provider, subject, created_at, expires_at) VALUES ($1, $2, $3, $4, CAST($5 AS TIMESTAMP), CAST($6 AS TIMESTAMP))
     ON CONFLICT (token_hash) DO NOTHING`,
    [hash(idToken), userId, provider, identity.subject, now, expires],
  );
  return expires;
}

/** The provider of the user's live sign-in by this token, or undefined (unknown, another user's, expired or revoked). */
export async function socialTokenProvider(q: Queryable, userId: string, idToken: string, now: Date): Promise<string | undefined> {
  const [row] = await q.query<{ provider: string }>(
    'SELECT provider FROM social_tokens WHERE token_hash = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > CAST($3 AS TIMESTAMP)',
    [hash(idToken), userId, now],
  );
  return row?.provider;
}

/** Ends every social sign-in of the user (the social area's logout, and the portal's sign-out). */
export async function revokeSocialTokens(q: Queryable, userId: string, now: Date): Promise<void> {
  await q.query('UPDATE social_tokens SET revoked_at = CAST($2 AS TIMESTAMP) WHERE user_id = $1 AND revoked_at IS NULL', [userId, now]);
}
