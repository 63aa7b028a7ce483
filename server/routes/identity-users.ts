import { Hono, type Context } from 'hono';
import type { Env } from '../context';
import { requireRoles } from '../auth/middleware';
import { notFound, badRequest, conflict, forbidden, unlessTaken } from '../http/errors';
import { readBody, z } from '../http/validate';
import type { Queryable } from '../db';
import { claimsOf, findUserById, hasAnyRole, publicUser, type Claim, type UserRow, USERS_WITH_SSO } from '../identity/users';
import { ADMIN_ROLES, ALL_VALUES, assertCanManage, Authority, checkAssignment, isSameOrHigher } from '../identity/rules';
import { createOneTimeToken } from '../identity/one-time';
import { revokeUserSessions } from '../auth/sessions';
import { checkPassword } from '../auth/sign-in';
import { queueMail } from '../mail/outbox';
import { deleteUser } from '../identity/delete-user';
import { insertUser } from '../identity/insert-user';

/** Accepts `{ User: {...} }` as the spec sends it, or the object itself. */
const wrapped = <T extends z.ZodTypeAny>(key: string, schema: T) =>
  z.preprocess((v) => (v && typeof v === 'object' && Object.hasOwn(v, key) ? (v as Record<string, unknown>)[key] : v), schema);

const claim = z.object({ Type: z.string().min(1).max(64), Value: z.string().min(1).max(256) });
const userFields = {
  // User names are e-mail addresses, compared and stored in lower case: one account per address.
  email: z.string().trim().email('Enter a valid e-mail address.').max(256).transform((e) => e.toLowerCase()),
  firstName: z.string().trim().min(1, 'Enter a first name.').max(100),
  lastName: z.string().trim().min(1, 'Enter a last name.').max(100),
  role: z.string().trim().min(1, 'Choose a role.').max(200),
  claims: z.array(claim).max(500).default([]),
};
const createBody = wrapped('User', z.object(userFields));
const updateBody = wrapped(
  'UserModel',
  z
    .object({ ...userFields, claims: z.array(claim).max(500) })
    .partial()
    .extend({ id: z.string().min(1, 'id is required').max(200), currentPassword: z.string().max(1024).optional() }),
);

const SORTS = new Map<string, string>([
  ['fullname', 'lower(first_name), lower(last_name)'],
  ['username', 'lower(user_name)'],
  ['email', 'lower(email)'],
  ['role', 'lower(role), lower(first_name)'],
  ['createdon', 'created_on'],
]);
const listBody = wrapped(
  'Filter',
  z.object({
    take: z.number().int().min(1).max(200).default(50),
    skip: z.number().int().min(0).max(1_000_000).default(0),
    sortType: z
      .string()
      .max(40)
      .default('fullname')
      .refine((s) => SORTS.has(s.toLowerCase().replace(/_desc$/, '')), { message: `sortType must be one of ${[...SORTS.keys()].join(', ')} (optionally with _desc)` }),
    usernameFilter: z.string().max(200).default(''),
  }),
);

/** One account per address: a second one, also from a racing request, is a 409 with this field error. */
const EMAIL_TAKEN = () => conflict('The user could not be saved.', { Email: ['A user with this e-mail address already exists.'] });
const toClaims = (claims: Array<{ Type: string; Value: string }>): Claim[] => claims.map((c) => [c.Type, c.Value]);
/** What is stored: "all values" of a type is no restriction of that type (an unrestricted user has no such claim). */
const stored = (claims: Claim[]): Claim[] => claims.filter(([, v]) => v !== ALL_VALUES);
const claimSet = (claims: Claim[]) => [...new Set(stored(claims).map(([t, v]) => `${t}=${v}`))].sort().join('|');

async function writeClaims(q: Queryable, userId: string, claims: Claim[]) {
  await q.query('DELETE FROM user_claims WHERE user_id = $1', [userId]);
  for (const [t, v] of new Map(claims.map((c) => [`${c[0]}=${c[1]}`, c])).values()) {
    await q.query('INSERT INTO user_claims (user_id, claim_type, claim_value) VALUES ($1, $2, $3)', [userId, t, v]);
  }
}

async function assertEmailFree(q: Queryable, email: string, except = '') {
  const [dupe] = await q.query('SELECT id FROM users WHERE lower(user_name) = lower($1) AND id <> $2', [email, except]);
  if (dupe) throw EMAIL_TAKEN();
}

/** One's own e-mail (the sign-in name) changes only with the current password, and the old address hears of it. */
async function checkOwnEmailChange(c: Context<Env>, me: UserRow, currentPassword: string | undefined) {
  if (!currentPassword) throw badRequest('The user could not be saved.', { CurrentPassword: ['Enter your current password to change your e-mail address.'] });
  const outcome = await checkPassword(c, me.user_name, currentPassword);
  if (!outcome.ok) throw badRequest('The user could not be saved.', { CurrentPassword: [outcome.locked ? outcome.message : 'The current password is incorrect.'] });
}

export const userRoutes = new Hono<Env>()
  .post('/createuser', requireRoles(...ADMIN_ROLES), async (c) => {
    const { db, now } = c.var.deps;
    const body = await readBody(c, createBody);
    const claims = toClaims(body.claims);
    checkAssignment(await Authority.of(db, c.var.user), c.var.user, body.role, claims);
    await assertEmailFree(db, body.email);
    const id = `u-${crypto.randomUUID()}`;
    await unlessTaken(() =>
      db.tx(async (q) => {
        await insertUser(q, { id, userName: body.email, email: body.email, firstName: body.firstName, lastName: body.lastName, role: body.role }, now());
        await writeClaims(q, id, stored(claims));
        await createOneTimeToken(q, id, body.email, 'create', now());
      }),
      EMAIL_TAKEN,
    );
    const user = (await findUserById(db, id))!;
    return c.json({ isSuccess: true, message: 'The user was created and invited by e-mail.', user: publicUser(user, stored(claims)) }, 201);
  })
  .post('/getuserlist', requireRoles(...ADMIN_ROLES), async (c) => {
    const { db } = c.var.deps;
    const f = await readBody(c, listBody);
    const sort = f.sortType.toLowerCase();
    const desc = sort.endsWith('_desc');
    const order = SORTS.get(sort.replace(/_desc$/, ''))!.split(', ').map((col) => `${col} ${desc ? 'DESC' : 'ASC'}`).join(', ');
    const pattern = `%${f.usernameFilter.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    const where = `WHERE user_name ILIKE $1 ESCAPE '\\' OR (first_name || ' ' || last_name) ILIKE $1 ESCAPE '\\'`;
    const rows = await db.query<UserRow & Record<string, unknown>>(
      `SELECT * FROM ${USERS_WITH_SSO} ${where} ORDER BY ${order}, id LIMIT $2 OFFSET $3`,
      [pattern, f.take + 1, f.skip],
    );
    const [{ total }] = await db.query<{ total: number }>(`SELECT count(*) AS total FROM users ${where}`, [pattern]);
    const authority = await Authority.of(db, c.var.user);
    const page = rows.slice(0, f.take);
    const results = await Promise.all(
      page.map(async (u) => ({ ...publicUser(u, await claimsOf(db, u.id)), sameOrHigherRole: isSameOrHigher(authority, u) })),
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
      // As in the list: one's own role is not below one's own, so nobody changes their own role, claims or account here (the page still edits one's names).
      sameOrHigherRole: isSameOrHigher(await Authority.of(db, me), user),
    });
  })
  .post('/userdetail', async (c) => {
    const { db } = c.var.deps;
    const user = await findUserById(db, c.var.user.id);
    if (!user) throw notFound('Your account no longer exists.');
    return c.json({ ...publicUser(user, await claimsOf(db, user.id)), canManageAppRegistrations: user.can_manage_app_registrations });
  })
  .post('/getUsersByRole', requireRoles(...ADMIN_ROLES), async (c) => {
    const { db } = c.var.deps;
    const { role } = await readBody(c, z.object({ role: z.string().trim().min(1, 'Choose a role.').max(100) }));
    const rows = await db.query<UserRow & Record<string, unknown>>(
      "SELECT * FROM users WHERE (',' || lower(role) || ',') LIKE $1 ORDER BY lower(first_name), lower(last_name)",
      [`%,${role.toLowerCase().replace(/[\\%_]/g, '')},%`],
    );
    return c.json({ results: rows.map((u) => ({ id: u.id, userName: u.user_name, fullName: `${u.first_name} ${u.last_name}`, role: u.role })) });
  })
  .post('/updateuser', async (c) => {
    const { db, now } = c.var.deps;
    const me = c.var.user;
    const body = await readBody(c, updateBody);
    const target = await findUserById(db, body.id);
    if (!target) throw notFound('No user with this id.');
    const self = target.id === me.id;
    const authority = await Authority.of(db, me);
    const current = await claimsOf(db, target.id);
    const email = body.email ?? target.email;
    const reMailed = email.toLowerCase() !== target.user_name.toLowerCase();
    if (self) {
      if (body.role !== undefined || body.claims !== undefined) throw forbidden('You cannot change your own role or claims.');
      if (reMailed) await checkOwnEmailChange(c, target, body.currentPassword);
    } else assertCanManage(authority, me, target);
    const role = body.role ?? target.role;
    const claims = body.claims === undefined ? current : toClaims(body.claims);
    // A change of role or of claims (clearing them included) changes what the user may see: the same rule for both.
    const accessChanged = role !== target.role || claimSet(claims) !== claimSet(current);
    if (!self && (body.role !== undefined || body.claims !== undefined) && accessChanged) checkAssignment(authority, me, role, claims);
    await assertEmailFree(db, email, target.id);
    await unlessTaken(() =>
      db.tx(async (q) => {
        await q.query('UPDATE users SET email = $1, user_name = $1, first_name = $2, last_name = $3, role = $4 WHERE id = $5', [
          email, body.firstName ?? target.first_name, body.lastName ?? target.last_name, role, target.id,
        ]);
        if (accessChanged) await writeClaims(q, target.id, stored(claims));
        // Sessions carry the role, claims and sign-in name they started with: a change ends them.
        if (accessChanged || (reMailed && !self)) await revokeUserSessions(q, target.id);
        if (reMailed) {
          await queueMail(q, target.email, 'Your CX Portal e-mail address was changed',
            `The e-mail address you sign in with was changed from ${target.email} to ${email}. If you did not ask for this, tell your portal administrator at once.`, now());
        }
      }),
      EMAIL_TAKEN,
    );
    const user = (await findUserById(db, target.id))!;
    return c.json({ isSuccess: true, message: 'The user was saved.', user: publicUser(user, await claimsOf(db, user.id)) });
  })
  .post('/deleteuser/:id', requireRoles(...ADMIN_ROLES), async (c) => {
    const { db } = c.var.deps;
    const target = await findUserById(db, c.req.param('id'));
    if (!target) throw notFound('No user with this id.');
    assertCanManage(await Authority.of(db, c.var.user), c.var.user, target);
    await db.tx((q) => deleteUser(q, target.id));
    return c.json({ isSuccess: true, message: 'The user was deleted.' });
  });
