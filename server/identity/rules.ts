import type { Queryable } from '../db';
import { badRequest, forbidden } from '../http/errors';
import { hasAnyRole, rolesOf, type Claim, type UserRow } from './users';
import type { Principal } from '../auth/tokens';

export const ADMIN_ROLES = ['GlobalAdmin', 'PortalAdmin'];

export interface RoleRow {
  name: string;
  reports_to: string | null;
  data_attribute: string | null;
  default_route: string | null;
  rank: number;
}

export const allRoles = (q: Queryable) => q.query<RoleRow & Record<string, unknown>>('SELECT * FROM roles ORDER BY rank, name');

/** A target whose role is GlobalAdmin or equal to one of the actor's roles is the same or higher (spec part 1 section 5). */
export function isSameOrHigher(actor: Principal, target: Pick<UserRow, 'role'>): boolean {
  return hasAnyRole(rolesOf(target), ['GlobalAdmin', ...actor.roles]);
}

/**
 * Checks a role and claims assignment: the actor may not give GlobalAdmin or their own role
 * (InvalidRole on Role), and every claim group the roles make visible needs a selection
 * (user_EmptyClaims).
 */
export async function checkAssignment(q: Queryable, actor: Principal, role: string, claims: Claim[]): Promise<void> {
  const roles = role.split(',').map((r) => r.trim()).filter(Boolean);
  const known = new Map((await allRoles(q)).map((r) => [r.name.toLowerCase(), r]));
  const errors: Record<string, string[]> = {};
  if (roles.length === 0 || roles.some((r) => !known.has(r.toLowerCase()))) errors.Role = ['InvalidRole'];
  else if (hasAnyRole(roles, ['GlobalAdmin', ...actor.roles])) errors.Role = ['InvalidRole'];
  const groups = new Set(roles.map((r) => known.get(r.toLowerCase())?.data_attribute).filter((g): g is string => !!g));
  for (const group of groups) {
    if (!claims.some(([type]) => type === group)) errors.Claims = ['user_EmptyClaims'];
  }
  if (Object.keys(errors).length) throw badRequest('The user could not be saved.', errors);
}

/** Admins may manage users below them; nobody manages the same or a higher role. */
export function assertCanManage(actor: Principal, target: UserRow): void {
  if (!hasAnyRole(actor.roles, ADMIN_ROLES)) throw forbidden();
  if (target.id === actor.id || isSameOrHigher(actor, target)) throw forbidden('You cannot change a user with the same or a higher role.');
}
