import type { Context } from 'hono';
import type { Env } from '../context';
import type { Queryable } from '../db';
import type { SsoIdentity, SsoKind, SsoProvider } from './types';

export type LogoutData = NonNullable<SsoIdentity['logout']>;

/** Remembers that a session came from a provider, with what single logout will need. */
export async function recordSsoSession(q: Queryable, sessionId: string, providerId: string, logout: LogoutData | undefined): Promise<void> {
  await q.query('INSERT INTO session_sso (session_id, provider_id, name_id, session_index, logout) VALUES ($1, $2, $3, $4, $5)', [
    sessionId, providerId, logout?.nameId ?? null, logout?.sessionIndex ?? null, logout ? JSON.stringify(logout) : null,
  ]);
}

export async function ssoSessionOf(q: Queryable, sessionId: string): Promise<{ providerId: string; logout?: LogoutData } | undefined> {
  const [row] = await q.query<{ provider_id: string; logout: string | null }>('SELECT provider_id, logout FROM session_sso WHERE session_id = $1', [sessionId]);
  return row && { providerId: row.provider_id, ...(row.logout ? { logout: JSON.parse(row.logout) as LogoutData } : {}) };
}

/** The provider a user belongs to (`user_sso`): such a user has no portal password. */
export async function ssoProviderOfUser(q: Queryable, userId: string): Promise<string | null> {
  const [row] = await q.query<{ provider_id: string }>('SELECT provider_id FROM user_sso WHERE user_id = $1', [userId]);
  return row?.provider_id ?? null;
}

export const NO_PORTAL_PASSWORD = 'This user signs in with single sign-on and has no portal password.';

/**
 * Each protocol that can end the provider's session too registers how its logout address is built
 * (SAML LogoutRequest, OIDC end_session); `POST /api/identity/logout` answers it as `logoutUrl`.
 */
export type LogoutBuilder = (c: Context<Env>, provider: SsoProvider, logout: LogoutData) => Promise<string | undefined>;
export const logoutBuilders: Partial<Record<SsoKind, LogoutBuilder>> = {};

/** Where the browser goes to end the provider's session for `sessionId`, if it came from one that has single logout. */
export async function ssoLogoutUrl(c: Context<Env>, sessionId: string, find: (q: Queryable, id: string) => Promise<SsoProvider | undefined>): Promise<string | undefined> {
  const { db } = c.var.deps;
  const session = await ssoSessionOf(db, sessionId);
  const provider = session?.logout && (await find(db, session.providerId));
  const build = provider && logoutBuilders[provider.kind];
  if (!provider || !build || !session?.logout) return undefined;
  try {
    return await build(c, provider, session.logout);
  } catch {
    return undefined; // the portal session ends regardless; the provider's stays
  }
}
