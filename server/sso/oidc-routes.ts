import { Hono, type Context } from 'hono';
import type { Env } from '../context';
import { samePortalPath } from '../../src/lib/safe-path';
import { browserOf, peekPending, spendPending } from './pending';
import { startPending } from './start-limits';
import { failSignIn, finishSignIn } from './finish';
import { logoutBuilders } from './sessions';
import { providers } from './store';
import { OidcError, oidcAuthorizationUrl, oidcIdentity, oidcLogoutUrl, oidcSecrets, providerRefusal } from './oidc';
import type { SsoIdentity, SsoProvider } from './types';

const NOT_AVAILABLE = 'This single sign-on provider is not available.';
const OTHER_BROWSER = 'The sign-in was started in another browser. Start it again here.';

const oidcProvider = async (c: Context<Env>, id: string): Promise<SsoProvider | undefined> => {
  const provider = await providers.find(c.var.deps.db, id);
  return provider?.kind === 'oidc' && provider.enabled ? provider : undefined;
};

/** The return path a sign-in was started with (query or posted form); anything not of this portal is `/`. */
async function relayOf(c: Context<Env>): Promise<string> {
  const posted = c.req.method === 'POST' ? (await c.req.parseBody().catch(() => ({} as Record<string, unknown>))).relayState : undefined;
  return samePortalPath(posted ?? c.req.query('relayState'), c.var.deps.publicOrigin) ?? '/';
}

/**
 * OpenID Connect at `/api/sso/oidc`: `/:id/login` starts a sign-in (pending, with nonce and PKCE
 * verifier, bound to this browser's cx_sso cookie) and sends the browser to the provider;
 * `/callback` (the one redirect URI, `${publicOrigin}/api/sso/oidc/callback`) takes the answer once.
 * Every refusal is a 303 to `/sso/error` with what was wrong.
 */
export const oidcRoutes = new Hono<Env>()
  .on(['GET', 'POST'], '/:id/login', async (c) => {
    const { now, publicOrigin } = c.var.deps;
    const provider = await oidcProvider(c, c.req.param('id'));
    if (!provider) return failSignIn(c, NOT_AVAILABLE);
    const pending = await startPending(c, provider.id, await relayOf(c), oidcSecrets());
    if (pending instanceof Response) return pending;
    try {
      return c.redirect(await oidcAuthorizationUrl(provider, pending, publicOrigin, now()), 302);
    } catch (error) {
      if (error instanceof OidcError) return failSignIn(c, error.message);
      throw error;
    }
  })
  .get('/callback', async (c) => {
    const { db, now, publicOrigin } = c.var.deps;
    const query = new URL(c.req.url).searchParams;
    const seen = await peekPending(db, query.get('state') ?? undefined, now());
    // The provider's own refusal (access_denied, ...) is what the user needs to read, whatever the state.
    if ('error' in seen) return failSignIn(c, providerRefusal(query) ?? seen.error);
    // The redirect is a top-level GET, so the Lax cookie comes along: an answer delivered to another browser stops here.
    if (browserOf(c) !== seen.browser) return failSignIn(c, OTHER_BROWSER);
    const pending = await spendPending(db, seen.id, now());
    if ('error' in pending) return failSignIn(c, pending.error);
    const provider = await oidcProvider(c, pending.providerId);
    if (!provider) return failSignIn(c, NOT_AVAILABLE);
    let identity: SsoIdentity;
    try {
      identity = await oidcIdentity(provider, query, pending, publicOrigin, now());
    } catch (error) {
      if (error instanceof OidcError) return failSignIn(c, error.message);
      throw error;
    }
    return finishSignIn(c, provider, identity, pending);
  });

logoutBuilders.oidc = (c, provider, logout) => oidcLogoutUrl(provider, logout.idToken, c.var.deps.publicOrigin, c.var.deps.now());
