import { Hono } from 'hono';
import type { Env } from '../context';
import { requireRoles } from '../auth/middleware';
import { badRequest, conflict, notFound, unlessTaken } from '../http/errors';
import { readBody, z } from '../http/validate';
import { ADMIN_ROLES } from '../identity/rules';
import type { Queryable } from '../db';
import { deleteGroup } from '../identity/groups';

const groupBody = z.object({
  name: z.string({ message: 'Enter a group name.' }).trim().min(1, 'Enter a group name.').max(100),
  description: z.string().trim().max(500).default(''),
  memberIds: z.array(z.string().min(1).max(100)).max(1000).optional(),
});

const NAME_TAKEN = () => conflict('The group could not be saved.', { Name: ['A group with this name already exists.'] });

async function assertUniqueName(q: Queryable, name: string, except = '') {
  const [dupe] = await q.query('SELECT id FROM groups WHERE lower(name) = lower($1) AND id <> $2', [name, except]);
  if (dupe) throw NAME_TAKEN();
}


async function writeMembers(q: Queryable, groupId: string, memberIds: string[]) {
  const known = new Set((await q.query<{ id: string }>('SELECT id FROM users')).map((u) => u.id));
  const unknown = memberIds.filter((id) => !known.has(id));
  if (unknown.length) throw badRequest('The group could not be saved.', { Members: [`Unknown user: ${unknown[0]}`] });
  await q.query('DELETE FROM group_members WHERE group_id = $1', [groupId]);
  for (const id of new Set(memberIds)) await q.query('INSERT INTO group_members (group_id, user_id) VALUES ($1, $2)', [groupId, id]);
}

/** Groups of users (no calls in the spec: these are this server's, documented in docs/api.md). */
export const groupRoutes = new Hono<Env>()
  .use(requireRoles(...ADMIN_ROLES))
  .get('/', async (c) => {
    const rows = await c.var.deps.db.query<{ id: string; name: string; description: string | null; members: number }>(
      `SELECT g.id, g.name, g.description, count(m.user_id) AS members
       FROM groups g LEFT JOIN group_members m ON m.group_id = g.id
       GROUP BY g.id, g.name, g.description ORDER BY lower(g.name)`,
    );
    return c.json({ results: rows.map((g) => ({ id: g.id, name: g.name, description: g.description ?? '', memberCount: g.members })) });
  })
  .post('/', async (c) => {
    const { db } = c.var.deps;
    const body = await readBody(c, groupBody);
    await assertUniqueName(db, body.name);
    const id = `g-${crypto.randomUUID()}`;
    await unlessTaken(() =>
      db.tx(async (q) => {
        await q.query('INSERT INTO groups (id, name, description) VALUES ($1, $2, $3)', [id, body.name, body.description]);
        await writeMembers(q, id, body.memberIds ?? []);
      }),
      NAME_TAKEN,
    );
    return c.json({ id, name: body.name, description: body.description }, 201);
  })
  .get('/:id', async (c) => {
    const { db } = c.var.deps;
    const [group] = await db.query<{ id: string; name: string; description: string | null }>('SELECT id, name, description FROM groups WHERE id = $1', [c.req.param('id')]);
    if (!group) throw notFound('No group with this id.');
    const members = await db.query<{ id: string; user_name: string; first_name: string; last_name: string }>(
      `SELECT u.id, u.user_name, u.first_name, u.last_name FROM group_members m JOIN users u ON u.id = m.user_id
       WHERE m.group_id = $1 ORDER BY lower(u.first_name), lower(u.last_name)`,
      [group.id],
    );
    return c.json({ ...group, description: group.description ?? '', members: members.map((m) => ({ id: m.id, userName: m.user_name, fullName: `${m.first_name} ${m.last_name}` })) });
  })
  .post('/:id', async (c) => {
    const { db } = c.var.deps;
    const id = c.req.param('id');
    const body = await readBody(c, groupBody);
    const [group] = await db.query('SELECT id FROM groups WHERE id = $1', [id]);
    if (!group) throw notFound('No group with this id.');
    await assertUniqueName(db, body.name, id);
    await unlessTaken(() =>
      db.tx(async (q) => {
        await q.query('UPDATE groups SET name = $1, description = $2 WHERE id = $3', [body.name, body.description, id]);
        if (body.memberIds) await writeMembers(q, id, body.memberIds);
      }),
      NAME_TAKEN,
    );
    return c.json({ id, name: body.name, description: body.description });
  })
  .delete('/:id', async (c) => {
    const { db } = c.var.deps;
    const [group] = await db.query('SELECT id FROM groups WHERE id = $1', [c.req.param('id')]);
    if (!group) throw notFound('No group with this id.');
    await db.tx((q) => deleteGroup(q, c.req.param('id')));
    return c.json({ isSuccess: true });
  });
