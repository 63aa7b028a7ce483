import type { Context } from 'hono';
import type { Env } from '../context';
import { ApiError } from '../http/errors';
import { clientOf } from '../http/client-address';
import { forgetOldCounts, submissionLimits, takeCount } from '../http/rate-counts';
import { failSignIn } from './finish';
import { createPending } from './pending';
import type { PendingSignIn } from './types';

const START_WINDOW_MS = 5 * 60_000;

/** A browser loading the start as a page (not a script or fetch): it reads a refusal on the sign-on error page. */
const isNavigation = (c: Context) => c.req.header('sec-fetch-mode') === 'navigate' || /\btext\/html\b/.test(c.req.header('accept') ?? '');

/**
 * Every sign-in start of every protocol (`/api/sso/{saml|oidc}/:id/login`, anonymous) writes a
 * pending sign-in, so starts are counted: per client (address) in five minutes, counted in one
 * statement, and the live pending sign-ins of all clients together (createPending). A refused
 * start writes nothing. A script is answered 429 with Retry-After; a browser's navigation is
 * sent (303) to `/sso/error` with the same message, which a person can read.
 */
export async function startPending(
  c: Context<Env>,
  providerId: string,
  relay: string,
  extra: Pick<PendingSignIn, 'requestId' | 'nonce' | 'verifier'> = {},
): Promise<PendingSignIn | Response> {
  const { db, now } = c.var.deps;
  const limits = submissionLimits(c.var.deps.submissionLimits);
  try {
    await forgetOldCounts(db, now());
    const refusal = 'Too many sign-ins were started from your address.';
    await takeCount(db, { counter: `sso-start:${clientOf(c)}`, max: limits.ssoStartsPerClient, windowMs: START_WINDOW_MS, refusal }, now());
    return await createPending(c, providerId, relay, extra, limits.ssoPendingMax);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 429 || !isNavigation(c)) throw error;
    const page = failSignIn(c, error.message);
    for (const [name, value] of Object.entries(error.headers ?? {})) page.headers.set(name, value);
    return page;
  }
}
