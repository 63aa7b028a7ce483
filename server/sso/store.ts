import type { Queryable } from '../db';
import { z } from '../http/validate';
import { badRequest, notFound } from '../http/errors';
import { signInSealer } from '../http/seal';
import type { SsoProvider } from './types';

/**
 * The identity providers: rows of `sso_providers` (administered in the portal) and the entries of
 * SSO_PROVIDERS (automation, read-only). One zod schema checks both; an invalid SSO_PROVIDERS stops
 * the server at start with the reason, rather than failing sign-ins later.
 */
export const PROVIDER_ID = /^[a-z0-9-]{1,40}$/;
const MAX_SKEW_SECONDS = 300;

const text = (max: number) => z.string().trim().min(1).max(max);
const httpUrl = text(2000).refine((u) => /^https?:\/\//i.test(u) && URL.canParse(u), { message: 'must be an http(s) address' });
const samlConfig = z.object({
  idpEntityId: text(2000),
  ssoUrl: httpUrl,
  binding: z.enum(['redirect', 'post']).default('redirect'),
  sloUrl: httpUrl.optional(),
  idpCerts: z.array(text(20_000)).min(1, 'at least one signing certificate of the identity provider is needed').max(5),
  emailAttribute: text(500).optional(),
  clockSkewSeconds: z.number().int().min(0).max(MAX_SKEW_SECONDS, `at most ${MAX_SKEW_SECONDS} seconds`).optional(),
}).strict();
const oidcConfig = z.object({
  issuer: httpUrl,
  clientId: text(500),
  scopes: z.string().max(500).optional(),
  emailClaim: text(200).optional(),
  clockSkewSeconds: z.number().int().min(0).max(MAX_SKEW_SECONDS, `at most ${MAX_SKEW_SECONDS} seconds`).optional(),
}).strict();
const rule = z.union([
  z.object({ attribute: text(200), equals: text(500), role: text(100) }).strict(),
  z.object({ attribute: text(200), claim: text(100) }).strict(),
]);
const common = {
  id: z.string().regex(PROVIDER_ID, 'id: 1 to 40 of a-z, 0-9 and -'),
  name: text(100),
  domains: z.array(z.string().trim().toLowerCase().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'a domain like company.com').max(253)).max(50).default([]),
  clientSecret: z.string().min(1).max(2000).optional(),
  mapping: z.array(rule).max(100).default([]),
  unknownUsers: z.enum(['create', 'refuse']).default('create'),
  defaultRole: text(100).default('PortalUser'),
  enabled: z.boolean().default(true),
};
export const providerInput = z.discriminatedUnion('kind', [
  z.object({ ...common, kind: z.literal('saml'), config: samlConfig }).strict(),
  z.object({ ...common, kind: z.literal('oidc'), config: oidcConfig }).strict(),
]);
export type ProviderInput = z.infer<typeof providerInput>;

/** A provider as an administrator's screen sees it: never the client secret. */
export type ProviderView = Omit<SsoProvider, 'clientSecret'> & { hasSecret: boolean };
export const toView = ({ clientSecret, ...p }: SsoProvider): ProviderView => ({ ...p, fromEnvironment: p.fromEnvironment ?? false, hasSecret: !!clientSecret });

const UNREADABLE = 'The client secret cannot be read with this server\'s SECRETS_KEY: enter the secret again.';
const seal = () => signInSealer(UNREADABLE);

/** SSO_PROVIDERS: a JSON array of providers (with `clientSecret` in clear: the environment is the secret store). */
export function environmentProviders(env: NodeJS.ProcessEnv = process.env): SsoProvider[] {
  const raw = env.SSO_PROVIDERS?.trim();
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('SSO_PROVIDERS is not valid JSON (a JSON array of providers, docs/sso.md).');
  }
  const checked = z.array(providerInput).safeParse(parsed);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new Error(`SSO_PROVIDERS is invalid at ${issue.path.join('.')}: ${issue.message}`);
  }
  const ids = checked.data.map((p) => p.id);
  const dupe = ids.find((id, i) => ids.indexOf(id) !== i);
  if (dupe) throw new Error(`SSO_PROVIDERS names provider ${dupe} twice.`);
  return checked.data.map((p) => ({ ...p, fromEnvironment: true }));
}

interface ProviderRow {
  id: string; kind: 'saml' | 'oidc'; name: string; domains: string; config: string; secret: string | null;
  mapping: string; unknown_users: 'create' | 'refuse'; default_role: string; enabled: boolean;
}

const fromRow = (r: ProviderRow): SsoProvider => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  domains: JSON.parse(r.domains),
  config: JSON.parse(r.config),
  ...(r.secret ? { clientSecret: seal().open(r.secret, r.id) } : {}),
  mapping: JSON.parse(r.mapping),
  unknownUsers: r.unknown_users,
  defaultRole: r.default_role,
  enabled: r.enabled,
});

let memo: { raw: string | undefined; providers: SsoProvider[] } | undefined;
/** SSO_PROVIDERS as read now (parsed again only when it changed). */
const currentEnvironment = () => {
  const raw = process.env.SSO_PROVIDERS;
  if (!memo || memo.raw !== raw) memo = { raw, providers: environmentProviders(process.env) };
  return memo.providers;
};

export class ProviderStore {
  get fromEnvironment(): SsoProvider[] {
    return currentEnvironment();
  }

  /** Every provider: the environment's first, then the portal's in their order. */
  async list(q: Queryable): Promise<SsoProvider[]> {
    const rows = await q.query<ProviderRow & Record<string, unknown>>('SELECT * FROM sso_providers ORDER BY position, id');
    const env = new Set(this.fromEnvironment.map((p) => p.id));
    return [...this.fromEnvironment, ...rows.filter((r) => !env.has(r.id)).map(fromRow)];
  }

  async enabled(q: Queryable): Promise<SsoProvider[]> {
    return (await this.list(q)).filter((p) => p.enabled);
  }

  async find(q: Queryable, id: string): Promise<SsoProvider | undefined> {
    return (await this.list(q)).find((p) => p.id === id);
  }

  /** The enabled provider for an e-mail's domain, or a 400 that names the domain. */
  async forEmail(q: Queryable, email: string): Promise<SsoProvider> {
    const domain = email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase();
    const found = (await this.enabled(q)).filter((p) => p.domains.includes(domain));
    if (found.length !== 1) throw badRequest(`No single sign-on is set up for ${domain || 'this address'}.`);
    return found[0];
  }

  /** Creates (`existing` absent) or replaces a portal provider; a PUT without clientSecret keeps the stored one. */
  async save(q: Queryable, input: ProviderInput, now: Date, existing?: SsoProvider): Promise<SsoProvider> {
    if (existing?.fromEnvironment || this.fromEnvironment.some((p) => p.id === input.id)) throw badRequest('This provider is set by the environment (SSO_PROVIDERS) and cannot be changed here.');
    const secret = input.kind === 'oidc' ? (input.clientSecret ?? existing?.clientSecret) : undefined;
    const values = [input.id, input.kind, input.name, JSON.stringify(input.domains), JSON.stringify(input.config), secret ? seal().seal(secret, input.id) : null,
      JSON.stringify(input.mapping), input.unknownUsers, input.defaultRole, input.enabled, now];
    if (existing) {
      await q.query(`UPDATE sso_providers SET kind = $2, name = $3, domains = $4, config = $5, secret = $6, mapping = $7, unknown_users = $8,
        default_role = $9, enabled = $10, updated_at = CAST($11 AS TIMESTAMP) WHERE id = $1`, values);
    } else {
      const [{ next }] = await q.query<{ next: number }>('SELECT CAST(COALESCE(MAX(position), 0) + 1 AS INTEGER) AS next FROM sso_providers');
      await q.query(`INSERT INTO sso_providers (id, kind, name, domains, config, secret, mapping, unknown_users, default_role, enabled, updated_at, position)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CAST($11 AS TIMESTAMP), $12)`, [...values, Number(next)]);
    }
    return (await this.find(q, input.id))!;
  }

  async remove(q: Queryable, id: string): Promise<void> {
    const existing = await this.find(q, id);
    if (!existing) throw notFound(`No single sign-on provider ${id}.`);
    if (existing.fromEnvironment) throw badRequest('This provider is set by the environment (SSO_PROVIDERS) and cannot be deleted here.');
    await q.query('DELETE FROM sso_providers WHERE id = $1', [id]);
  }
}

/** The portal's providers (the database's and SSO_PROVIDERS). */
export const providers = new ProviderStore();
