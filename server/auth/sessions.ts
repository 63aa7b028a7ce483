import type { Queryable } from '../db';
import { issueRefreshToken, newSecret, REFRESH_TOKEN_DAYS, REMEMBER_ME_DAYS, sha256 } from './tokens';
import { sameText } from './jwt';

export interface NewSession {
  sessionId: string;
  refreshToken: string;
  /** Only for sessions whose refresh token lives in the HttpOnly cookie: the header value that proves a refresh is the portal's own. */
  csrfToken?: string;
}

/** A new session row: what every access token names and what revocation ends. Returns its id. */
export async function openSession(q: Queryable, userId: string, now: Date, options: { remember?: boolean; csrfToken?: string } = {}): Promise<string> {
  const sessionId = newSecret(12);
  await q.query('INSERT INTO sessions (id, user_id, created_at, revoked, csrf_hash, remember) VALUES ($1, $2, CAST($3 AS TIMESTAMP), false, $4, $5)', [
    sessionId, userId, now, options.csrfToken ? sha256(options.csrfToken) : null, options.remember ?? false,
  ]);
  return sessionId;
}

/** Starts a session (a refresh-token family) for a user who has proved who they are. */
export async function startSession(q: Queryable, userId: string, options: { remember: boolean; cookie: boolean }, now: Date): Promise<NewSession> {
  const csrfToken = options.cookie ? newSecret(24) : undefined;
  const sessionId = await openSession(q, userId, now, { remember: options.remember, csrfToken });
  const refreshToken = await issueRefreshToken(q, userId, sessionId, options.remember ? REMEMBER_ME_DAYS : REFRESH_TOKEN_DAYS, now);
  return { sessionId, refreshToken, csrfToken };
}

export interface SessionRow {
  id: string;
  user_id: string;
  revoked: boolean;
  csrf_hash: string | null;
  remember: boolean;
}

export async function findSession(q: Queryable, id: string): Promise<SessionRow | undefined> {
  const [row] = await q.query<SessionRow & Record<string, unknown>>('SELECT id, user_id, revoked, csrf_hash, remember FROM sessions WHERE id = $1', [id]);
  return row;
}

/** True when `token` is the CSRF token of a cookie session. */
export const csrfMatches = (session: SessionRow, token: string | undefined) => !!session.csrf_hash && !!token && sameText(session.csrf_hash, sha256(token));

/**
 * The user's current role if the session is live and still theirs: one indexed lookup on every
 * authenticated call, so a signed-out, deleted or re-roled user's access token stops at once. A
 * partner's service identity (an embed without a user, `embed:<partner>`) acts as a PortalUser.
 */
export async function liveSessionRole(q: Queryable, sessionId: string, userId: string): Promise<string | undefined> {
  const [row] = await q.query<{ role: string | null; user_id: string }>(
    // A deactivated user's sessions are revoked; the status check also holds for one opened while they were deactivated.
    `SELECT u.role, s.user_id FROM sessions s LEFT JOIN users u ON u.id = s.user_id LEFT JOIN user_status st ON st.user_id = s.user_id
     WHERE s.id = $1 AND s.user_id = $2 AND NOT s.revoked AND (st.active IS NULL OR st.active)`,
    [sessionId, userId],
  );
  if (!row) return undefined;
  return row.role ?? (row.user_id.startsWith(SERVICE_PREFIX) ? 'PortalUser' : undefined);
}

/** Sessions of a partner's service identity carry this prefix instead of a user id. */
export const SERVICE_PREFIX = 'embed:';

export async function revokeSession(q: Queryable, sessionId: string): Promise<void> {
  await q.query('UPDATE sessions SET revoked = true WHERE id = $1', [sessionId]);
}

/** Ends every session of a user: after a password change or reset, a role, claim or e-mail change, and deletion. */
export async function revokeUserSessions(q: Queryable, userId: string): Promise<void> {
  await q.query('UPDATE sessions SET revoked = true WHERE user_id = $1 AND NOT revoked', [userId]);
}
