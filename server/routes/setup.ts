import { Hono } from 'hono';
import type { Env } from '../context';
import { conflict } from '../http/errors';
import { readBody, z } from '../http/validate';
import { noStore } from '../http/no-store';
import { clientOf } from '../http/client-address';
import { forgetOldCounts, HOUR_MS, submissionLimits, takeCount } from '../http/rate-counts';
import { createFirstAdmin, firstAdminInput, setupNeeded } from '../setup/first-admin';
import { isWebClient, signInAnswer } from './token';

export const SETUP_DONE = 'This portal has been set up already. Sign in instead.';

/** The set-up screen's fields, and the web client's id as a sign-in sends it (its session then lives in the cookie). */
const setupBody = firstAdminInput.extend({ client_id: z.string().max(200).optional() });

/**
 * The first administrator of an empty portal (PORTAL_START=empty), anonymous: GET says whether
 * one is still needed; POST creates them (a GlobalAdmin) and answers as a password sign-in does,
 * only while the portal has no user at all. Attempts count per address, as other anonymous writes do.
 */
export const setupRoutes = new Hono<Env>()
  .use(noStore)
  .get('/', async (c) => c.json({ needed: await setupNeeded(c.var.deps.db) }))
  .post('/', async (c) => {
    const { db, now, hasher } = c.var.deps;
    const body = await readBody(c, setupBody);
    const max = submissionLimits(c.var.deps.submissionLimits).setupPerClient;
    await forgetOldCounts(db, now());
    await takeCount(db, { counter: `setup:${clientOf(c)}`, max, windowMs: HOUR_MS, refusal: `The set-up takes at most ${max} attempts an hour from one address.` }, now());
    // Checked before the password is hashed, so a set-up portal spends no hashing on these calls.
    if (!(await setupNeeded(db))) throw conflict(SETUP_DONE);
    const user = await createFirstAdmin(db, body, await hasher.hash(body.password), now());
    if (!user) throw conflict(SETUP_DONE);
    return c.json(await signInAnswer(c, user, { remember: false, cookie: isWebClient(body.client_id) }), 201);
  });
