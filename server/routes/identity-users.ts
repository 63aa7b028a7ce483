import { Hono } from 'hono';
import type { Env } from '../context';
import { requireRoles } from '../auth/middleware';
import { notFound, badRequest, forbidden } from '../http/errors';
import { readBody, z } from '../http/validate';
import { claimsOf, findUserById, hasAnyRole, publicUser, type Claim, type UserRow } from '../identity/users';
import { ADMIN_ROLES, allRoles, assertCanManage, checkAssignment, isSameOrHigher } from '../identity/rules';
import { createOneTimeToken } from '../identity/one-time';

/** Accepts `{ User: {...} }` as the spec sends it, or the object itself. */
const wrapped = <T extends z.ZodTypeAny>(key: string, schema: T) =>
  z.preprocess((v) => (v && typeof v === 'object' && key in v ? (v as Record<string, unknown>)[key] : v), schema);

const claim = z.object({ Type: z.string().min(1).max(64), Value: z.string().min(1).max(256) });
const userFields = {
  email: z.string().trim().email('Enter a valid e-mail address.').max(256),
  firstName: z.string().trim().min(1, 'Enter a first name.').max(100),
  lastName: z.string().trim().min(1, 'Enter a last name.').max(100),
  role: z.string().trim().min(1, 'Choose a role.').max(200),
  claims: z.array(claim).max(500).default([]),
};
const createBody = wrapped('User', z.object(userFields));
const updateBody = wrapped('UserModel', z.object({ ...userFields, claims: z.array(claim).max(500) }).partial().extend({ id: z.string().min(1, 'id is required') }));

const SORTS: Record<string, string> = {
  fullname: 'lower(first_name), lower(last_name)',
  username: 'lower(user_name)',
  email: 'lower(email)',
  role: 'lower(role), lower(first_name)',
  createdon: 'created_on',
};
const listBody = wrapped(
  'Filter',
  z.object({
    take: z.number().int().min(1).max(200).default(50),
    skip: z.number().int().min(0).default(0),
    sortType: z
      .string()
      .default('fullname')
      .refine((s) => s.toLowerCase().replace(/_desc$/, '') in SORTS, { message: `sortType must be one of ${Object.keys(SORTS).join(', ')} (optionally with _desc)` }),
    usernameFilter: z.string().max(200).default(''),
  }),
);

const toClaims = (claims: Array<{ Type: string; Value: string }>): Claim[] => claims.map((c) => [c.Type, c.Value]);

async function writeClaims(q: Parameters<typeof claimsOf>[0], userId: string, claims: Claim[]) {
  await q.query('DELETE FROM user_claims WHERE user_id = $1', [userId]);
  for (const [t, v] of new Map(claims.map((c) => [`${c[0]}=${c[1]}`, c])).values()) {
    await q.query('INSERT INTO user_claims (user_id, claim_type, claim_value) VALUES ($1, $2, $3)', [userId, t, v]);
  }
}

export const userRoutes = new Hono<Env>()
  .post('/createuser', requireRoles(...ADMIN_ROLES), async (c) => {
    const { db, now } = c.var.deps;
    const body = await readBody(c, createBody);
    const claims = toClaims(body.claims);
    await checkAssignment(db, c.var.user, body.role, claims);
    const [dupe] = await db.query('SELECT id FROM users WHERE lower(user_name) = lower($1)', [body.email]);
    if (dupe) throw badRequest('The user could not be saved.', { Email: ['A user with this e-mail address already exists.'] });
    const id = `u-${crypto.randomUUID()}`;
    await db.tx(async (q) => {
      await q.query(
        `INSERT INTO users (id, user_name, email, first_name, last_name, phone_number, company, role, password_hash, created_on,
           change_password_on_next_login, can_manage_app_registrations, failed_sign_ins, locked_until)
         VALUES ($1, $2, $2, $3, $4, NULL, NULL, $5, NULL, CAST($6 AS TIMESTAMP), false, true, 0, NULL)`,
        [id, body.email, body.firstName, body.lastName, body.role, now()],
      );
      await writeClaims(q, id, claims);
      await createOneTimeToken(q, id, body.email, 'create', now());
    });
    const user = (await findUserById(db, id))!;
    return c.json({ isSuccess: true, message: 'The user was created and invited by e-mail.', user: publicUser(user, claims) }, 201);
  })
  .post('/getuserlist', requireRoles(...ADMIN_ROLES), async (c) => {
    const { db } = c.var.deps;
    const f = await readBody(c, listBody);
    const sort = f.sortType.toLowerCase();
    const desc = sort.endsWith('_desc');
    const order = SORTS[sort.replace(/_desc$/, '')].split(', ').map((col) => `${col} ${desc ? 'DESC' : 'ASC'}`).join(', ');
    const pattern = `%${f.usernameFilter.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    const where = `WHERE user_name ILIKE $1 ESCAPE '\\' OR (first_name || ' ' || last_name) ILIKE $1 ESCAPE '\\'`;
    const rows = await db.query<UserRow & Record<string, unknown>>(
      `SELECT * FROM users ${where} ORDER BY ${order}, id LIMIT $2 OFFSET $3`,
      [pattern, f.take + 1, f.skip],
    );
    const [{ total }] = await db.query<{ total: number }>(`SELECT count(*) AS total FROM users ${where}`, [pattern]);
    const page = rows.slice(0, f.take);
    const results = await Promise.all(
      page.map(async (u) => ({ ...publicUser(u, await claimsOf(db, u.id)), sameOrHigherRole: isSameOrHigher(c.var.user, u) })),
    );
    return c.json({ results, hasMore: rows.length > f.take, total, take: f.take, skip: f.skip });
  })
  .post('/getuser/:id', async (c) => {
    const { db } = c.var.deps;
    const me = c.var.user;
    if (c.req.param('id') !== me.id && !hasAnyRole(me.roles, ADMIN_ROLES)) throw forbidden();
    const user = await findUserById(db, c.req.param('id'));
    if (!user) throw notFound('No user with this id.');
    return c.json({
      ...publicUser(user, await claimsOf(db, user.id)),
      canManageAppRegistrations: user.can_manage_app_registrations,
      sameOrHigherRole: user.id !== me.id && isSameOrHigher(me, user),
    });
  })
  .post('/userdetail', async (c) => {
    const { db } = c.var.deps;
    const user = await findUserById(db, c.var.user.id);
    if (!user) throw notFound('Your account no longer exists.');
    return c.json({ ...publicUser(user, await claimsOf(db, user.id)), canManageAppRegistrations: user.can_manage_app_registrations });
  })
  .post('/roles', async (c) => {
    const { db } = c.var.deps;
    const roles = await allRoles(db);
    const regions = (await db.query<{ v: string }>('SELECT DISTINCT region AS v FROM responses ORDER BY v')).map((r) => r.v);
    return c.json(
      roles.map((r) => ({
        name: r.name,
        reportsTo: r.reports_to,
        dataAttribute: r.data_attribute,
        claims: r.data_attribute === 'Region' ? regions : [],
        reportingRoles: roles.filter((x) => x.reports_to === r.name).map((x) => x.name),
        defaultRoute: r.default_route,
      })),
    );
  })
  .post('/getUsersByRole', requireRoles(...ADMIN_ROLES), async (c) => {
    const { db } = c.var.deps;
    const { role } = await readBody(c, z.object({ role: z.string().trim().min(1, 'Choose a role.').max(100) }));
    const rows = await db.query<UserRow & Record<string, unknown>>(
      "SELECT * FROM users WHERE (',' || lower(role) || ',') LIKE $1 ORDER BY lower(first_name), lower(last_name)",
      [`%,${role.toLowerCase()},%`],
    );
    return c.json({ results: rows.map((u) => ({ id: u.id, userName: u.user_name, fullName: `${u.first_name} ${u.last_name}`, role: u.role })) });
  })
  .post('/updateuser', async (c) => {
    const { db } = c.var.deps;
    const me = c.var.user;
    const body = await readBody(c, updateBody);
    const target = await findUserById(db, body.id);
    if (!target) throw notFound('No user with this id.');
    const self = target.id === me.id;
    if (!self) assertCanManage(me, target);
    if (self && (body.role !== undefined || body.claims !== undefined)) throw forbidden('You cannot change your own role or claims.');
    if (!self && body.role !== undefined) await checkAssignment(db, me, body.role, toClaims(body.claims ?? []));
    const email = body.email ?? target.email;
    const [dupe] = await db.query('SELECT id FROM users WHERE lower(user_name) = lower($1) AND id <> $2', [email, target.id]);
    if (dupe) throw badRequest('The user could not be saved.', { Email: ['A user with this e-mail address already exists.'] });
    await db.tx(async (q) => {
      await q.query('UPDATE users SET email = $1, user_name = $1, first_name = $2, last_name = $3, role = $4 WHERE id = $5', [
        email, body.firstName ?? target.first_name, body.lastName ?? target.last_name, body.role ?? target.role, target.id,
      ]);
      if (body.claims !== undefined) await writeClaims(q, target.id, toClaims(body.claims));
    });
    const user = (await findUserById(db, target.id))!;
    return c.json({ isSuccess: true, message: 'The user was saved.', user: publicUser(user, await claimsOf(db, user.id)) });
  })
  .post('/deleteuser/:id', requireRoles(...ADMIN_ROLES), async (c) => {
    const { db } = c.var.deps;
    const target = await findUserById(db, c.req.param('id'));
    if (!target) throw notFound('No user with this id.');
    assertCanManage(c.var.user, target);
    await db.tx(async (q) => {
      for (const table of ['user_claims', 'group_members', 'refresh_tokens', 'one_time_tokens', 'app_registrations', 'user_preferences', 'user_state']) {
        await q.query(`DELETE FROM ${table} WHERE user_id = $1`, [target.id]);
      }
      await q.query('DELETE FROM users WHERE id = $1', [target.id]);
    });
    return c.json({ isSuccess: true, message: 'The user was deleted.' });
  })
  .get('/users/displayinfo', async (c) => {
    const rows = await c.var.deps.db.query<{ id: string; user_name: string; first_name: string; last_name: string }>(
      'SELECT id, user_name, first_name, last_name FROM users ORDER BY lower(first_name), lower(last_name)',
    );
    return c.json(rows.map((u) => ({ id: u.id, userName: u.user_name, fullName: `${u.first_name} ${u.last_name}` })));
  });
