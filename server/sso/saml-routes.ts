import { inflateRawSync } from 'node:zlib';
import { Hono, type Context } from 'hono';
import type { Profile } from '@node-saml/node-saml';
import type { Env } from '../context';
import { readBody, z } from '../http/validate';
import { revokeSession } from '../auth/sessions';
import { spendOnce } from '../identity/one-time';
import { samePortalPath } from '../../src/lib/safe-path';
import { autopostPage } from './autopost';
import { failSignIn, finishSignIn } from './finish';
import { peekPending, spendPending } from './pending';
import { startPending } from './start-limits';
import { assertionId, identityOf, newRequestId, SAML_MESSAGES, samlFor, samlMessage, spKeys } from './saml';
import { issuerOf } from './saml-metadata';
import { logoutBuilders } from './sessions';
import { providers } from './store';
import type { SamlConfig, SsoProvider } from './types';

const REPLAY_WINDOW_MS = 86_400_000;
const form = z.record(z.string(), z.string());
const samlResponseForm = z.object({ SAMLResponse: z.string().max(500_000).optional(), RelayState: z.string().max(200).optional() }).passthrough();

async function samlProvider(c: Context<Env>, id: string | undefined): Promise<(SsoProvider & { config: SamlConfig }) | undefined> {
  const found = id ? await providers.find(c.var.deps.db, id) : undefined;
  return found?.kind === 'saml' && found.enabled ? (found as SsoProvider & { config: SamlConfig }) : undefined;
}

const keysOf = (c: Context<Env>) => spKeys(c.var.deps.db, c.var.deps.now());

/** The message of a SAML binding: the query (HTTP-Redirect) or the posted form (HTTP-POST). */
async function messageOf(c: Context<Env>): Promise<Record<string, string>> {
  return c.req.method === 'POST' ? readBody(c, form) : c.req.query();
}

// Single logout from the portal: a LogoutRequest to the provider's SLO address (signed by the portal).
logoutBuilders.saml = async (c, provider, logout) => {
  const config = provider.config as SamlConfig;
  if (!config.sloUrl || !logout.nameId) return undefined;
  const saml = samlFor(c.var.deps.publicOrigin, await keysOf(c), provider);
  const profile = { issuer: config.idpEntityId, nameID: logout.nameId, nameIDFormat: logout.nameIdFormat ?? 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified', sessionIndex: logout.sessionIndex } as Profile;
  return saml.getLogoutUrlAsync(profile, provider.id, {});
};

/** SAML 2.0 service provider routes (issue 48), under /api/sso/saml. */
export const samlRoutes = new Hono<Env>()
  .get('/metadata', async (c) => {
    const keys = await keysOf(c);
    const xml = samlFor(c.var.deps.publicOrigin, keys).generateServiceProviderMetadata(keys.certificate, keys.certificate);
    return c.body(xml, 200, { 'content-type': 'application/samlmetadata+xml; charset=utf-8' });
  })
  .on(['GET', 'POST'], '/:id/login', async (c) => {
    const provider = await samlProvider(c, c.req.param('id'));
    if (!provider) return failSignIn(c, 'This single sign-on provider does not exist or is switched off.');
    const posted = c.req.method === 'POST' ? await readBody(c, form) : {};
    const relay = samePortalPath(c.req.query('relayState') ?? posted.relayState, new URL(c.req.url).origin) ?? '/';
    const pending = await startPending(c, provider.id, relay, { requestId: newRequestId() });
    if (pending instanceof Response) return pending;
    const saml = samlFor(c.var.deps.publicOrigin, await keysOf(c), provider, pending);
    if (provider.config.binding === 'post') {
      const message = (await saml.getAuthorizeMessageAsync(pending.id, undefined, {})) as Record<string, string>;
      return c.html(autopostPage(provider.config.ssoUrl, message));
    }
    return c.redirect(await saml.getAuthorizeUrlAsync(pending.id, undefined, {}), 302);
  })
  .post('/acs', async (c) => {
    const { db, now, publicOrigin } = c.var.deps;
    const body = await readBody(c, samlResponseForm).catch(() => ({}) as z.infer<typeof samlResponseForm>);
    if (!body.SAMLResponse) return failSignIn(c, SAML_MESSAGES.malformed);
    // Unsolicited responses (IdP-initiated sign-in) are refused: a sign-in always starts here (login CSRF).
    const pending = await peekPending(db, body.RelayState, now());
    if ('error' in pending) return failSignIn(c, pending.error);
    const provider = await samlProvider(c, pending.providerId);
    if (!provider) return failSignIn(c, 'This single sign-on provider does not exist or is switched off.');
    const xml = Buffer.from(body.SAMLResponse, 'base64').toString('utf8');
    // No document type declarations (entity expansion): SAML never needs one.
    if (/<!DOCTYPE/i.test(xml)) return failSignIn(c, SAML_MESSAGES.malformed);
    let profile: Profile | null;
    try {
      ({ profile } = await samlFor(publicOrigin, await keysOf(c), provider, pending).validatePostResponseAsync({ SAMLResponse: body.SAMLResponse }));
    } catch (error) {
      return failSignIn(c, samlMessage(error, xml));
    }
    if (!profile) return failSignIn(c, SAML_MESSAGES.malformed);
    const spent = await spendPending(db, pending.id, now());
    if ('error' in spent) return failSignIn(c, spent.error);
    const id = assertionId(profile);
    if (!id || !(await spendOnce(db, `saml:${provider.id}:${id}`, new Date(now().getTime() + REPLAY_WINDOW_MS), now()))) return failSignIn(c, SAML_MESSAGES.used);
    return finishSignIn(c, provider, identityOf(profile, provider.config), spent);
  })
  .on(['GET', 'POST'], '/slo', async (c) => {
    const message = await messageOf(c);
    // The answer to the portal's own LogoutRequest: the portal session has ended already.
    if (message.SAMLResponse || !message.SAMLRequest) return c.redirect('/logout', 303);
    return idpLogout(c, message);
  });

/** A LogoutRequest from the identity provider: ends the portal sessions of that NameID (and SessionIndex), answers a LogoutResponse. */
async function idpLogout(c: Context<Env>, message: Record<string, string>): Promise<Response> {
  const { db, publicOrigin } = c.var.deps;
  let xml: string;
  try {
    const raw = Buffer.from(message.SAMLRequest, 'base64');
    xml = (c.req.method === 'POST' ? raw : inflateRawSync(raw, { maxOutputLength: 1_000_000 })).toString('utf8');
  } catch {
    return failSignIn(c, SAML_MESSAGES.malformed);
  }
  const issuer = issuerOf(xml);
  const provider = (await providers.enabled(db)).find((p): p is SsoProvider & { config: SamlConfig } => p.kind === 'saml' && (p.config as SamlConfig).idpEntityId === issuer);
  if (!provider) return failSignIn(c, SAML_MESSAGES.issuer);
  const saml = samlFor(publicOrigin, await keysOf(c), provider);
  let profile: Profile | null;
  try {
    const query = new URL(c.req.url).search.slice(1);
    ({ profile } = c.req.method === 'POST' ? await saml.validatePostRequestAsync(message) : await saml.validateRedirectAsync(message, query));
  } catch (error) {
    return failSignIn(c, samlMessage(error, xml));
  }
  if (!profile?.nameID) return failSignIn(c, SAML_MESSAGES.malformed);
  const sessions = await db.query<{ session_id: string }>(
    'SELECT session_id FROM session_sso WHERE provider_id = $1 AND name_id = $2 AND ($3 = \'\' OR session_index = $3)',
    [provider.id, profile.nameID, profile.sessionIndex ?? ''],
  );
  for (const s of sessions) await revokeSession(db, s.session_id);
  return c.redirect(await saml.getLogoutResponseUrlAsync(profile, message.RelayState ?? '', {}, true), 302);
}
