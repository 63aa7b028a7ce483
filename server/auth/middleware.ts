import type { Context, MiddlewareHandler } from 'hono';
import type { Env } from '../context';
import { forbidden, unauthorized } from '../http/errors';
import { hasAnyRole, rolesOf } from '../identity/users';
import { verifyAccessToken, type Principal } from './tokens';
import { liveRole } from './live-sessions';
import { SCOPE_REFUSED, scopeAllows } from '../embed/scope';
import { answeredByRead } from './reads';

export const SET_UP_FIRST = 'Set up a second factor to continue.';
/** What a session that must first set up a second factor may call: the set-up itself, the public settings and signing out. */
const ENROLMENT_PATHS = /^\/api\/(account\/second-factor(\/|$)|settings(\/roles|\/version)?$|identity\/logout$)/;
const enrolmentAllows = (path: string) => ENROLMENT_PATHS.test(path);

const bearer = (header: string | undefined) => /^Bearer ([^\s]+)$/i.exec(header ?? '')?.[1];
const EXPIRED = 'Your session has expired. Sign in again.';

/**
 * The principal of the request's bearer token if it is signed and unexpired (and an embed token is
 * scoped to this path): undefined without a token, 401 for a bad one. Whether its session is still
 * live is `live`'s question.
 */
function tokenPrincipal(c: Context<Env>): Principal | undefined {
  const header = c.req.header('authorization');
  if (header === undefined) return undefined;
  const token = bearer(header);
  const { secret, now } = c.var.deps;
  const user = token ? verifyAccessToken(token, secret, now().getTime()) : undefined;
  if (!user) throw unauthorized(EXPIRED);
  // An embed token reads only what it names; the path is checked before any route runs.
  if (user.scope && !scopeAllows(user.scope, c.req.path, (key) => c.req.query(key))) throw forbidden(SCOPE_REFUSED);
  if (user.enrolOnly && !enrolmentAllows(c.req.path)) throw forbidden(SET_UP_FIRST);
  return user;
}

/** Resolves when the principal's session has not ended and its user still holds the token's role; 401 otherwise. */
async function live(c: Context<Env>, user: Principal): Promise<void> {
  const role = await liveRole(c.var.deps.db, user.sessionId, user.id);
  // Compared as lists: the stored role may be written 'PortalUser, SurveyEditor', the token's without spaces.
  if (role === undefined || rolesOf({ role }).join(',') !== user.roles.join(',')) throw unauthorized('Your session has ended. Sign in again.');
}

/**
 * Every call after this needs a valid bearer token of a live session; the principal is `c.var.user`.
 * The session check is a database round trip on every call: a route marked readOnly (auth/reads.ts)
 * does its work beside it, and answers only once it has passed.
 */
export const requireAuth: MiddlewareHandler<Env> = async (c, next) => {
  const user = tokenPrincipal(c);
  if (!user) throw unauthorized();
  c.set('user', user);
  const check = live(c, user);
  if (!answeredByRead(c)) {
    await check;
    return next();
  }
  const failure = check.then(
    () => undefined,
    (error: unknown) => error,
  );
  await next();
  const error = await failure;
  if (error) throw error; // the read's answer is dropped for the 401
};

/** Sets `c.var.user` when a valid token of a live session is sent; anonymous callers continue without one. */
export const optionalAuth: MiddlewareHandler<Env> = async (c, next) => {
  const user = tokenPrincipal(c);
  if (user) {
    await live(c, user);
    c.set('user', user);
  }
  await next();
};

/** Allows only users holding one of `roles` (case-insensitive). */
export const requireRoles =
  (...roles: string[]): MiddlewareHandler<Env> =>
  async (c, next) => {
    if (!hasAnyRole(c.var.user.roles, roles)) throw forbidden();
    await next();
  };
