import type { Queryable } from '../db';
import type { Principal } from '../auth/tokens';

export interface UserRow {
  id: string;
  user_name: string;
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  company: string | null;
  role: string;
  password_hash: string | null;
  created_on: Date;
  change_password_on_next_login: boolean;
  can_manage_app_registrations: boolean;
  failed_sign_ins: number;
  locked_until: Date | null;
  /** The identity provider that owns the user (`user_sso`; single sign-on, no portal password), when read with it. */
  sso_provider?: string | null;
}

/** Users with the provider that owns them (user_sso): `FROM ${USERS_WITH_SSO} WHERE ...`. */
export const USERS_WITH_SSO = 'users LEFT JOIN (SELECT user_id AS sso_user, provider_id AS sso_provider FROM user_sso) sso ON sso.sso_user = users.id';

export type Claim = [type: string, value: string];

export async function findUserByName(q: Queryable, userName: string): Promise<UserRow | undefined> {
  const [row] = await q.query<UserRow & Record<string, unknown>>(`SELECT * FROM ${USERS_WITH_SSO} WHERE lower(user_name) = lower($1)`, [userName]);
  return row;
}

export async function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await q.query<UserRow & Record<string, unknown>>(`SELECT * FROM ${USERS_WITH_SSO} WHERE id = $1`, [id]);
  return row;
}

export async function claimsOf(q: Queryable, userId: string): Promise<Claim[]> {
  const rows = await q.query<{ claim_type: string; claim_value: string }>(
    'SELECT claim_type, claim_value FROM user_claims WHERE user_id = $1 ORDER BY claim_type, claim_value',
    [userId],
  );
  return rows.map((r) => [r.claim_type, r.claim_value]);
}

export const rolesOf = (user: Pick<UserRow, 'role'>) => user.role.split(',').map((r) => r.trim()).filter(Boolean);

export async function principalOf(q: Queryable, user: UserRow): Promise<Omit<Principal, 'sessionId'>> {
  return { id: user.id, userName: user.user_name, roles: rolesOf(user), claims: await claimsOf(q, user.id) };
}

/** The public view of a user: never the hash or lockout counters. */
export function publicUser(user: UserRow, claims: Claim[]) {
  return {
    id: user.id,
    userName: user.user_name,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    fullName: `${user.first_name} ${user.last_name}`,
    phoneNumber: user.phone_number,
    company: user.company,
    role: user.role,
    createdOn: user.created_on.toISOString(),
    changePasswordOnNextLogin: user.change_password_on_next_login,
    ssoProvider: user.sso_provider ?? null,
    claims: claims.map(([Type, Value]) => ({ Type, Value })),
  };
}

/** Roles compare case-insensitively (spec part 1 section 6). */
export function hasAnyRole(roles: readonly string[], wanted: readonly string[]): boolean {
  const mine = new Set(roles.map((r) => r.toLowerCase()));
  return wanted.some((w) => mine.has(w.toLowerCase()));
}

/** How the portal names who acted (history, "changed by"): first and last name, else the user name. */
export async function displayNameOf(q: Queryable, user: Pick<Principal, 'id' | 'userName'>): Promise<string> {
  const [row] = await q.query<{ first_name: string; last_name: string }>('SELECT first_name, last_name FROM users WHERE id = $1', [user.id]);
  return row ? `${row.first_name} ${row.last_name}`.trim() : user.userName;
}
