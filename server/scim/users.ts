import { Hono, type Context } from 'hono';
import type { Env } from '../context';
import type { Queryable } from '../db';
import { readBody, z } from '../http/validate';
import { rolesOf, type UserRow } from '../identity/users';
import { revokeUserSessions } from '../auth/sessions';
import { setActive } from '../identity/user-status';
import { deleteUser } from '../identity/delete-user';
import { insertUser } from '../identity/insert-user';
import { keepingAGlobalAdmin } from '../identity/last-admin';
import { invalidPath, invalidSyntax, invalidValue, noSuch, scimJson, uniqueness } from './errors';
import { changesOf, entries, isObject, readPatch, readResource, toBoolean, toText, type Change } from './patch';
import { listResponse, USER_SCHEMA } from './schema';
import { excluding, listPage, scimBase, type ListQuery } from './list';

/** A user as SCIM changes it; `email` null means "the same as userName" (the portal's usual case). */
interface ScimUser {
  userName: string;
  givenName: string;
  familyName: string;
  email: string | null;
  active: boolean;
  externalId: string | null;
  roles: string[];
}

type Row = UserRow & { scim_active: boolean | null; scim_external_id: string | null; scim_updated_at: Date | null };

/** Core and extension attributes identity providers send that the portal does not keep: accepted, not stored. */
const NOT_KEPT = new Set(['schemas', 'id', 'meta', 'displayname', 'nickname', 'profileurl', 'title', 'usertype', 'preferredlanguage', 'locale', 'timezone', 'password', 'phonenumbers', 'ims', 'photos', 'addresses', 'groups', 'entitlements', 'x509certificates']);
const NAME_NOT_KEPT = new Set(['formatted', 'middlename', 'honorificprefix', 'honorificsuffix']);
const DEFAULT_ROLE = 'PortalUser';

const emailAddress = (value: unknown, name: string) => {
  const text = toText(value, name, 256).trim().toLowerCase();
  if (!z.string().email().safeParse(text).success) throw invalidValue(`${name} must be an e-mail address (the portal's user names are e-mail addresses).`);
  return text;
};
const text = (value: unknown, name: string) => (value === null || value === undefined ? '' : toText(value, name, 100).trim());

function applyName(user: ScimUser, sub: string | undefined, value: unknown): void {
  if (sub === undefined) {
    if (value === undefined || value === null) return void Object.assign(user, { givenName: '', familyName: '' });
    if (!isObject(value)) throw invalidValue('name must be an object.');
    for (const [key, v] of Object.entries(value)) applyName(user, key.toLowerCase(), v);
  } else if (sub === 'givenname') user.givenName = text(value, 'name.givenName');
  else if (sub === 'familyname') user.familyName = text(value, 'name.familyName');
  else if (!NAME_NOT_KEPT.has(sub)) throw invalidPath(`Unknown attribute: name.${sub}.`);
}

/** The portal keeps one address: the primary or work one of a list, or the one a path names (`emails[type eq "work"].value`). */
function applyEmails(user: ScimUser, { op, path, value }: Change): void {
  if (op === 'remove') return void (user.email = null);
  if (path.filter || path.sub) {
    if (path.sub && path.sub !== 'value') return; // type or primary of the one address: nothing to keep
    user.email = emailAddress(path.sub ? value : isObject(value) ? value.value : value, 'emails.value');
    return;
  }
  const list = entries(value);
  const chosen = list.find((e) => isObject(e) && (e.primary === true || e.primary === 'True' || e.primary === 'true')) ?? list.find((e) => isObject(e) && e.type === 'work') ?? list[0];
  if (chosen === undefined) user.email = null;
  else if (!isObject(chosen)) throw invalidValue('emails must hold objects with a value.');
  else user.email = emailAddress(chosen.value, 'emails.value');
}

/** Roles name the portal's roles (any case); others are ignored, and a user left without one is a PortalUser. */
function applyRoles(user: ScimUser, { op, path, value }: Change, known: readonly string[]): void {
  const named = (path.filter || path.sub ? [value] : entries(value)).map((e) => (isObject(e) ? e.value : e));
  const roles = named.flatMap((n) => known.filter((k) => typeof n === 'string' && k.toLowerCase() === n.trim().toLowerCase()));
  if (op === 'replace') user.roles = roles;
  else if (op === 'add') user.roles = [...new Set([...user.roles, ...roles])];
  else if (path.filter?.attribute === 'value') user.roles = user.roles.filter((r) => r.toLowerCase() !== path.filter!.value.toLowerCase());
  else user.roles = value === undefined ? [] : user.roles.filter((r) => !roles.includes(r));
}

/** One change to a user. A body's unknown attribute is invalidSyntax, a PATCH path's is invalidPath. */
function apply(user: ScimUser, change: Change, known: readonly string[]): void {
  const { op, path, value } = change;
  const removed = op === 'remove' || value === null;
  switch (path.attribute) {
    case 'username':
      if (removed) throw invalidValue('userName cannot be removed.');
      return void (user.userName = emailAddress(value, 'userName'));
    case 'externalid':
      return void (user.externalId = removed ? null : toText(value, 'externalId', 256));
    case 'active':
      if (removed) throw invalidValue('active cannot be removed.');
      return void (user.active = toBoolean(value, 'active'));
    case 'name':
      return applyName(user, path.sub, op === 'remove' ? undefined : value);
    case 'emails':
      return applyEmails(user, change);
    case 'roles':
      return applyRoles(user, change, known);
  }
  if (NOT_KEPT.has(path.attribute) || path.attribute.startsWith('urn:')) return;
  throw (change.fromBody ? invalidSyntax : invalidPath)(`Unknown attribute: ${path.attribute}.`);
}

const stateOf = (row: Row): ScimUser => ({
  userName: row.user_name,
  givenName: row.first_name,
  familyName: row.last_name,
  email: row.email === row.user_name ? null : row.email,
  active: row.scim_active ?? true,
  externalId: row.scim_external_id,
  roles: rolesOf(row),
});

const LIST: ListQuery = {
  columns: 'u.*, st.active AS scim_active, st.external_id AS scim_external_id, st.updated_at AS scim_updated_at',
  from: 'users u LEFT JOIN user_status st ON st.user_id = u.id',
  order: 'u.created_on, u.id',
  filters: { userName: 'lower(u.user_name) = lower($1)', externalId: 'st.external_id = $1', 'emails.value': 'lower(u.email) = lower($1)' },
};
const SELECT = `SELECT ${LIST.columns} FROM ${LIST.from}`;

async function findRow(q: Queryable, id: string): Promise<Row> {
  const [row] = await q.query<Row & Record<string, unknown>>(`${SELECT} WHERE u.id = $1`, [id]);
  if (!row) throw noSuch('User', id);
  return row;
}

const activeRow = (row: Row) => ({ ...row, active: row.scim_active ?? true });

async function groupsOf(q: Queryable, userIds: string[]): Promise<Map<string, Array<{ value: string; display: string }>>> {
  const groups = new Map<string, Array<{ value: string; display: string }>>();
  if (!userIds.length) return groups;
  const rows = await q.query<{ user_id: string; id: string; name: string }>(
    `SELECT m.user_id, g.id, g.name FROM group_members m JOIN groups g ON g.id = m.group_id WHERE m.user_id IN (${userIds.map((_, i) => `$${i + 1}`).join(', ')}) ORDER BY lower(g.name)`,
    userIds,
  );
  for (const r of rows) groups.set(r.user_id, [...(groups.get(r.user_id) ?? []), { value: r.id, display: r.name }]);
  return groups;
}

function resource(c: Context<Env>, row: Row, groups: Array<{ value: string; display: string }> = []) {
  const location = `${scimBase(c)}/Users/${row.id}`;
  return excluding(c, {
    schemas: [USER_SCHEMA],
    id: row.id,
    ...(row.scim_external_id ? { externalId: row.scim_external_id } : {}),
    userName: row.user_name,
    name: { givenName: row.first_name, familyName: row.last_name, formatted: `${row.first_name} ${row.last_name}`.trim() },
    displayName: `${row.first_name} ${row.last_name}`.trim() || row.user_name,
    emails: [{ value: row.email, type: 'work', primary: true }],
    active: row.scim_active ?? true,
    roles: rolesOf(row).map((r) => ({ value: r, display: r })),
    groups: groups.map((g) => ({ ...g, $ref: `${scimBase(c)}/Groups/${g.value}` })),
    meta: { resourceType: 'User', created: row.created_on.toISOString(), lastModified: (row.scim_updated_at ?? row.created_on).toISOString(), location },
  });
}

const answer = async (c: Context<Env>, id: string, status: 200 | 201 = 200) => {
  const row = await findRow(c.var.deps.db, id);
  const body = resource(c, row, (await groupsOf(c.var.deps.db, [id])).get(id));
  return scimJson(c, body, status, status === 201 ? { Location: body.meta?.location ?? '' } : {});
};

const knownRoles = async (q: Queryable) => (await q.query<{ name: string }>('SELECT name FROM roles')).map((r) => r.name);

/**
 * Writes a user as SCIM left it: a new one (no password: they sign in by single sign-on, or by a
 * password an administrator's mail lets them set) or an existing one. A change of role or user
 * name ends their sessions, as the administrator's edit does; deactivation ends them too.
 */
async function save(q: Queryable, user: ScimUser, now: Date, before?: Row): Promise<string> {
  if (!user.userName) throw invalidValue('userName is required.');
  const id = before?.id ?? `u-${crypto.randomUUID()}`;
  const [taken] = await q.query('SELECT id FROM users WHERE lower(user_name) = lower($1) AND id <> $2', [user.userName, id]);
  if (taken) throw uniqueness(`A user with userName ${user.userName} already exists.`);
  const role = (user.roles.length ? user.roles : [DEFAULT_ROLE]).join(',');
  const email = user.email ?? user.userName;
  if (!before) await insertUser(q, { id, userName: user.userName, email, firstName: user.givenName, lastName: user.familyName, role }, now);
  else if (before.user_name !== user.userName || before.email !== email || before.first_name !== user.givenName || before.last_name !== user.familyName || before.role !== role) {
    await q.query('UPDATE users SET user_name = $2, email = $3, first_name = $4, last_name = $5, role = $6 WHERE id = $1', [id, user.userName, email, user.givenName, user.familyName, role]);
    if (before.role !== role || before.user_name !== user.userName) await revokeUserSessions(q, id);
  }
  await setActive(q, id, user.active, now, user.externalId);
  return id;
}

/** Applies changes to a stored user and answers with the result. */
async function update(c: Context<Env>, changes: Change[]) {
  const { db, now } = c.var.deps;
  const known = await knownRoles(db);
  await db.tx(async (q) => {
    const before = await findRow(q, c.req.param('id')!);
    const user = stateOf(before);
    for (const change of changes) apply(user, change, known);
    await keepingAGlobalAdmin(db, q, activeRow(before), () => save(q, user, now(), before), invalidValue);
  });
  return answer(c, c.req.param('id')!);
}

export const scimUserRoutes = new Hono<Env>()
  .get('/', async (c) => {
    const { rows, total, startIndex } = await listPage<Row>(c, LIST);
    const groups = await groupsOf(c.var.deps.db, rows.map((r) => r.id));
    return scimJson(c, listResponse(rows.map((r) => resource(c, r, groups.get(r.id))), total, startIndex));
  })
  .post('/', async (c) => {
    const { db, now } = c.var.deps;
    const changes = changesOf('replace', await readResource(c));
    const known = await knownRoles(db);
    const user: ScimUser = { userName: '', givenName: '', familyName: '', email: null, active: true, externalId: null, roles: [] };
    for (const change of changes) apply(user, change, known);
    const id = await db.tx((q) => save(q, user, now()));
    return answer(c, id, 201);
  })
  .get('/:id', (c) => answer(c, c.req.param('id')))
  // PUT replaces what it names; what it leaves out is kept (RFC 7644 section 3.5.1 lets a server treat it as not asserted).
  .put('/:id', async (c) => update(c, changesOf('replace', await readResource(c))))
  .patch('/:id', async (c) => update(c, readPatch(await readBody(c, z.unknown()))))
  .delete('/:id', async (c) => {
    const { db } = c.var.deps;
    await db.tx(async (q) => {
      const before = await findRow(q, c.req.param('id'));
      await keepingAGlobalAdmin(db, q, activeRow(before), () => deleteUser(q, before.id), invalidValue);
    });
    return c.body(null, 204);
  });
