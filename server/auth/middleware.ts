import type { Context, MiddlewareHandler } from 'hono';
import type { Env } from '../context';
import { forbidden, unauthorized } from '../http/errors';
import { hasAnyRole, rolesOf } from '../identity/users';
import { verifyAccessToken, type Principal } from './tokens';
import { liveSessionRole } from './sessions';
import { scopeAllows } from '../embed/scope';

const bearer = (header: string | undefined) => /^Bearer ([^\s]+)$/i.exec(header ?? '')?.[1];
const EXPIRED = 'Your session has expired. Sign in again.';

/**
 * The principal of the request's bearer token: signed, unexpired, and of a session that has not
 * ended for a user who still holds the token's role. Undefined without a token; 401 for a bad one.
 */
async function bearerPrincipal(c: Context<Env>): Promise<Principal | undefined> {
  const header = c.req.header('authorization');
  if (header === undefined) return undefined;
  const token = bearer(header);
  const { db, secret, now } = c.var.deps;
  const user = token ? verifyAccessToken(token, secret, now().getTime()) : undefined;
  if (!user) throw unauthorized(EXPIRED);
  const role = await liveSessionRole(db, user.sessionId, user.id);
  // Compared as lists: the stored role may be written 'PortalUser, SurveyEditor', the token's without spaces.
  if (role === undefined || rolesOf({ role }).join(',') !== user.roles.join(',')) throw unauthorized('Your session has ended. Sign in again.');
  // An embed token reads only what it names; the path is checked before any route runs.
  if (user.scope && !scopeAllows(user.scope, c.req.path)) throw forbidden('This embed token may not read this: it is scoped to other elements, modules or dashboards.');
  return user;
}

/** Every call after this needs a valid bearer token; the principal is `c.var.user`. */
export const requireAuth: MiddlewareHandler<Env> = async (c, next) => {
  const user = await bearerPrincipal(c);
  if (!user) throw unauthorized();
  c.set('user', user);
  await next();
};

/** Sets `c.var.user` when a valid token is sent; anonymous callers continue without one. */
export const optionalAuth: MiddlewareHandler<Env> = async (c, next) => {
  const user = await bearerPrincipal(c);
  if (user) c.set('user', user);
  await next();
};

/** Allows only users holding one of `roles` (case-insensitive). */
export const requireRoles =
  (...roles: string[]): MiddlewareHandler<Env> =>
  async (c, next) => {
    if (!hasAnyRole(c.var.user.roles, roles)) throw forbidden();
    await next();
  };
