import { Hono, type Context } from 'hono';
import type { Env } from '../context';
import type { Queryable } from '../db';
import { readBody, z } from '../http/validate';
import { deleteGroup } from '../identity/groups';
import { invalidPath, invalidSyntax, invalidValue, noSuch, scimJson, uniqueness } from './errors';
import { changesOf, entries, isObject, readPatch, readResource, toText, type Change } from './patch';
import { GROUP_SCHEMA, listResponse } from './schema';
import { excluding, listPage, scimBase, type ListQuery } from './list';

interface ScimGroup {
  displayName: string;
  externalId: string | null;
  members: Set<string>;
}
type Row = { id: string; name: string; external_id: string | null };

const LIST: ListQuery = {
  columns: 'g.id, g.name, x.external_id',
  from: 'groups g LEFT JOIN group_external x ON x.group_id = g.id',
  order: 'lower(g.name), g.id',
  filters: { displayName: 'lower(g.name) = lower($1)', externalId: 'x.external_id = $1' },
};
const SELECT = `SELECT ${LIST.columns} FROM ${LIST.from}`;
const memberIds = (value: unknown) =>
  entries(value).map((e) => {
    const id = isObject(e) ? e.value : e;
    if (typeof id !== 'string' || !id) throw invalidValue('members must hold objects with a value (a user id).');
    return id;
  });

/** One change to a group: its name, external id, or members (`members[value eq "id"]` removes one). */
function apply(group: ScimGroup, change: Change): void {
  const { op, path, value } = change;
  if (path.attribute === 'displayname') {
    if (op === 'remove') throw invalidValue('displayName cannot be removed.');
    const name = toText(value, 'displayName', 100).trim();
    if (!name) throw invalidValue('displayName must not be empty.');
    group.displayName = name;
  } else if (path.attribute === 'externalid') group.externalId = op === 'remove' || value === null ? null : toText(value, 'externalId', 256);
  else if (path.attribute === 'members') {
    if (op === 'add') for (const id of memberIds(value)) group.members.add(id);
    else if (op === 'replace' && !path.filter) group.members = new Set(memberIds(value));
    else if (path.filter?.attribute === 'value') group.members.delete(path.filter.value);
    else if (value === undefined) group.members.clear();
    else for (const id of memberIds(value)) group.members.delete(id);
  } else if (!['schemas', 'id', 'meta'].includes(path.attribute)) throw (change.fromBody ? invalidSyntax : invalidPath)(`Unknown attribute: ${path.attribute}.`);
}

async function findRow(q: Queryable, id: string): Promise<Row> {
  const [row] = await q.query<Row & Record<string, unknown>>(`${SELECT} WHERE g.id = $1`, [id]);
  if (!row) throw noSuch('Group', id);
  return row;
}

const placeholders = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `$${i + from}`).join(', ');

async function membersOf(q: Queryable, groupIds: string[]): Promise<Map<string, Array<{ id: string; user_name: string }>>> {
  const members = new Map<string, Array<{ id: string; user_name: string }>>();
  if (!groupIds.length) return members;
  const rows = await q.query<{ group_id: string; id: string; user_name: string }>(
    `SELECT m.group_id, u.id, u.user_name FROM group_members m JOIN users u ON u.id = m.user_id WHERE m.group_id IN (${placeholders(groupIds.length)}) ORDER BY lower(u.user_name)`,
    groupIds,
  );
  for (const r of rows) members.set(r.group_id, [...(members.get(r.group_id) ?? []), r]);
  return members;
}

function resource(c: Context<Env>, row: Row, members: Array<{ id: string; user_name: string }> = []) {
  const base = scimBase(c);
  return excluding(c, {
    schemas: [GROUP_SCHEMA],
    id: row.id,
    displayName: row.name,
    ...(row.external_id ? { externalId: row.external_id } : {}),
    members: members.map((m) => ({ value: m.id, display: m.user_name, type: 'User', $ref: `${base}/Users/${m.id}` })),
    meta: { resourceType: 'Group', location: `${base}/Groups/${row.id}` },
  });
}

const wantsMembers = (c: Context<Env>) => !/(^|,)\s*members\s*(,|$)/i.test(c.req.query('excludedAttributes') ?? '');

async function answer(c: Context<Env>, id: string, status: 200 | 201 = 200) {
  const { db } = c.var.deps;
  const row = await findRow(db, id);
  const members = wantsMembers(c) ? (await membersOf(db, [id])).get(id) : [];
  return scimJson(c, resource(c, row, members), status, status === 201 ? { Location: `${scimBase(c)}/Groups/${id}` } : {});
}

/** Writes a group as SCIM left it; members change by difference, so a large group's add or remove writes only that. */
async function save(q: Queryable, group: ScimGroup, before?: Row): Promise<string> {
  if (!group.displayName) throw invalidValue('displayName is required.');
  const id = before?.id ?? `g-${crypto.randomUUID()}`;
  const [taken] = await q.query('SELECT id FROM groups WHERE lower(name) = lower($1) AND id <> $2', [group.displayName, id]);
  if (taken) throw uniqueness(`A group named ${group.displayName} already exists.`);
  if (!before) await q.query('INSERT INTO groups (id, name, description) VALUES ($1, $2, $3)', [id, group.displayName, '']);
  else if (before.name !== group.displayName) await q.query('UPDATE groups SET name = $1 WHERE id = $2', [group.displayName, id]);
  if ((before?.external_id ?? null) !== group.externalId) {
    await q.query('DELETE FROM group_external WHERE group_id = $1', [id]);
    if (group.externalId !== null) await q.query('INSERT INTO group_external (group_id, external_id) VALUES ($1, $2)', [id, group.externalId]);
  }
  const current = new Set((await q.query<{ user_id: string }>('SELECT user_id FROM group_members WHERE group_id = $1', [id])).map((r) => r.user_id));
  const added = [...group.members].filter((m) => !current.has(m));
  if (added.length) {
    const known = new Set((await q.query<{ id: string }>(`SELECT id FROM users WHERE id IN (${placeholders(added.length)})`, added)).map((r) => r.id));
    const unknown = added.find((m) => !known.has(m));
    if (unknown) throw invalidValue(`No user with id ${unknown}: members are users.`);
  }
  for (const m of current) if (!group.members.has(m)) await q.query('DELETE FROM group_members WHERE group_id = $1 AND user_id = $2', [id, m]);
  for (const m of added) await q.query('INSERT INTO group_members (group_id, user_id) VALUES ($1, $2)', [id, m]);
  return id;
}


async function update(c: Context<Env>, changes: Change[], fresh: boolean) {
  const { db } = c.var.deps;
  await db.tx(async (q) => {
    const before = await findRow(q, c.req.param('id')!);
    const members = fresh ? new Set<string>() : new Set((await membersOf(q, [before.id])).get(before.id)?.map((m) => m.id));
    const group: ScimGroup = { displayName: before.name, externalId: before.external_id, members };
    for (const change of changes) apply(group, change);
    await save(q, group, before);
  });
  return answer(c, c.req.param('id')!);
}

export const scimGroupRoutes = new Hono<Env>()
  .get('/', async (c) => {
    const { rows, total, startIndex } = await listPage<Row>(c, LIST);
    const members = wantsMembers(c) ? await membersOf(c.var.deps.db, rows.map((r) => r.id)) : new Map();
    return scimJson(c, listResponse(rows.map((r) => resource(c, r, members.get(r.id))), total, startIndex));
  })
  .post('/', async (c) => {
    const group: ScimGroup = { displayName: '', externalId: null, members: new Set() };
    for (const change of changesOf('replace', await readResource(c))) apply(group, change);
    const id = await c.var.deps.db.tx((q) => save(q, group));
    return answer(c, id, 201);
  })
  .get('/:id', (c) => answer(c, c.req.param('id')))
  // PUT replaces the members with the ones it lists (none when it lists none).
  .put('/:id', async (c) => update(c, changesOf('replace', await readResource(c)), true))
  .patch('/:id', async (c) => update(c, readPatch(await readBody(c, z.unknown())), false))
  .delete('/:id', async (c) => {
    await c.var.deps.db.tx(async (q) => {
      await findRow(q, c.req.param('id'));
      await deleteGroup(q, c.req.param('id'));
    });
    return c.body(null, 204);
  });
