import type { Queryable } from '../db';
import { badRequest } from '../http/errors';
import { allRoles } from '../identity/rules';
import type { Claim } from '../identity/users';
import type { MappingRule, SsoIdentity } from './types';

/**
 * Turns a provider's attributes into the portal's roles and claims, on every sign-in. Role rules
 * that match grant their roles (all of them, in rule order); with none matching, the provider's
 * default role. Claim rules turn every value of the attribute into a claim of that type.
 */
export function mapIdentity(rules: MappingRule[], defaultRole: string, identity: Pick<SsoIdentity, 'attributes'>): { role: string; claims: Claim[] } {
  const valuesOf = (attribute: string) => identity.attributes[attribute] ?? identity.attributes[attribute.toLowerCase()] ?? [];
  const roles: string[] = [];
  const claims: Claim[] = [];
  for (const rule of rules) {
    const values = valuesOf(rule.attribute);
    if ('role' in rule) {
      if (values.includes(rule.equals) && !roles.includes(rule.role)) roles.push(rule.role);
    } else {
      for (const v of values) if (v && !claims.some(([t, x]) => t === rule.claim && x === v)) claims.push([rule.claim, v]);
    }
  }
  return { role: (roles.length ? roles : [defaultRole]).join(','), claims };
}

/**
 * Checks a provider's rules against the portal: every role (rules and default) is a role of the
 * portal, every claim type one the roles restrict data by (their data attribute, e.g. Region).
 * Returns the role names as the portal spells them.
 */
export async function checkMapping(q: Queryable, rules: MappingRule[], defaultRole: string): Promise<{ mapping: MappingRule[]; defaultRole: string }> {
  const roles = await allRoles(q);
  const byName = new Map(roles.map((r) => [r.name.toLowerCase(), r.name]));
  const claimTypes = new Map(roles.flatMap((r) => (r.data_attribute ? [[r.data_attribute.toLowerCase(), r.data_attribute] as const] : [])));
  const role = (name: string, field: string) => {
    const known = byName.get(name.toLowerCase());
    if (!known) throw badRequest(`${field}: the portal has no role ${name}.`, { [field]: [`Unknown role ${name}; known: ${roles.map((r) => r.name).join(', ')}.`] });
    return known;
  };
  const mapping = rules.map((rule, i): MappingRule => {
    if ('role' in rule) return { ...rule, role: role(rule.role, `mapping.${i}.role`) };
    const claim = claimTypes.get(rule.claim.toLowerCase());
    if (!claim) throw badRequest(`mapping.${i}.claim: the portal has no claim type ${rule.claim}.`, { [`mapping.${i}.claim`]: [`Known claim types: ${[...claimTypes.values()].join(', ')}.`] });
    return { ...rule, claim };
  });
  return { mapping, defaultRole: role(defaultRole, 'defaultRole') };
}
