import type { Context, Handler, Input } from 'hono';
import type { HandlerResponse } from 'hono/types';
import { matchedRoutes } from 'hono/route';
import { COMPOSED_HANDLER } from 'hono/utils/constants';
import type { Env } from '../context';

/**
 * Route handlers that only read: no write, no e-mail, no call out, nothing kept but caches. Their
 * work may start while requireAuth checks the session, and nothing they answer leaves before the
 * check has passed (a dead session's answer is replaced by the 401).
 */
const READS = new WeakSet<object>();

/** Marks a route handler as one that only reads (see READS); returns it as it was. */
export function readOnly<P extends string, I extends Input, R extends HandlerResponse<unknown>>(handler: Handler<Env, P, I, R>): Handler<Env, P, I, R> {
  READS.add(handler);
  return handler;
}

/**
 * True when the route that answers this request is marked readOnly. Middleware added with `use` is
 * matched as ALL on a path ending in `*`; the first matched route after the current one that is
 * not such middleware answers. A route with middleware of its own (`.post(path, check, handler)`)
 * finds that middleware first, so it is never taken for a read: unmarked means the session is
 * checked first.
 */
export function answeredByRead(c: Context<Env>): boolean {
  const next = matchedRoutes(c)
    .slice(c.req.routeIndex + 1)
    .find((r) => !(r.method === 'ALL' && r.path.endsWith('*')));
  return next !== undefined && READS.has(unwrapped(next.handler));
}

/** A sub-app with an error handler of its own (the API's) wraps each route's handler when mounted; Hono keeps the original on the wrapper. */
function unwrapped(handler: object): object {
  const inner = (handler as Record<string, unknown>)[COMPOSED_HANDLER];
  return typeof inner === 'function' ? unwrapped(inner) : handler;
}
