import type { Queryable } from '../db';
import { hasAnyRole } from '../identity/users';

/** Who works cases (spec part 3 section 6): PortalAdmin and PortalUser. */
export const PROCESS_FLOW_ROLES = ['PortalAdmin', 'PortalUser'];

export interface CaseWorker {
  id: string;
  userName: string;
  fullName: string;
  role: string;
}

/** Everyone who may be given a case or mentioned: the process-flow roles' users, by name. */
export async function caseWorkers(q: Queryable): Promise<CaseWorker[]> {
  const rows = await q.query<{ id: string; user_name: string; first_name: string; last_name: string; role: string }>(
    'SELECT id, user_name, first_name, last_name, role FROM users ORDER BY first_name, last_name, id',
  );
  return rows
    .filter((r) => hasAnyRole(r.role.split(',').map((s) => s.trim()), PROCESS_FLOW_ROLES))
    .map((r) => ({ id: r.id, userName: r.user_name, fullName: `${r.first_name} ${r.last_name}`.trim(), role: r.role.split(',')[0].trim() }));
}

/** The valid allocations grouped by portal role (spec: validUserAllocations). */
export async function allocationsByRole(q: Queryable) {
  const byRole = new Map<string, CaseWorker[]>();
  for (const w of await caseWorkers(q)) byRole.set(w.role, [...(byRole.get(w.role) ?? []), w]);
  return [...byRole].map(([role, users]) => ({ role, users: users.map((u) => ({ userId: u.id, userName: u.userName, fullName: u.fullName })) }));
}
