import type { MiddlewareHandler } from 'hono';

const forbidCaching = (headers: Headers) => {
  headers.set('Cache-Control', 'no-store');
  headers.set('Pragma', 'no-cache');
};

/** Answers that carry tokens or assertions are never kept by a cache or a proxy (RFC 6749 section 5.1). */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  forbidCaching(c.res.headers);
};

/**
 * Every API answer holds a user's data or a session's state (records, visuals, cases, users, errors
 * naming them): none is kept by a browser's or a proxy's cache, unless its route chose a
 * Cache-Control of its own.
 */
export const noStoreUnlessSet: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.has('Cache-Control')) forbidCaching(c.res.headers);
};
