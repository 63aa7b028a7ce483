import type { Queryable } from '../db';
import { badRequest, forbidden } from '../http/errors';
import { hasAnyRole, rolesOf, type Claim, type UserRow } from './users';
import type { Principal } from '../auth/tokens';

export const ADMIN_ROLES = ['GlobalAdmin', 'PortalAdmin'];

/** The claim value that stands for every value of its type: an unrestricted user (nothing is stored for it). */
export const ALL_VALUES = '*';

export interface RoleRow {
  name: string;
  reports_to: string | null;
  data_attribute: string | null;
  default_route: string | null;
  rank: number;
}

export const allRoles = (q: Queryable) => q.query<RoleRow & Record<string, unknown>>('SELECT * FROM roles ORDER BY rank, name');

/**
 * What an actor may manage, from the role hierarchy (reportsTo): the roles strictly below one of
 * theirs. A role at, above or beside theirs (System beside PortalAdmin) is out of reach: nobody
 * assigns it, nor edits, re-mails or deletes a user who holds it.
 */
export class Authority {
  private constructor(
    private readonly below: ReadonlySet<string>,
    readonly roles: Map<string, RoleRow>,
  ) {}

  static async of(q: Queryable, actor: Principal): Promise<Authority> {
    const roles = await allRoles(q);
    const children = new Map<string, string[]>();
    for (const r of roles) {
      const parent = r.reports_to?.toLowerCase();
      if (parent) children.set(parent, [...(children.get(parent) ?? []), r.name.toLowerCase()]);
    }
    const below = new Set<string>();
    const walk = (name: string) => {
      for (const child of children.get(name) ?? []) {
        if (below.has(child)) continue;
        below.add(child);
        walk(child);
      }
    };
    for (const own of actor.roles) walk(own.toLowerCase());
    for (const own of actor.roles) below.delete(own.toLowerCase());
    return new Authority(below, new Map(roles.map((r) => [r.name.toLowerCase(), r])));
  }

  canAssign(role: string): boolean {
    return this.below.has(role.toLowerCase());
  }

  /** True when every role the target holds is below the actor's. */
  canManage(target: Pick<UserRow, 'role'>): boolean {
    const roles = rolesOf(target);
    return roles.length > 0 && roles.every((r) => this.canAssign(r));
  }
}

/** The spec's "same or higher role" flag: the actor cannot change this user's role or claims (spec part 1 section 5, by the hierarchy). */
export const isSameOrHigher = (authority: Authority, target: Pick<UserRow, 'role'>) => !authority.canManage(target);

/**
 * Checks a role and claims assignment: every role must be below the actor's (InvalidRole on Role),
 * every claim group the roles make visible needs a selection (user_EmptyClaims), and an actor
 * whose own data is restricted can only grant values within their own (user_ClaimsOutsideYours).
 */
export function checkAssignment(authority: Authority, actor: Principal, role: string, claims: Claim[]): void {
  const roles = role.split(',').map((r) => r.trim()).filter(Boolean);
  const errors: Record<string, string[]> = {};
  if (roles.length === 0 || roles.some((r) => !authority.roles.has(r.toLowerCase()) || !authority.canAssign(r))) errors.Role = ['InvalidRole'];
  const groups = new Set(roles.map((r) => authority.roles.get(r.toLowerCase())?.data_attribute).filter((g): g is string => !!g));
  for (const group of groups) {
    if (!claims.some(([type]) => type === group)) errors.Claims = ['user_EmptyClaims'];
  }
  const mine = new Map<string, Set<string>>();
  for (const [type, value] of actor.claims) mine.set(type, (mine.get(type) ?? new Set()).add(value));
  for (const [type, values] of mine) {
    const given = claims.filter(([t]) => t === type);
    if ((groups.has(type) && given.length === 0) || given.some(([, v]) => !values.has(v))) errors.Claims ??= ['user_ClaimsOutsideYours'];
  }
  if (Object.keys(errors).length) throw badRequest('The user could not be saved.', errors);
}

/** Admins manage users below them; nobody manages the same, a higher or a sideways role, nor themselves here. */
export function assertCanManage(authority: Authority, actor: Principal, target: UserRow): void {
  if (!hasAnyRole(actor.roles, ADMIN_ROLES)) throw forbidden();
  if (target.id === actor.id || !authority.canManage(target)) throw forbidden('You cannot change a user with the same or a higher role.');
}
