import type { Queryable } from '../db';
import { hasAnyRole, type Claim } from '../identity/users';
import { claimsAdmit, claimsCover } from '../smartdata/where';
import type { PfModule } from './modules';

/** Who works cases (spec part 3 section 6): PortalAdmin and PortalUser. */
export const PROCESS_FLOW_ROLES = ['PortalAdmin', 'PortalUser'];

export interface CaseWorker {
  id: string;
  userName: string;
  fullName: string;
  role: string;
  /** The claims that restrict which cases they may open. */
  claims: Claim[];
  /** What tells two of the same name apart (never the e-mail address): their claims' values, else their groups. */
  detail: string;
}

/** Every user's claims, by user id (read once for many checks). */
export async function claimsByUser(q: Queryable): Promise<Map<string, Claim[]>> {
  const claims = new Map<string, Claim[]>();
  for (const c of await q.query<{ user_id: string; claim_type: string; claim_value: string }>('SELECT user_id, claim_type, claim_value FROM user_claims')) {
    claims.set(c.user_id, [...(claims.get(c.user_id) ?? []), [c.claim_type, c.claim_value]]);
  }
  return claims;
}

/** Everyone who works cases: the process-flow roles' users, by name, with their claims. */
export async function caseWorkers(q: Queryable): Promise<CaseWorker[]> {
  const rows = await q.query<{ id: string; user_name: string; first_name: string; last_name: string; role: string }>(
    'SELECT id, user_name, first_name, last_name, role FROM users ORDER BY first_name, last_name, id',
  );
  const claims = await claimsByUser(q);
  const groups = new Map<string, string[]>();
  for (const g of await q.query<{ user_id: string; name: string }>('SELECT m.user_id, g.name FROM group_members m JOIN groups g ON g.id = m.group_id ORDER BY g.name')) {
    groups.set(g.user_id, [...(groups.get(g.user_id) ?? []), g.name]);
  }
  return rows
    .filter((r) => hasAnyRole(r.role.split(',').map((s) => s.trim()), PROCESS_FLOW_ROLES))
    .map((r) => {
      const own = claims.get(r.id) ?? [];
      const detail = (own.length ? own.map(([, value]) => value) : (groups.get(r.id) ?? [])).join(', ');
      return { id: r.id, userName: r.user_name, fullName: `${r.first_name} ${r.last_name}`.trim(), role: r.role.split(',')[0].trim(), claims: own, detail };
    });
}

/** A case as its module and record (the response's fields by key), or no case: what the colleagues must be able to open. */
export type CaseInView = { module: PfModule; record: Record<string, unknown> };

/**
 * The colleagues who may open a case (their claims reach its row) or, with no case named, every
 * case the caller may open: the only people it can be assigned to or mention delivers it to.
 */
export async function colleaguesFor(q: Queryable, view: CaseInView | { module: PfModule; callerClaims: Claim[] }): Promise<CaseWorker[]> {
  const workers = await caseWorkers(q);
  const sees = (w: CaseWorker) => ('record' in view ? claimsAdmit(view.module.view, view.record, w.claims) : claimsCover(view.module.view, w.claims, view.callerClaims));
  return workers.filter(sees);
}

/**
 * A colleague as the mention list answers them (spec part 3, mentionable user: userId, userName,
 * userFriendlyName): by name, never the sign-in name, which is their e-mail address
 * (docs/decisions.md, "Colleagues of a case").
 */
export const byName = (w: CaseWorker) => ({ userId: w.id, userName: w.fullName, userFriendlyName: w.fullName });

/**
 * A colleague as an allocation option (spec part 3: userId, userName, portalRoles), by name as
 * above, with `userDetail` so colleagues of the same name can be told apart (issue 43).
 */
const allocationOption = (w: CaseWorker) => ({ userId: w.id, userName: w.fullName, portalRoles: [w.role], userDetail: w.detail });

/** The valid allocations grouped by portal role (spec: validUserAllocations). */
export function allocationsByRole(workers: CaseWorker[]) {
  const byRole = new Map<string, CaseWorker[]>();
  for (const w of workers) byRole.set(w.role, [...(byRole.get(w.role) ?? []), w]);
  return [...byRole].map(([role, users]) => ({ role, users: users.map(allocationOption) }));
}
