import { Hono } from 'hono';
import type { Env } from '../context';
import { requireAuth, requireRoles } from '../auth/middleware';
import { conflict, notFound } from '../http/errors';
import { check, readBody, z } from '../http/validate';
import { checkMapping } from '../sso/mapping';
import { providerInput, providers, toView, type ProviderInput } from '../sso/store';
import { serviceProviderUrls } from '../sso/urls';
import { readIdpMetadata } from '../sso/saml-metadata';

const anyObject = z.record(z.string(), z.unknown(), { message: 'The body must be an object.' });
const metadataBody = z.union([
  z.object({ url: z.string().trim().min(1).max(2000) }).strict(),
  z.object({ xml: z.string().min(1).max(1_000_000, 'The metadata is larger than 1 MB.') }).strict(),
], { message: 'Send {url} or {xml}.' });

/** The provider as the portal will store it: the body checked, its rules checked against the portal's roles and claim types. */
async function checked(c: { var: Env['Variables'] }, raw: Record<string, unknown>): Promise<ProviderInput> {
  const input = check(providerInput, raw);
  return { ...input, ...(await checkMapping(c.var.deps.db, input.mapping, input.defaultRole)) };
}

/** Identity providers, for GlobalAdmins (issue 48): secrets are written, never read back. */
export const ssoProviderRoutes = new Hono<Env>()
  .use(requireAuth, requireRoles('GlobalAdmin'))
  .get('/', async (c) => {
    const list = await providers.list(c.var.deps.db);
    return c.json({ providers: list.map(toView), serviceProvider: serviceProviderUrls(c.var.deps.publicOrigin) });
  })
  .post('/metadata', async (c) => c.json(await readIdpMetadata(await readBody(c, metadataBody))))
  .post('/', async (c) => {
    const { db, now } = c.var.deps;
    const input = await checked(c, await readBody(c, anyObject));
    if (await providers.find(db, input.id)) throw conflict(`A provider with the id ${input.id} already exists.`, { id: ['This id is taken.'] });
    return c.json(toView(await providers.save(db, input, now())), 201);
  })
  .put('/:id', async (c) => {
    const { db, now } = c.var.deps;
    const existing = await providers.find(db, c.req.param('id'));
    if (!existing) throw notFound(`No single sign-on provider ${c.req.param('id')}.`);
    const input = await checked(c, { ...(await readBody(c, anyObject)), id: existing.id });
    return c.json(toView(await providers.save(db, input, now(), existing)));
  })
  .delete('/:id', async (c) => {
    await providers.remove(c.var.deps.db, c.req.param('id'));
    return c.json({ isSuccess: true, message: 'The provider was deleted.' });
  });
