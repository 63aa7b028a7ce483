import { Hono, type Context } from 'hono';
import type { Env } from '../context';
import { badRequest, notFound, unlessTaken } from '../http/errors';
import { readBody, z } from '../http/validate';
import { moduleById } from '../smartdata/schema';
import { nestedTooDeeply, TOO_DEEP } from '../http/json-depth';

/** Spec part 2 section 5: the two validation messages. */
export const SAME_TITLE = 'The favourite with the name you have entered already exists. Please use another name.';
export const samePayload = (title: string) => `You have already added this view to the favourites as "${title}". Do you want to add it again?`;

const favourite = z.object({
  title: z.string().trim().min(1, 'A title is required.').max(200),
  description: z.string().max(2000).default(''),
  payload: z
    .string()
    .min(2, 'A view state is required.')
    .max(65_536)
    .refine((text) => !nestedTooDeeply(text), TOO_DEEP)
    .refine((text) => {
      try {
        return typeof JSON.parse(text) === 'object';
      } catch {
        return false;
      }
    }, 'The view state must be JSON text.'),
});

type FavouriteRow = {
  favourites_id: string;
  module_id: string;
  title: string;
  description: string;
  payload: string;
  created_at: Date;
  last_accessed_at: Date | null;
};

const shape = (r: FavouriteRow) => ({
  favouritesId: r.favourites_id,
  moduleId: r.module_id,
  title: r.title,
  description: r.description,
  payload: r.payload,
  CreatedAt: new Date(r.created_at).toISOString(),
  LastAccessedAt: r.last_accessed_at ? new Date(r.last_accessed_at).toISOString() : null,
});

const COLUMNS = 'favourites_id, module_id, title, description, payload, created_at, last_accessed_at';

const moduleId = (c: Context<Env>): string => moduleById(c.var.deps.db, c.req.param('moduleId') ?? '', c.var.user.roles).moduleId;

/** SameTitle when the user has a favourite of that title (any case), SamePayload when one holds the same view. */
async function outcomeOf(c: Context<Env>, body: z.infer<typeof favourite>) {
  // Only the caller's favourites that match either way are read, not every saved payload.
  const mine = await c.var.deps.db.query<FavouriteRow>(
    `SELECT ${COLUMNS} FROM favourites WHERE user_id = $1 AND (lower(title) = lower($2) OR payload = $3)`,
    [c.var.user.id, body.title, body.payload],
  );
  const sameTitle = mine.find((f) => f.title.toLowerCase() === body.title.toLowerCase());
  if (sameTitle) return { outcome: 'SameTitle' as const, message: SAME_TITLE, data: shape(sameTitle) };
  const samePayload_ = mine.find((f) => f.payload === body.payload);
  if (samePayload_) return { outcome: 'SamePayload' as const, message: samePayload(samePayload_.title), data: shape(samePayload_) };
  return { outcome: 'NoIssue' as const, message: '', data: null };
}

/** /api/favourites: a user's saved views; every call sees only the caller's own, except a shared link. */
export const favouriteRoutes = new Hono<Env>()
  // A user's own saved views: an embed token (a partner's page) has none to keep.
  .get('/available/Favourites', (c) => c.json({ available: !c.var.user.scope }))
  .get('/Favourites', async (c) => {
    const rows = await c.var.deps.db.query<FavouriteRow>(`SELECT ${COLUMNS} FROM favourites WHERE user_id = $1`, [c.var.user.id]);
    return c.json(rows.map(shape));
  })
  .get('/Favourites/:id', async (c) => {
    const { db, now } = c.var.deps;
    const [row] = await db.query<FavouriteRow>(`SELECT ${COLUMNS} FROM favourites WHERE favourites_id = $1 AND user_id = $2`, [c.req.param('id'), c.var.user.id]);
    if (!row) throw notFound('No such favourite.');
    // Opening one's own favourite (f=) counts as an access; reading a shared one (s=) does not.
    if (c.req.query('updateAccessedAt') !== undefined && c.req.query('updateAccessedAt') !== 'false') {
      const at = now();
      await db.query('UPDATE favourites SET last_accessed_at = CAST($1 AS TIMESTAMP) WHERE favourites_id = $2', [at, row.favourites_id]);
      row.last_accessed_at = at;
    }
    return c.json(shape(row));
  })
  .get('/share/favourites/:id', async (c) => {
    const [row] = await c.var.deps.db.query<FavouriteRow>(`SELECT ${COLUMNS} FROM favourites WHERE favourites_id = $1`, [c.req.param('id')]);
    if (!row) throw notFound('No such favourite.');
    return c.json(shape(row));
  })
  .delete('/Favourites/:id', async (c) => {
    const rows = await c.var.deps.db.query('DELETE FROM favourites WHERE favourites_id = $1 AND user_id = $2 RETURNING favourites_id', [c.req.param('id'), c.var.user.id]);
    if (rows.length === 0) throw notFound('No such favourite.');
    return c.json({ deleted: true });
  })
  .post('/validate/:moduleId', async (c) => {
    moduleId(c);
    return c.json(await outcomeOf(c, await readBody(c, favourite)));
  })
  .post('/:moduleId', async (c) => {
    const module = moduleId(c);
    const body = await readBody(c, favourite);
    const check = await outcomeOf(c, body);
    // SamePayload was confirmed by the user; a title must stay unique.
    if (check.outcome === 'SameTitle') throw badRequest(SAME_TITLE);
    const id = crypto.randomUUID();
    const at = c.var.deps.now();
    // A save that races another of the same title loses to it at the unique index: the same answer as a later save.
    await unlessTaken(
      () =>
        c.var.deps.db.query(
          'INSERT INTO favourites (favourites_id, user_id, module_id, title, description, payload, created_at, last_accessed_at) VALUES ($1, $2, $3, $4, $5, $6, CAST($7 AS TIMESTAMP), NULL)',
          [id, c.var.user.id, module, body.title, body.description, body.payload, at],
        ),
      () => badRequest(SAME_TITLE),
    );
    return c.json({ favouritesId: id, title: body.title, CreatedAt: at.toISOString() });
  });
