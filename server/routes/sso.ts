import { Hono, type Context } from 'hono';
import type { Env } from '../context';
import { badRequest } from '../http/errors';
import { readBody, z } from '../http/validate';
import { readSetting } from './settings';
import { findUserByName } from '../identity/users';
import { checkPassword } from '../auth/sign-in';
import { signInAnswer } from './token';
import { localSignInPage } from '../sso/local-page';
import type { LocalIdentityProvider } from '../sso/provider';
import { samePortalPath } from '../../src/lib/safe-path';
import { WEB_CLIENTS } from '../auth/refresh-cookie';
import { noStore } from '../http/no-store';

const NOT_OURS = 'must be a path of this portal';
const originOf = (c: Context) => new URL(c.req.url).origin;

/** A return target as a portal path, or the fallback: the same check for every redirect (samePortalPath). */
const pathOr = (c: Context, value: unknown, fallback: string) => samePortalPath(value, originOf(c)) ?? fallback;

/** A posted target: absent means the fallback; anything that is not a portal path is a 400 naming the field. */
function portalPathField(c: Context, field: string, value: string | undefined, fallback: string): string {
  if (value === undefined || value === '') return fallback;
  const path = samePortalPath(value, originOf(c));
  if (path === undefined) throw badRequest(`${field}: ${NOT_OURS}`, { [field]: [NOT_OURS] });
  return path;
}

const authRequest = z.object({ location: z.string().max(2000).optional(), samlRequest: z.string().max(10_000).optional(), relayState: z.string().max(2000).optional() });

export function ssoRoutes(provider: LocalIdentityProvider) {
  return new Hono<Env>()
    .use(noStore)
    .post('/authRequest', async (c) => {
      const sso = (await readSetting<{ sso?: { enabled?: boolean } }>(c.var.deps.db, 'portal'))?.sso;
      if (!sso?.enabled) throw badRequest('Single sign-on is not enabled.');
      const body = await readBody(c, authRequest);
      const location = portalPathField(c, 'location', body.location, '/sso/confirm');
      const relayState = portalPathField(c, 'relayState', body.relayState, '/');
      return c.json({ url: provider.authorizeUrl(location, relayState), relayState });
    })
    .get('/local/authorize', (c) => c.html(localSignInPage(pathOr(c, c.req.query('returnTo'), '/sso/confirm'), pathOr(c, c.req.query('relayState'), '/'))))
    .post('/local/authorize', async (c) => {
      const form = await readBody(c, z.record(z.string(), z.string()));
      const returnTo = pathOr(c, form.returnTo, '/sso/confirm');
      const relayState = pathOr(c, form.relayState, '/');
      // A posted SAML-style request arrives without credentials: show the sign-in page.
      if (form.email === undefined && form.password === undefined) return c.html(localSignInPage(returnTo, relayState));
      // The same check as the password grant: lockout, throttling and the failure delay hold here too.
      const outcome = await checkPassword(c, form.email ?? '', form.password ?? '');
      if (!outcome.ok) {
        const message = outcome.locked ? outcome.message : 'The e-mail or password is incorrect.';
        return c.html(localSignInPage(returnTo, relayState, message), outcome.status);
      }
      const assertion = provider.issue(outcome.user.user_name, c.var.deps.now());
      return c.redirect(`${returnTo}?${new URLSearchParams({ assertion, relayState })}`);
    })
    .post('/token', async (c) => {
      const { db, now } = c.var.deps;
      const body = await readBody(c, z.object({ assertion: z.string().min(1, 'assertion is required').max(4000), client_id: z.string().max(200).optional() }));
      const verified = await provider.verify(db, body.assertion, now());
      if ('error' in verified) return c.json({ isSuccess: false, message: verified.error, content: null }, 400);
      const user = await findUserByName(db, verified.email);
      if (!user) return c.json({ isSuccess: false, message: 'No portal account matches this sign-on.', content: null }, 400);
      const cookie = body.client_id !== undefined && WEB_CLIENTS.includes(body.client_id);
      return c.json(await signInAnswer(c, user, { remember: false, cookie }));
    });
}
