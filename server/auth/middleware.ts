import type { MiddlewareHandler } from 'hono';
import type { Env } from '../context';
import { forbidden, unauthorized } from '../http/errors';
import { hasAnyRole } from '../identity/users';
import { verifyAccessToken } from './tokens';

const bearer = (header: string | undefined) => /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1];

/** Every call after this needs a valid bearer token; the principal is `c.var.user`. */
export const requireAuth: MiddlewareHandler<Env> = async (c, next) => {
  const token = bearer(c.req.header('authorization'));
  if (!token) throw unauthorized();
  const user = verifyAccessToken(token, c.var.deps.secret, c.var.deps.now().getTime());
  if (!user) throw unauthorized('Your session has expired. Sign in again.');
  c.set('user', user);
  await next();
};

/** Sets `c.var.user` when a valid token is sent; anonymous callers continue without one. */
export const optionalAuth: MiddlewareHandler<Env> = async (c, next) => {
  const token = bearer(c.req.header('authorization'));
  const user = token ? verifyAccessToken(token, c.var.deps.secret, c.var.deps.now().getTime()) : undefined;
  if (token && !user) throw unauthorized('Your session has expired. Sign in again.');
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
