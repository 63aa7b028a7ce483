import type { MiddlewareHandler } from 'hono';

/** Answers that carry tokens or assertions are never kept by a cache or a proxy (RFC 6749 section 5.1). */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
  c.res.headers.set('Pragma', 'no-cache');
};
