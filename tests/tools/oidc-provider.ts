// A real OpenID Connect provider (`oidc-provider`, certified) in-process on a free loopback port, for
// the portal's relying party tests (security suite and Playwright). Its own small sign-in page checks a
// password; consent is granted (first-party app); PKCE is required; RP-initiated logout is on.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { Provider, type KoaContext } from 'oidc-provider';

export interface IdpAccount {
  /** The stable `sub`. */
  id: string;
  email: string;
  password: string;
  given_name: string;
  family_name: string;
  groups: string[];
  region: string;
}

export const IDP_PASSWORD = 'Idp-Pass-2345!';

/** Two users: an administrator group member in South, and a plain member restricted to North. */
export const IDP_ACCOUNTS: IdpAccount[] = [
  { id: 'idp-1001', email: 'ada.admin@idp.test', password: IDP_PASSWORD, given_name: 'Ada', family_name: 'Admin', groups: ['cx-admins', 'staff'], region: 'South' },
  { id: 'idp-1002', email: 'nora.north@idp.test', password: IDP_PASSWORD, given_name: 'Nora', family_name: 'North', groups: ['staff'], region: 'North' },
];

type TokenBody = { id_token?: string; access_token?: string; [key: string]: unknown };

export interface TestOidcProvider {
  issuer: string;
  /** The portal's client, and a second client (tokens minted for it have another audience). */
  portalClient: { clientId: string; clientSecret: string };
  otherClient: { clientId: string; clientSecret: string };
  accounts: IdpAccount[];
  /** Test boundary: alters the token endpoint's answer before it leaves the provider (tampering tests). */
  alterTokens?: (body: TokenBody) => TokenBody;
  /** A JWT signed with the provider's own signing key (as the provider would mint it). */
  sign: (claims: Record<string, unknown>) => string;
  close: () => Promise<void>;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** The claims of a JWT (no checks: tests read what the provider put in). */
export const jwtClaims = (jwt: string): Record<string, unknown> => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));
/** The same claims with `alg: none` and no signature. */
export const unsignedJwt = (claims: Record<string, unknown>) => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><link rel="icon" href="data:,"></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

function loginPage(uid: string, error = '') {
  return page(
    'Test identity provider',
    `${error ? `<p role="alert">${escape(error)}</p>` : ''}<form method="post" action="/interaction/${escape(uid)}/login">
<p><label>E-mail <input name="login" type="email" autocomplete="username" required></label></p>
<p><label>Password <input name="password" type="password" autocomplete="current-password" required></label></p>
<p><button type="submit">Sign in</button></p></form>`,
  );
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Starts the provider. `portalOrigin` is where the portal runs (redirect and post-logout URIs);
 * `idTokenTtl` (seconds) is how long its ID tokens last.
 */
export async function startOidcProvider(portalOrigin: string, { idTokenTtl = 600, accounts = IDP_ACCOUNTS } = {}): Promise<TestOidcProvider> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomUUID();
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  const portalClient = { clientId: 'cx-portal', clientSecret: `portal-${randomUUID()}` };
  const otherClient = { clientId: 'other-app', clientSecret: `other-${randomUUID()}` };
  const byId = new Map(accounts.map((a) => [a.id, a]));

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: portalClient.clientId,
        client_secret: portalClient.clientSecret,
        redirect_uris: [`${portalOrigin}/api/sso/oidc/callback`],
        post_logout_redirect_uris: [`${portalOrigin}/logout`],
      },
      { client_id: otherClient.clientId, client_secret: otherClient.clientSecret, redirect_uris: ['http://127.0.0.1:9/callback'] },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomUUID()] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'groups', 'region'] },
    findAccount: (_ctx: unknown, id: string) => {
      const account = byId.get(id);
      if (!account) return undefined;
      const { given_name, family_name, groups, region, email } = account;
      return { accountId: id, claims: () => ({ sub: id, email, email_verified: true, given_name, family_name, groups, region }) };
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        // The provider's confirmation form with its button inside, so a form-following client can send it.
        logoutSource: (ctx: KoaContext, form: string) => {
          ctx.body = page('Sign out', form.replace('</form>', '<input type="hidden" name="logout" value="yes"><button type="submit">Yes, sign me out</button></form>'));
        },
        postLogoutSuccessSource: (ctx: KoaContext) => {
          ctx.body = page('Signed out', '<p>You are signed out.</p>');
        },
      },
    },
    pkce: { required: () => true },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    // A first-party app: consent is granted for what it asks.
    loadExistingGrant: async (ctx: KoaContext) => {
      const { oidc } = ctx;
      const clientId = oidc.client!.clientId;
      const existing = oidc.result?.consent?.grantId;
      if (existing) return oidc.provider.Grant.find(existing);
      const grant = new oidc.provider.Grant({ clientId, accountId: oidc.session?.accountId });
      grant.addOIDCScope(String(oidc.params?.scope ?? 'openid'));
      await grant.save();
      return grant;
    },
    ttl: { IdToken: idTokenTtl, AccessToken: 600, AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600 },
  });

  const idp: TestOidcProvider = {
    issuer,
    portalClient,
    otherClient,
    accounts,
    sign: (claims) => {
      const body = `${b64({ alg: 'RS256', typ: 'JWT', kid })}.${b64(claims)}`;
      return `${body}.${createSign('RSA-SHA256').update(body).sign(privateKey).toString('base64url')}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  provider.use(async (ctx, next) => {
    await next();
    if (ctx.method === 'POST' && ctx.path === '/token' && ctx.status === 200 && idp.alterTokens) ctx.body = idp.alterTokens(ctx.body as TokenBody);
  });

  const oidc = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(new URL(req.url ?? '/', issuer).pathname);
    if (!match) return oidc(req, res);
    interaction(req, res, match[1], match[2] !== undefined).catch((error: Error) => {
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end(page('Sign-in failed', `<p role="alert">${escape(error.message)}</p>`));
    });
  });

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, submitted: boolean) {
    const details = await provider.interactionDetails(req, res);
    const html = (status: number, body: string) => res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
    if (!submitted || req.method !== 'POST') return html(200, loginPage(details.uid));
    const form = await formOf(req);
    const account = accounts.find((a) => a.email === form.get('login')?.trim().toLowerCase());
    if (!account || account.password !== form.get('password')) return html(401, loginPage(uid, 'The e-mail or password is incorrect.'));
    await provider.interactionFinished(req, res, { login: { accountId: account.id } }, { mergeWithLastSubmission: false });
  }

  return idp;
}
