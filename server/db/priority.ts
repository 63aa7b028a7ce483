import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';

/**
 * Writes made inside `urgently` go ahead of the others waiting for DuckDB's one writer. A sign-in
 * makes about eight small writes (attempt counters, session, refresh token); in the plain queue each
 * of them waited behind every bulk write queued before it, and at 28 case actions a second a
 * sign-in took 6.9 s at p50. PostgreSQL has no such queue and ignores it.
 */
const urgent = new AsyncLocalStorage<true>();

export const urgently = <T>(fn: () => T): T => urgent.run(true, fn);

export const isUrgent = (): boolean => urgent.getStore() === true;

/** Middleware: the route's writes are urgent (sign-in and the token grants). */
export const urgentWrites: MiddlewareHandler = (_c, next) => urgently(next);
