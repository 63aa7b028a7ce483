import { Hono } from 'hono';
import type { Env } from '../context';
import { badRequest, forbidden, notFound } from '../http/errors';
import { check, readBody, z } from '../http/validate';
import { findUserById } from '../identity/users';
import { consumeToken } from '../identity/one-time';
import type { MiddlewareHandler } from 'hono';

export const SCOPE_LABELS = ['Mobile assistant', 'Tablet', 'Store kiosk', 'Wall display'];

const scopeLabel = z
  .string({ message: 'Choose a scope label.' })
  .trim()
  .min(1, 'Choose a scope label.')
  .refine((s) => SCOPE_LABELS.includes(s), { message: `The scope label must be one of: ${SCOPE_LABELS.join(', ')}.` });

/** Registering devices needs canManageAppRegistrations on the user (spec part 1 section 6). */
const canManage: MiddlewareHandler<Env> = async (c, next) => {
  const user = await findUserById(c.var.deps.db, c.var.user.id);
  if (!user?.can_manage_app_registrations) throw forbidden('You cannot manage application registrations.');
  await next();
};

const toJson = (r: { registration_id: string; scope_label: string; created_at: Date }) => ({
  registrationId: r.registration_id,
  scopeLabel: r.scope_label,
  createdAt: r.created_at.toISOString(),
});

/** Other Devices: register a device with a one-time code, list, re-scope, delete. */
export const applicationRoutes = new Hono<Env>()
  .get('/scopeLabels', (c) => c.json({ scopeLabels: SCOPE_LABELS }))
  .use(canManage)
  .post('/register', async (c) => {
    const { db, now } = c.var.deps;
    const body = await readBody(c, z.object({ code: z.string().trim().min(1, 'Enter the code shown on the device.').max(64), scopeLabel }));
    const registrationId = `app-${crypto.randomUUID()}`;
    // The code is spent and the device registered in one transaction: one code, one device, however many requests race.
    const registered = await db.tx(async (q) => {
      if (!(await consumeToken(q, body.code, ['totp'], now(), c.var.user.id))) return false;
      await q.query('INSERT INTO app_registrations (registration_id, user_id, code, scope_label, created_at) VALUES ($1, $2, $3, $4, CAST($5 AS TIMESTAMP))', [
        registrationId, c.var.user.id, body.code.slice(-4), body.scopeLabel, now(),
      ]);
      return true;
    });
    if (!registered) throw badRequest('The code is not valid or has expired.', { Code: ['authentication'] });
    return c.json({ registrationId, code: body.code.slice(-4), scopeLabel: body.scopeLabel }, 201);
  })
  .get('/list', async (c) => {
    const rows = await c.var.deps.db.query<{ registration_id: string; scope_label: string; created_at: Date }>(
      'SELECT registration_id, scope_label, created_at FROM app_registrations WHERE user_id = $1 ORDER BY created_at DESC, registration_id',
      [c.var.user.id],
    );
    return c.json({ results: rows.map(toJson) });
  })
  .delete('/:id', async (c) => {
    const { db } = c.var.deps;
    const rows = await db.query('SELECT registration_id FROM app_registrations WHERE registration_id = $1 AND user_id = $2', [c.req.param('id'), c.var.user.id]);
    if (!rows.length) throw notFound('No such registration.');
    await db.query('DELETE FROM app_registrations WHERE registration_id = $1', [c.req.param('id')]);
    return c.json({ isSuccess: true });
  })
  .post('/:id/update', async (c) => {
    const { db } = c.var.deps;
    const label = check(scopeLabel, c.req.query('scopeLabel'));
    const rows = await db.query('SELECT registration_id FROM app_registrations WHERE registration_id = $1 AND user_id = $2', [c.req.param('id'), c.var.user.id]);
    if (!rows.length) throw notFound('No such registration.');
    await db.query('UPDATE app_registrations SET scope_label = $1 WHERE registration_id = $2', [label, c.req.param('id')]);
    return c.json({ registrationId: c.req.param('id'), scopeLabel: label });
  });
