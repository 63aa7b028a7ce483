import { Hono } from 'hono';
import type { Env } from '../context';
import { check, readBody, z } from '../http/validate';
import { LANGUAGES } from '../../src/i18n/languages';

const STATE_LIMIT = 64 * 1024;
const stateKey = z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'The state key may hold letters, digits and _ . : - (at most 100).');

/** User preferences, saved portal state per key, and the free-trial request. */
export const preferenceRoutes = new Hono<Env>()
  .get('/get', async (c) => {
    const [row] = await c.var.deps.db.query<{ locale: string }>('SELECT locale FROM user_preferences WHERE user_id = $1', [c.var.user.id]);
    return c.json({ locale: row?.locale ?? 'en' });
  })
  .post('/update', async (c) => {
    const { db } = c.var.deps;
    const { locale } = await readBody(c, z.object({ locale: z.enum(LANGUAGES, { message: `locale must be one of ${LANGUAGES.join(', ')}` }) }));
    // One upsert: a delete and an insert raced with a second request of the same user (duplicate key, 500).
    await db.query('INSERT INTO user_preferences (user_id, locale) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale', [c.var.user.id, locale]);
    return c.json({ locale });
  });

export const userStateRoutes = new Hono<Env>()
  .post('/save/:key', async (c) => {
    const { db, now } = c.var.deps;
    const key = check(stateKey, c.req.param('key'));
    const value = await readBody(c, z.unknown());
    const text = JSON.stringify(value);
    if (text.length > STATE_LIMIT) return c.json({ message: `The saved state is larger than ${STATE_LIMIT / 1024} KB.` }, 400);
    await db.query(
      `INSERT INTO user_state (user_id, state_key, value, updated_at) VALUES ($1, $2, $3, CAST($4 AS TIMESTAMP))
       ON CONFLICT (user_id, state_key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      [c.var.user.id, key, text, now()],
    );
    return c.json({ key, saved: true });
  })
  .get('/get/:key', async (c) => {
    const key = check(stateKey, c.req.param('key'));
    const [row] = await c.var.deps.db.query<{ value: string }>('SELECT value FROM user_state WHERE user_id = $1 AND state_key = $2', [c.var.user.id, key]);
    // Nothing saved yet is an ordinary answer (every first sign-in asks), not an error.
    if (!row) return c.body(null, 204);
    return c.json(JSON.parse(row.value));
  });

export const trialRoutes = new Hono<Env>().post('/requestTrial', async (c) => {
  const { db, now } = c.var.deps;
  // One request per user, however often (or however many times at once) the button is pressed.
  const added = await db.query(
    'INSERT INTO trial_requests (id, user_id, created_at) VALUES ($1, $2, CAST($3 AS TIMESTAMP)) ON CONFLICT DO NOTHING RETURNING id',
    [crypto.randomUUID(), c.var.user.id, now()],
  );
  return c.json({ isSuccess: true, alreadyRequested: added.length === 0, message: 'Thank you. We will be in touch about your free trial.' });
});

export const membershipRoutes = new Hono<Env>().get('/', (c) =>
  c.json({ selfRegistration: false, passwordPolicy: { minimumLength: 8, requireUpper: true, requireLower: true, requireDigit: true, requireSymbol: true }, lockout: { attempts: 5, minutes: 15 } }),
);
