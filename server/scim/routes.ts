import { Hono } from 'hono';
import type { Env } from '../context';
import { ScimError, scimJson, scimOnError } from './errors';
import { listResponse, resourceTypes, schemas, serviceProviderConfig } from './schema';
import { requireScimToken } from './tokens';
import { scimUserRoutes } from './users';
import { scimGroupRoutes } from './groups';
import { scimBase } from './list';

/** One discovery document by id, or a SCIM 404. */
const byId = <T extends { id: string }>(documents: T[], id: string) => {
  const found = documents.find((d) => d.id === id);
  if (!found) throw new ScimError(404, `No such document: ${id}.`);
  return found;
};

/** SCIM 2.0 (RFC 7643/7644) at /scim/v2: every call needs a provisioning token; errors in SCIM's error schema. */
export const scimRoutes = new Hono<Env>()
  .use(async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
  })
  .use(requireScimToken)
  .get('/ServiceProviderConfig', (c) => scimJson(c, serviceProviderConfig(scimBase(c))))
  .get('/Schemas', (c) => {
    const all = schemas(scimBase(c));
    return scimJson(c, listResponse(all, all.length, 1));
  })
  .get('/Schemas/:id', (c) => scimJson(c, byId(schemas(scimBase(c)), c.req.param('id'))))
  .get('/ResourceTypes', (c) => {
    const all = resourceTypes(scimBase(c));
    return scimJson(c, listResponse(all, all.length, 1));
  })
  .get('/ResourceTypes/:id', (c) => scimJson(c, byId(resourceTypes(scimBase(c)), c.req.param('id'))))
  .route('/Users', scimUserRoutes)
  .route('/Groups', scimGroupRoutes)
  .all('*', (c) => {
    throw new ScimError(404, `No SCIM endpoint for ${c.req.method} ${c.req.path}.`);
  })
  .onError(scimOnError);

