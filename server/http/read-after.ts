import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { secure } from '../auth/refresh-cookie';
import type { Env } from '../context';
import { laterToken, lastLocalToken, TOKEN, withReadAfter, type ReadAfter } from '../db/read-after';
import { replicaOf } from '../replica';

/** The token of the caller's latest write: answered after a write, sent back by the client (src/api/client.ts). */
export const READ_AFTER_HEADER = 'X-Cx-Read-After';
/** The same token for callers that keep cookies and not headers (a page's links, a download). */
export const READ_AFTER_COOKIE = 'cx_ryw';
/** With CX_REPLICA_TEST=1: which copy answered ('replica' | 'primary'); asked with 'primary', PostgreSQL answers. */
export const READ_FROM_HEADER = 'X-Cx-Read-From';

/** CX_REPLICA_WAIT_MS: how long a read waits for the replica to hold the caller's writes before reading PostgreSQL. */
export function waitMsOf(env: NodeJS.ProcessEnv): number {
  const ms = Number(env.CX_REPLICA_WAIT_MS ?? 500);
  if (!Number.isInteger(ms) || ms < 0) throw new Error(`CX_REPLICA_WAIT_MS must be a whole number of milliseconds, not ${JSON.stringify(env.CX_REPLICA_WAIT_MS)}.`);
  return ms;
}

/** The caller's token: the later of the header, the cookie (a malformed one is ignored) and this process's last write. */
function tokenOf(c: Context, given: string | undefined): string | null {
  const cookie = getCookie(c, READ_AFTER_COOKIE);
  return laterToken(laterToken(given, cookie !== undefined && TOKEN.test(cookie) ? cookie : null), lastLocalToken());
}

/**
 * Routing with the analytics replica (issue 50, design §4): a request's smart-data reads go to the
 * replica when it holds the caller's writes (or does within CX_REPLICA_WAIT_MS) and is not lagging,
 * else to PostgreSQL; decided at the request's first such read (server/db/read-after.ts, used by
 * smartdata/rows.ts), so a request that reads none never waits. An answer to a request that wrote
 * carries the write's token in the header and the cookie. Without a replica it does nothing.
 */
export function readAfterWrites(env: NodeJS.ProcessEnv = process.env): MiddlewareHandler<Env> {
  const waitMs = waitMsOf(env);
  const testing = env.CX_REPLICA_TEST === '1';
  return async (c, next) => {
    const replica = replicaOf(c.var.deps.db);
    // The health check reports on the replica; it never waits for it.
    if (!replica || c.req.path === '/api/health') return next();
    const given = c.req.header(READ_AFTER_HEADER);
    if (given !== undefined && !TOKEN.test(given)) {
      return c.json({ message: `The ${READ_AFTER_HEADER} header must be the number an earlier answer gave in it, not ${JSON.stringify(given.slice(0, 40))}.` }, 400);
    }
    const primaryAsked = testing && c.req.header(READ_FROM_HEADER) === 'primary';
    const route = async (token: string | null) => {
      // A replica that is catching up or lagging is not waited for.
      if (primaryAsked || !replica.reader()) return null;
      const holds = token === null || replica.covers(token) || (await replica.waitFor(token, waitMs));
      return holds ? replica.reader() : null;
    };
    const state: ReadAfter = { token: tokenOf(c, given), wrote: null, route, readReplica: false, kick: () => replica.kick() };
    try {
      await withReadAfter(state, next);
    } finally {
      state.ended = true;
    }
    if (state.wrote) {
      const latest = laterToken(state.token, state.wrote)!;
      c.header(READ_AFTER_HEADER, latest);
      setCookie(c, READ_AFTER_COOKIE, latest, { httpOnly: true, sameSite: 'Lax', path: '/api', maxAge: 60, secure: secure(c) });
    }
    if (testing) c.header(READ_FROM_HEADER, state.readReplica ? 'replica' : 'primary');
  };
}
