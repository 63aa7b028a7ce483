import type { MappingRule, OidcConfig, ProviderInput, ProviderView, SamlConfig, SsoKind, UnknownUsers } from '../api/sso';

/** One row of the mapping rules editor: a role rule or a claim rule, both kept while the kind is switched. */
export interface RuleRow {
  key: number;
  kind: 'role' | 'claim';
  attribute: string;
  equals: string;
  role: string;
  claim: string;
}

/** The provider form's fields as typed (text, not yet the server's shapes). */
export interface Draft {
  id: string;
  /** The id follows the name until it is typed in (a new provider only). */
  idTyped: boolean;
  kind: SsoKind;
  name: string;
  domains: string;
  idpEntityId: string;
  /** The IdP's sign-on URL for each binding (metadata may name both); the chosen binding's is saved. */
  ssoUrls: { redirect: string; post: string };
  binding: 'redirect' | 'post';
  sloUrl: string;
  certs: string;
  clockSkew: string;
  issuer: string;
  clientId: string;
  /** A new client secret; empty keeps the stored one. Never filled from the server. */
  clientSecret: string;
  rules: RuleRow[];
  /** The stored config: settings the form does not show (the e-mail attribute, scopes) are kept as they are. */
  base?: SamlConfig | OidcConfig;
  unknownUsers: UnknownUsers;
  defaultRole: string;
  enabled: boolean;
}

let nextKey = 1;
export const newRule = (): RuleRow => ({ key: nextKey++, kind: 'role', attribute: '', equals: '', role: '', claim: '' });

/** A provider id made from its name: lower-case letters, digits and dashes. */
export const slug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');

/** Certificates as typed or pasted: whole PEM blocks, else bodies separated by blank lines. */
export function splitCerts(text: string): string[] {
  const pem = text.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g);
  if (pem) return pem.map((c) => c.trim());
  return text.split(/\n\s*\n/).map((c) => c.trim()).filter(Boolean);
}

export function toDraft(p: ProviderView | null, kind: SsoKind = 'saml'): Draft {
  const saml = p?.kind === 'saml' ? (p.config as SamlConfig) : undefined;
  const oidc = p?.kind === 'oidc' ? (p.config as OidcConfig) : undefined;
  const binding = saml?.binding ?? 'redirect';
  return {
    id: p?.id ?? '',
    idTyped: !!p,
    kind: p?.kind ?? kind,
    name: p?.name ?? '',
    domains: (p?.domains ?? []).join(', '),
    idpEntityId: saml?.idpEntityId ?? '',
    ssoUrls: { redirect: binding === 'redirect' ? (saml?.ssoUrl ?? '') : '', post: binding === 'post' ? (saml?.ssoUrl ?? '') : '' },
    binding,
    sloUrl: saml?.sloUrl ?? '',
    certs: (saml?.idpCerts ?? []).join('\n\n'),
    clockSkew: String(saml?.clockSkewSeconds ?? 60),
    issuer: oidc?.issuer ?? '',
    clientId: oidc?.clientId ?? '',
    clientSecret: '',
    rules: (p?.mapping ?? []).map((r) => ({ ...newRule(), ...('claim' in r ? { kind: 'claim' as const, attribute: r.attribute, claim: r.claim } : { kind: 'role' as const, attribute: r.attribute, equals: r.equals, role: r.role }) })),
    base: p?.config,
    unknownUsers: p?.unknownUsers ?? 'create',
    defaultRole: p?.defaultRole ?? 'PortalUser',
    enabled: p?.enabled ?? true,
  };
}

/** The draft as POST/PUT take it; the secret only when one was typed. */
export function fromDraft(d: Draft): ProviderInput {
  const { sloUrl: _slo, ...kept } = (d.base ?? {}) as Partial<SamlConfig>;
  const config: SamlConfig | OidcConfig =
    d.kind === 'saml'
      ? {
          ...kept,
          idpEntityId: d.idpEntityId.trim(),
          ssoUrl: d.ssoUrls[d.binding].trim(),
          binding: d.binding,
          ...(d.sloUrl.trim() ? { sloUrl: d.sloUrl.trim() } : {}),
          idpCerts: splitCerts(d.certs),
          clockSkewSeconds: Number(d.clockSkew),
        }
      : { ...(d.base as OidcConfig | undefined), issuer: d.issuer.trim(), clientId: d.clientId.trim() };
  const mapping: MappingRule[] = d.rules.map((r) =>
    r.kind === 'claim' ? { attribute: r.attribute.trim(), claim: r.claim.trim() } : { attribute: r.attribute.trim(), equals: r.equals.trim(), role: r.role },
  );
  return {
    id: d.id.trim(),
    kind: d.kind,
    name: d.name.trim(),
    domains: d.domains.split(/[\s,;]+/).map((x) => x.trim().toLowerCase()).filter(Boolean),
    config,
    mapping,
    unknownUsers: d.unknownUsers,
    defaultRole: d.defaultRole,
    enabled: d.enabled,
    ...(d.kind === 'oidc' && d.clientSecret ? { clientSecret: d.clientSecret } : {}),
  };
}
