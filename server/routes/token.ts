import { Hono, type Context } from 'hono';
import type { Env } from '../context';
import type { Queryable } from '../db';
import { rotateRefreshToken, sha256, signAccessToken } from '../auth/tokens';
import { revokeSocialTokens } from '../reviews/social-tokens';
import { csrfMatches, findSession, revokeSession, revokeUserSessions, startSession, type NewSession } from '../auth/sessions';
import { checkPassword } from '../auth/sign-in';
import { clearRefreshCookie, CSRF_HEADER, readRefreshCookie, sameOriginRequest, setRefreshCookie, WEB_CLIENTS } from '../auth/refresh-cookie';
import { findUserById, principalOf, type UserRow } from '../identity/users';
import { check, readBody, z } from '../http/validate';
import { optionalAuth } from '../auth/middleware';
import { noStore } from '../http/no-store';
import { recordSsoSession, ssoLogoutUrl, ssoSessionOf, type LogoutData } from '../sso/sessions';
import { providers } from '../sso/store';
import { mustEnrol, secondStepWith } from '../auth/second-factor';
import { badRequest } from '../http/errors';
import { DEACTIVATED, isDeactivated } from '../identity/user-status';

export { BAD_CREDENTIALS, LOCKOUT_MINUTES, MAX_FAILED_SIGN_INS } from '../auth/sign-in';

const flag = z.union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0'])]).optional();
const clientId = z.string().max(200).optional();
const refreshGrant = z.object({
  grant_type: z.literal('refresh_token'),
  // Absent for the host portal, whose refresh token arrives in its HttpOnly cookie.
  refresh_token: z.string().min(1, 'refresh_token is required.').max(200).optional(),
  client_id: clientId,
  environment: z.string().max(200).optional(),
});
const passwordGrant = z.object({
  grant_type: z.literal('password', { message: 'grant_type must be password or refresh_token.' }).optional(),
  username: z.string({ message: 'Enter your user name.' }).trim().min(1, 'Enter your user name.').max(256),
  password: z.string({ message: 'Enter your password.' }).min(1, 'Enter your password.').max(1024),
  rememberme: flag,
  client_id: clientId,
  /** The second factor: a 6-digit code of the authenticator app or a recovery code. */
  otp: z.string().max(64).optional(),
});
const anyObject = z.record(z.string(), z.unknown(), { message: 'The body must be an object.' });

const fail = (message: string) => ({ isSuccess: false, message, content: null });
export const isWebClient = (id: string | undefined) => id !== undefined && WEB_CLIENTS.includes(id);

/**
 * The token response of spec part 1 section 7 for a session, on `c`. A cookie session's refresh
 * token goes into the HttpOnly cookie (the body's refresh_token is empty, its csrf_token is what
 * the page sends back with a refresh); any other client gets it in the body.
 */
export async function answerWithSession(c: Context<Env>, q: Queryable, user: UserRow, s: NewSession & { remember: boolean }) {
  const { secret, now } = c.var.deps;
  // Every path that hands out a session ends here (password, refresh, single sign-on, password change).
  if (await isDeactivated(q, user.id)) throw badRequest(DEACTIVATED);
  const at = now();
  // An administrator the portal requires a second factor of, without one: a session that can only set it up.
  const enrolOnly = await mustEnrol(q, user, s.sessionId);
  const principal = { ...(await principalOf(q, user)), sessionId: s.sessionId, ...(enrolOnly ? { enrolOnly } : {}) };
  const { token, expires } = signAccessToken(principal, secret, at.getTime());
  const cookie = s.csrfToken !== undefined;
  if (cookie) setRefreshCookie(c, s.refreshToken, s.remember);
  const { claims } = principal;
  return {
    isSuccess: true,
    message: '',
    content: {
      userName: user.user_name,
      firstName: user.first_name,
      lastName: user.last_name,
      createdOn: user.created_on.toISOString(),
      email: user.email,
      phoneNumber: user.phone_number,
      company: user.company,
      id: user.id,
      roles: user.role,
      portalRole: claims.filter(([t]) => t === 'PortalRole').map(([, v]) => v).join(','),
      claims: claims.map(([t, v]) => `${t}=${v}`).join('|'),
      changePasswordOnNextLogin: user.change_password_on_next_login,
      ...(enrolOnly ? { secondFactorSetup: true } : {}),
      // The identity provider this session came from (single sign-on), else null.
      ssoProvider: (await ssoSessionOf(q, s.sessionId))?.providerId ?? null,
      access_token: token,
      refresh_token: cookie ? '' : s.refreshToken,
      ...(cookie ? { csrf_token: s.csrfToken } : {}),
      token_type: 'bearer',
      expires_in: Math.round((expires.getTime() - at.getTime()) / 1000),
      '.expires': expires.toUTCString(),
    },
  };
}

/** A new session for a user who has proved who they are, answered on `c`; `sso` when a customer's identity provider vouched for them. */
export function signInAnswer(c: Context<Env>, user: UserRow, options: { remember: boolean; cookie: boolean; sso?: { providerId: string; logout?: LogoutData } }) {
  const { db, now } = c.var.deps;
  return db.tx(async (q) => {
    const session = await startSession(q, user.id, options, now());
    if (options.sso) await recordSsoSession(q, session.sessionId, options.sso.providerId, options.sso.logout);
    return answerWithSession(c, q, user, { ...session, remember: options.remember });
  });
}

/** A cookie refresh must carry its session's CSRF token and come from the portal's own origin; checked before the token is spent. */
async function cookieRefreshAllowed(c: Context<Env>, q: Queryable, token: string): Promise<boolean> {
  const [row] = await q.query<{ family: string }>('SELECT family FROM refresh_tokens WHERE token_hash = $1', [sha256(token)]);
  const session = row && (await findSession(q, row.family));
  return !!session && sameOriginRequest(c) && csrfMatches(session, c.req.header(CSRF_HEADER));
}

/** The refresh grant: from the body (apps, scripts) or from the portal's cookie with its CSRF header. */
async function refresh(c: Context<Env>, body: z.infer<typeof refreshGrant>) {
  const { db, now, secret } = c.var.deps;
  const fromCookie = body.refresh_token === undefined;
  const presented = body.refresh_token ?? readRefreshCookie(c);
  if (!presented) return c.json(fail('refresh_token is required.'), 400);
  if (fromCookie && !(await cookieRefreshAllowed(c, db, presented))) return c.json(fail('The refresh could not be verified. Sign in again.'), 403);
  const at = now();
  const result = await db.tx(async (q) => {
    const used = await rotateRefreshToken(q, presented, secret, at);
    if (!used.ok) return fail(used.reason);
    const [user, session] = [await findUserById(q, used.userId), await findSession(q, used.family)];
    if (!user || !session) return fail('The account no longer exists.');
    const { refreshToken } = used;
    // A cookie session stays a cookie session: its refresh token never reaches script, whatever client is named.
    const csrfToken = session.csrf_hash ? c.req.header(CSRF_HEADER) : undefined;
    return answerWithSession(c, q, user, { sessionId: used.family, refreshToken, csrfToken, remember: session.remember });
  });
  if (!result.isSuccess && fromCookie) clearRefreshCookie(c);
  return c.json(result, result.isSuccess ? 200 : 400);
}

const logoutBody = z.object({ everywhere: z.boolean().default(false) });

export const tokenRoutes = new Hono<Env>()
  .use(noStore)
  .post('/token', async (c) => {
    const raw = await readBody(c, anyObject);
    const body = raw.grant_type === 'refresh_token' ? check(refreshGrant, raw) : check(passwordGrant, raw);
    if (body.grant_type === 'refresh_token') return refresh(c, body);

    const { db, now } = c.var.deps;
    const outcome = await checkPassword(c, body.username, body.password, secondStepWith(db, body.otp, now()));
    if (!outcome.ok) return c.json({ ...fail(outcome.message), ...(outcome.secondFactor ? { secondFactor: true } : {}) }, outcome.status);
    const remember = body.rememberme === true || body.rememberme === 'true' || body.rememberme === 'on' || body.rememberme === '1';
    return c.json(await signInAnswer(c, outcome.user, { remember, cookie: isWebClient(body.client_id) }));
  })
  .post('/logout', optionalAuth, async (c) => {
    const { everywhere } = await readBody(c, logoutBody);
    const user = c.get('user');
    let logoutUrl: string | undefined;
    if (user) {
      const { db } = c.var.deps;
      // A session from a provider with single logout: the browser goes on to end the provider's session too.
      logoutUrl = await ssoLogoutUrl(c, user.sessionId, (q, id) => providers.find(q, id));
      if (everywhere) await revokeUserSessions(db, user.id);
      else await revokeSession(db, user.sessionId);
      // Signing out of the portal signs out of the review providers too (spec part 3, social area).
      await revokeSocialTokens(db, user.id, c.var.deps.now());
    }
    clearRefreshCookie(c);
    return c.json({ isSuccess: true, message: 'You have signed out.', ...(logoutUrl ? { logoutUrl } : {}) });
  });
