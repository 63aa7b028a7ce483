import { Hono } from 'hono';
import type { Env } from '../context';
import { badRequest } from '../http/errors';
import { readBody, z } from '../http/validate';
import { readSetting } from './settings';
import { findUserByName } from '../identity/users';
import { verifyPassword } from '../auth/password';
import { startSession } from './token';
import { localSignInPage } from '../sso/local-page';
import type { LocalIdentityProvider } from '../sso/provider';

/** Only portal paths come back from the provider: never another site. */
const localPath = z.string().max(500).refine((p) => p.startsWith('/') && !p.startsWith('//'), { message: 'must be a path of this portal' });

export function ssoRoutes(provider: LocalIdentityProvider) {
  return new Hono<Env>()
    .post('/authRequest', async (c) => {
      const sso = (await readSetting<{ sso?: { enabled?: boolean } }>(c.var.deps.db, 'portal'))?.sso;
      if (!sso?.enabled) throw badRequest('Single sign-on is not enabled.');
      const body = await readBody(c, z.object({ location: localPath.default('/sso/confirm'), samlRequest: z.string().max(10_000).optional(), relayState: localPath.default('/') }));
      return c.json({ url: provider.authorizeUrl(body.location, body.relayState), relayState: body.relayState });
    })
    .get('/local/authorize', (c) => {
      const returnTo = localPath.safeParse(c.req.query('returnTo')).data ?? '/sso/confirm';
      const relayState = localPath.safeParse(c.req.query('relayState')).data ?? '/';
      return c.html(localSignInPage(returnTo, relayState));
    })
    .post('/local/authorize', async (c) => {
      const { db, now } = c.var.deps;
      const form = await c.req.parseBody();
      const returnTo = localPath.safeParse(form.returnTo).data ?? '/sso/confirm';
      const relayState = localPath.safeParse(form.relayState).data ?? '/';
      const email = typeof form.email === 'string' ? form.email : '';
      // A posted SAML-style request arrives without credentials: show the sign-in page.
      if (form.email === undefined && form.password === undefined) return c.html(localSignInPage(returnTo, relayState));
      const user = email ? await findUserByName(db, email) : undefined;
      if (!user || !(await verifyPassword(typeof form.password === 'string' ? form.password : '', user.password_hash))) {
        return c.html(localSignInPage(returnTo, relayState, 'The e-mail or password is incorrect.'), 400);
      }
      return c.redirect(`${returnTo}?${new URLSearchParams({ assertion: provider.issue(user.user_name, now()), relayState })}`);
    })
    .post('/token', async (c) => {
      const { db, now } = c.var.deps;
      const { assertion } = await readBody(c, z.object({ assertion: z.string().min(1, 'assertion is required').max(4000) }));
      const verified = provider.verify(assertion, now());
      if ('error' in verified) return c.json({ isSuccess: false, message: verified.error, content: null }, 400);
      const user = await findUserByName(db, verified.email);
      if (!user) return c.json({ isSuccess: false, message: 'No portal account matches this sign-on.', content: null }, 400);
      return c.json(await startSession(db, user, c.var.deps.secret, now(), false));
    });
}
