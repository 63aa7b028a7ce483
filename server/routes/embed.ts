import { Hono } from 'hono';
import type { Env } from '../context';
import { badRequest, forbidden } from '../http/errors';
import { readBody, z } from '../http/validate';
import { noStore } from '../http/no-store';
import { verifyEmbedRequest, type EmbedRequest } from '../embed/request';
import type { EmbedScope } from '../embed/scope';
import { signAccessToken, type Principal } from '../auth/tokens';
import { claimsOf, findUserByName, hasAnyRole, rolesOf, type Claim } from '../identity/users';
import { accessRows, mayView } from '../dashboards/access';
import { claimTypesOf, sourcesOf } from '../datasources/registry';
import { DASHBOARD_ROLES } from './dashboard';
import { pfModule } from '../processflow/modules';
import type { Db } from '../db';
import { openSession, SERVICE_PREFIX } from '../auth/sessions';
import { spendOnce } from '../identity/one-time';

/** A scoped token lives 10 minutes; the page's getToken is asked again before it ends. */
export const EMBED_TOKEN_SECONDS = 600;

/**
 * The data restrictions of an embed: the user's own claims, narrowed by the request's. A request
 * can only narrow: a claim type the user is restricted by keeps only values in both lists.
 */
export function narrowClaims(own: Claim[], requested: Claim[]): Claim[] {
  const types = new Set([...own, ...requested].map(([t]) => t));
  const result: Claim[] = [];
  for (const type of types) {
    const mine = own.filter(([t]) => t === type).map(([, v]) => v);
    const asked = requested.filter(([t]) => t === type).map(([, v]) => v);
    const values = mine.length && asked.length ? asked.filter((v) => mine.includes(v)) : mine.length ? mine : asked;
    if (values.length === 0) throw forbidden(`The embed request asks for ${type} data its user may not see.`);
    for (const v of new Set(values)) result.push([type, v]);
  }
  return result;
}

/** A claim type no column is restricted by would restrict nothing: refused (exact spelling), never ignored. */
function assertKnownClaimTypes(db: Db, r: EmbedRequest): void {
  const CLAIM_TYPES = claimTypesOf(db);
  const unknown = r.claims.find(([type]) => !CLAIM_TYPES.includes(type));
  if (unknown) throw badRequest(`The embed request names an unknown claim type "${unknown[0]}": claim types are ${CLAIM_TYPES.join(', ')}.`);
}

/**
 * What the token will read: the named modules (data sources or case modules), the dashboards, and
 * the modules those dashboards draw from. A dashboard its principal may not view is answered as an
 * unknown one (not revealed).
 */
async function scopeOf(db: Db, r: EmbedRequest, principal: Omit<Principal, 'sessionId'>): Promise<EmbedScope> {
  const modules = new Set<string>();
  for (const m of r.modules) {
    // A data source (tiles, viewers) or a case module (queues, case detail).
    const known = sourcesOf(db).has(m) ? m : pfModule(m)?.moduleId;
    if (!known) throw badRequest(`The embed request names an unknown module "${m}".`);
    modules.add(known);
  }
  const dashboards: string[] = [];
  for (const id of r.dashboards) {
    const [dashboard] = await accessRows(db, principal, id);
    if (!dashboard || !mayView(db, principal, dashboard)) throw badRequest(`The embed request names an unknown dashboard "${id}".`);
    dashboards.push(dashboard.dashboard_id);
    modules.add(dashboard.module_id);
  }
  return { elements: [...new Set(r.elements)], modules: [...modules], dashboards };
}

/** The principal an embed acts as: a named portal user (with a dashboard role), or the partner's service identity. */
async function principalFor(db: Db, r: EmbedRequest): Promise<Omit<Principal, 'sessionId'>> {
  if (r.sub === undefined) return { id: `${SERVICE_PREFIX}${r.iss}`, userName: `${r.iss} (embedded)`, roles: ['PortalUser'], claims: narrowClaims([], r.claims) };
  const user = await findUserByName(db, r.sub);
  if (!user) throw forbidden('The embed request names no portal user.');
  const roles = rolesOf(user);
  if (!hasAnyRole(roles, DASHBOARD_ROLES)) throw forbidden('The embed request’s user may not see dashboards or data.');
  return { id: user.id, userName: user.user_name, roles, claims: narrowClaims(await claimsOf(db, user.id), r.claims) };
}

/**
 * POST /api/embed/token: a partner's signed request (see docs/embedding.md) for a scoped access
 * token that reads only the elements, modules and dashboards it names. Each request works once.
 */
export const embedRoutes = new Hono<Env>().use(noStore).post('/token', async (c) => {
  const { db, now, secret, embedSecret } = c.var.deps;
  if (!embedSecret) throw forbidden('Signed embedding is not set up on this portal (EMBED_SECRET).');
  const { token } = await readBody(c, z.object({ token: z.string({ message: 'token is required' }).min(1, 'token is required').max(8000) }));
  const at = now();
  const verified = verifyEmbedRequest(token, embedSecret, at);
  if ('error' in verified) return c.json({ message: verified.error }, verified.status);
  const r = verified.request;
  assertKnownClaimTypes(db, r);
  const principal = await principalFor(db, r);
  const scope = await scopeOf(db, r, principal);
  // Each request works once; the scoped token is a session like any other, so it can be ended.
  const sessionId = await db.tx(async (q) => ((await spendOnce(q, `embed:${r.iss}:${r.jti}`, new Date(r.exp * 1000), at)) ? openSession(q, principal.id, at) : undefined));
  if (!sessionId) return c.json({ message: 'The embed request was already used: mint a new one for each exchange.' }, 401);
  const { token: access, expires } = signAccessToken({ ...principal, sessionId, scope }, secret, at.getTime(), EMBED_TOKEN_SECONDS);
  return c.json({ access_token: access, token_type: 'bearer', expires_in: EMBED_TOKEN_SECONDS, '.expires': expires.toUTCString(), scope, userName: principal.userName });
});
