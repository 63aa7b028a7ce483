import { Hono } from 'hono';
import type { Env } from '../context';
import { issueToken, listTokens, revokeToken, tokenInput } from '../datasources/tokens';
import { readBody } from '../http/validate';

/** API tokens for imports by scripts (issue 44), under /api/datasources/tokens: administrators only (mounted so). */
export const apiTokenRoutes = new Hono<Env>()
  .get('/', async (c) => c.json(await listTokens(c.var.deps.db)))
  .post('/', async (c) => {
    const input = await readBody(c, tokenInput);
    return c.json(await issueToken(c.var.deps.db, input, c.var.user.id, c.var.deps.now()), 201);
  })
  .delete('/:tokenId', async (c) => {
    await revokeToken(c.var.deps.db, c.req.param('tokenId'), c.var.deps.now());
    return c.json({ revoked: c.req.param('tokenId') });
  });
