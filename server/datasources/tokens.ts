import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../db';
import { dataTime } from '../db';
import { badRequest, notFound } from '../http/errors';

/**
 * API tokens for scripts and schedulers: an administrator issues one for named sources; it may call
 * only those sources' import routes. The text is shown once; only its hash is stored, so a copy of
 * the database names no usable token.
 */
export const TOKEN_PREFIX = 'cxt_';

export const tokenInput = z.object({
  name: z.string().trim().min(1, 'Name the token (who or what uses it).').max(100),
  sourceIds: z.array(z.string().min(1).max(100)).min(1, 'Name the data sources the token may import into.').max(100),
});

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues a token for user-defined sources: its text, returned this once. */
export async function issueToken(db: Db, input: z.infer<typeof tokenInput>, userId: string, now: Date) {
  const sourceIds = [...new Set(input.sourceIds)];
  const known = await db.query<{ source_id: string; builtin: boolean }>('SELECT source_id, builtin FROM datasources');
  const byId = new Map(known.map((s) => [s.source_id, s.builtin]));
  const unknown = sourceIds.filter((id) => !byId.has(id));
  if (unknown.length) throw badRequest(`No data source ${unknown.map((id) => `"${id}"`).join(', ')}.`);
  const builtin = sourceIds.filter((id) => byId.get(id));
  if (builtin.length) throw badRequest(`${builtin.map((id) => `"${id}"`).join(', ')}: the portal's own data sources take no imports.`);
  const tokenId = randomUUID();
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  await db.query(
    `INSERT INTO api_tokens (token_id, name, token_hash, source_ids, created_by, created_at) VALUES ($1, $2, $3, $4, $5, CAST($6 AS TIMESTAMP))`,
    [tokenId, input.name, hashOf(token), JSON.stringify(sourceIds), userId, now],
  );
  return { tokenId, name: input.name, sourceIds, token };
}

type TokenRow = {
  token_id: string;
  name: string;
  source_ids: string;
  created_by: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
};

/** The tokens issued, newest first, without their text (which is not kept). */
export async function listTokens(db: Db) {
  const rows = await db.query<TokenRow>('SELECT token_id, name, source_ids, created_by, created_at, last_used_at, revoked_at FROM api_tokens ORDER BY created_at DESC, token_id');
  return rows.map((r) => ({
    tokenId: r.token_id,
    name: r.name,
    sourceIds: JSON.parse(r.source_ids) as string[],
    createdBy: r.created_by,
    createdAt: dataTime(r.created_at),
    lastUsedAt: r.last_used_at ? dataTime(r.last_used_at) : null,
    revokedAt: r.revoked_at ? dataTime(r.revoked_at) : null,
  }));
}

/** Revokes a token: it is refused from its next call on. */
export async function revokeToken(db: Db, tokenId: string, now: Date): Promise<void> {
  const rows = await db.query('UPDATE api_tokens SET revoked_at = COALESCE(revoked_at, CAST($1 AS TIMESTAMP)) WHERE token_id = $2 RETURNING token_id', [now, tokenId]);
  if (!rows.length) throw notFound(`No API token "${tokenId}".`);
}

/** The token a request's bearer text is, when it is issued and not revoked; its use is noted. */
export async function tokenOf(db: Db, text: string, now: Date): Promise<{ tokenId: string; name: string; sourceIds: string[] } | undefined> {
  const [row] = await db.query<TokenRow>('SELECT token_id, name, source_ids, revoked_at FROM api_tokens WHERE token_hash = $1', [hashOf(text)]);
  if (!row || row.revoked_at) return undefined;
  await db.query('UPDATE api_tokens SET last_used_at = CAST($1 AS TIMESTAMP) WHERE token_id = $2', [now, row.token_id]);
  return { tokenId: row.token_id, name: row.name, sourceIds: JSON.parse(row.source_ids) as string[] };
}
