import { Hono, type Context } from 'hono';
import type { Env } from '../context';
import { badRequest } from '../http/errors';
import { readBody, z } from '../http/validate';
import { readSetting } from './settings';
import { findUserById, findUserByName } from '../identity/users';
import { checkPassword } from '../auth/sign-in';
import { secondStepWith } from '../auth/second-factor';
import { signInAnswer } from './token';
import { localSignInPage } from '../sso/local-page';
import type { LocalIdentityProvider } from '../sso/provider';
import { samePortalPath } from '../../src/lib/safe-path';
import { WEB_CLIENTS } from '../auth/refresh-cookie';
import { noStore } from '../http/no-store';
import { DEACTIVATED, isDeactivated } from '../identity/user-status';
import { providers } from '../sso/store';
import { browserOf, PENDING_UNKNOWN, settledPending } from '../sso/pending';
import { ssoProviderRoutes } from './sso-providers';
import { samlRoutes } from '../sso/saml-routes';
import { AUTOPOST_JS } from '../sso/autopost';
import { oidcRoutes } from '../sso/oidc-routes';

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

const authRequest = z.object({
  location: z.string().max(2000).optional(),
  samlRequest: z.string().max(10_000).optional(),
  relayState: z.string().max(2000).optional(),
  provider: z.string().max(40).optional(),
  email: z.string().trim().max(320).optional(),
});
const OTHER_BROWSER = 'The sign-in was started in another browser. Start it again here.';

/** Which customer provider a sign-in goes to: the one named, the one of the e-mail's domain, else the only one enabled. */
async function chosenProvider(c: Context<Env>, body: z.infer<typeof authRequest>) {
  const { db } = c.var.deps;
  if (body.provider) {
    const found = await providers.find(db, body.provider);
    if (!found?.enabled) throw badRequest(`provider: no single sign-on provider ${body.provider}.`, { provider: ['unknown provider'] });
    return found;
  }
  if (body.email) return providers.forEmail(db, body.email);
  const enabled = await providers.enabled(db);
  return enabled.length === 1 ? enabled[0] : undefined;
}

export function ssoRoutes(provider: LocalIdentityProvider) {
  void providers.fromEnvironment; // an invalid SSO_PROVIDERS stops the server at start, with the reason
  return new Hono<Env>()
    .use(noStore)
    .get('/autopost.js', (c) => c.body(AUTOPOST_JS, 200, { 'content-type': 'text/javascript; charset=utf-8' }))
    .post('/authRequest', async (c) => {
      const body = await readBody(c, authRequest);
      const location = portalPathField(c, 'location', body.location, '/sso/confirm');
      const relayState = portalPathField(c, 'relayState', body.relayState, '/');
      const customer = await chosenProvider(c, body);
      if (customer) return c.json({ url: `/api/sso/${customer.kind}/${customer.id}/login?${new URLSearchParams({ relayState })}`, relayState });
      const sso = (await readSetting<{ sso?: { enabled?: boolean } }>(c.var.deps.db, 'portal'))?.sso;
      if (!sso?.enabled) throw badRequest('Single sign-on is not enabled.');
      return c.json({ url: provider.authorizeUrl(location, relayState), relayState });
    })
    .route('/providers', ssoProviderRoutes)
    .route('/saml', samlRoutes)
    .route('/oidc', oidcRoutes)
    .get('/local/authorize', (c) => c.html(localSignInPage(pathOr(c, c.req.query('returnTo'), '/sso/confirm'), pathOr(c, c.req.query('relayState'), '/'))))
    .post('/local/authorize', async (c) => {
      const form = await readBody(c, z.record(z.string(), z.string()));
      const returnTo = pathOr(c, form.returnTo, '/sso/confirm');
      const relayState = pathOr(c, form.relayState, '/');
      // A posted SAML-style request arrives without credentials: show the sign-in page.
      if (form.email === undefined && form.password === undefined) return c.html(localSignInPage(returnTo, relayState));
      // The same check as the password grant: lockout, throttling and the failure delay hold here too.
      // A second factor is asked for here as in the password grant: this page must not be a way around it.
      const outcome = await checkPassword(c, form.email ?? '', form.password ?? '', secondStepWith(c.var.deps.db, form.otp, c.var.deps.now()));
      if (!outcome.ok) {
        const message = outcome.locked || outcome.secondFactor ? outcome.message : 'The e-mail or password is incorrect.';
        return c.html(localSignInPage(returnTo, relayState, message, outcome.secondFactor ? form.email : undefined), outcome.status);
      }
      const assertion = provider.issue(outcome.user.user_name, c.var.deps.now());
      return c.redirect(`${returnTo}?${new URLSearchParams({ assertion, relayState })}`);
    })
    .post('/token', async (c) => {
      const { db, now } = c.var.deps;
      const body = await readBody(c, z.object({ assertion: z.string().min(1, 'assertion is required').max(4000), client_id: z.string().max(200).optional() }));
      const verified = await provider.verify(db, body.assertion, now());
      if ('error' in verified) return c.json({ isSuccess: false, message: verified.error, content: null }, 400);
      const cookie = body.client_id !== undefined && WEB_CLIENTS.includes(body.client_id);
      if (verified.pending === undefined) {
        const user = await findUserByName(db, verified.email);
        if (!user) return c.json({ isSuccess: false, message: 'No portal account matches this sign-on.', content: null }, 400);
        if (await isDeactivated(db, user.id)) return c.json({ isSuccess: false, message: DEACTIVATED, content: null }, 400);
        return c.json(await signInAnswer(c, user, { remember: false, cookie }));
      }
      // A customer provider's sign-in: only the browser that started it (its cx_sso cookie) gets the session (login CSRF).
      const settled = await settledPending(db, verified.pending);
      if (!settled) return c.json({ isSuccess: false, message: PENDING_UNKNOWN, content: null }, 400);
      if (browserOf(c) !== settled.browser) return c.json({ isSuccess: false, message: OTHER_BROWSER, content: null }, 400);
      const user = await findUserById(db, settled.userId);
      if (!user) return c.json({ isSuccess: false, message: 'No portal account matches this sign-on.', content: null }, 400);
      if (await isDeactivated(db, user.id)) return c.json({ isSuccess: false, message: DEACTIVATED, content: null }, 400);
      return c.json(await signInAnswer(c, user, { remember: false, cookie, sso: { providerId: settled.providerId, logout: settled.logout } }));
    });
}
