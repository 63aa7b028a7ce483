import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { Env } from '../context';
import type { Queryable } from '../db';
import { newSecret, sha256 } from '../auth/tokens';
import { sameText } from '../auth/jwt';
import { lockIfFull, minutesLocked, takeAttempt, type Limit } from '../auth/throttle';
import { clientOf } from '../http/client-address';
import { notFound } from '../http/errors';
import { readBody, z } from '../http/validate';
import { ScimError } from './errors';

/** A provisioning token starts with this, so a leaked one is recognisable (secret scanners, logs). */
const PREFIX = 'scim_';
/** One client gets 20 wrong bearer tokens in 15 minutes, then waits 15 minutes (429), as sign-ins are throttled. */
const failedAuth = (client: string): Limit => ({ account: 'scim-token', client, max: 20, windowMs: 15 * 60_000, lockMs: 15 * 60_000 });

interface TokenRow {
  id: string;
  name: string;
  token_hash: string;
  created_by: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked: boolean;
}

const view = (t: TokenRow) => ({ id: t.id, name: t.name, createdBy: t.created_by, createdAt: t.created_at.toISOString(), lastUsedAt: t.last_used_at?.toISOString() ?? null, revoked: t.revoked });

/** The id of the live token `presented` is, or undefined. Looked up by its sha256 (an index, not the secret), then compared in constant time. */
async function tokenId(q: Queryable, presented: string): Promise<string | undefined> {
  const hash = sha256(presented);
  const [row] = await q.query<{ id: string; token_hash: string }>('SELECT id, token_hash FROM scim_tokens WHERE token_hash = $1 AND NOT revoked', [hash]);
  return row && sameText(row.token_hash, hash) ? row.id : undefined;
}

const unauthorized = () => new ScimError(401, 'The bearer token is missing, wrong or revoked.', undefined, { 'WWW-Authenticate': 'Bearer realm="scim"' });

/** Every SCIM call needs a live token; a client that sends too many wrong ones is refused (429) for a while. */
export const requireScimToken: MiddlewareHandler<Env> = async (c, next) => {
  const { db, now } = c.var.deps;
  const at = now();
  const limit = failedAuth(clientOf(c));
  const [lock] = await db.query<{ locked_until: Date | null }>('SELECT locked_until FROM sign_in_attempts WHERE account = $1 AND client = $2', [limit.account, limit.client]);
  if (lock?.locked_until && lock.locked_until > at) throw throttled(await minutesLocked(db, limit, at));
  const presented = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  const id = presented?.startsWith(PREFIX) ? await tokenId(db, presented) : undefined;
  if (!id) {
    const count = await takeAttempt(db, limit, at);
    if (count === undefined) throw throttled(await minutesLocked(db, limit, at));
    if (count >= limit.max) await lockIfFull(db, limit, at);
    throw unauthorized();
  }
  await db.query('UPDATE scim_tokens SET last_used_at = CAST($1 AS TIMESTAMP) WHERE id = $2', [at, id]);
  c.set('scimToken' as never, id as never);
  await next();
};

const throttled = (minutes: number) =>
  new ScimError(429, `Too many requests with a wrong bearer token from your network. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, 'tooMany', {
    'Retry-After': String(minutes * 60),
  });

/** Issue (the token is shown once), list (never the tokens) and revoke: GlobalAdmin only (mounted behind requireRoles). */
export const scimTokenRoutes = new Hono<Env>()
  .get('/', async (c) => {
    const rows = await c.var.deps.db.query<TokenRow & Record<string, unknown>>('SELECT * FROM scim_tokens ORDER BY created_at DESC, id');
    return c.json({ tokens: rows.map(view) });
  })
  .post('/', async (c) => {
    const { db, now } = c.var.deps;
    const { name } = await readBody(c, z.object({ name: z.string({ message: 'Enter a name for the token.' }).trim().min(1, 'Enter a name for the token.').max(100) }));
    const token = `${PREFIX}${newSecret(32)}`;
    const id = `scim-${crypto.randomUUID()}`;
    await db.query(
      'INSERT INTO scim_tokens (id, name, token_hash, created_by, created_at, last_used_at, revoked) VALUES ($1, $2, $3, $4, CAST($5 AS TIMESTAMP), NULL, false)',
      [id, name, sha256(token), c.var.user.userName, now()],
    );
    const [row] = await db.query<TokenRow & Record<string, unknown>>('SELECT * FROM scim_tokens WHERE id = $1', [id]);
    return c.json({ ...view(row), token }, 201);
  })
  .delete('/:id', async (c) => {
    const rows = await c.var.deps.db.query('UPDATE scim_tokens SET revoked = true WHERE id = $1 RETURNING id', [c.req.param('id')]);
    if (!rows.length) throw notFound('No SCIM token with this id.');
    return c.json({ isSuccess: true, message: 'The token was revoked.' });
  });

export type { Context };
