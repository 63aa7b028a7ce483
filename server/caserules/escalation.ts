import { dataTime, type Db } from '../db';
import { rolesOf, type Claim, type UserRow } from '../identity/users';
import { claimsAdmit } from '../smartdata/where';
import { notify } from '../notifications/notifications';
import { queueMail } from '../mail/outbox';
import { findCase } from '../processflow/cases';
import { pfModule, type PfModule } from '../processflow/modules';
import { claimsByUser, PROCESS_FLOW_ROLES } from '../processflow/people';
import { OPEN } from '../processflow/workflow';
import { every, underLease } from '../operations/schedule';
import { emitEvent } from '../webhooks/emit';
import { writeHistory } from '../processflow/history';

/** How often the case clocks are read; how long one run holds its lease. */
export const CASE_CLOCK_INTERVAL_MS = 60_000;
const LEASE_MS = 10 * 60_000;
/** At most this many cases escalated in one run; the rest wait for the next minute. */
const BATCH = 500;
/** Who an escalation is written as in a case's history. */
export const CLOCK_ACTOR = { id: 'system', name: 'System' };

/** Level 1: the first response is late; level 2: the resolution is. */
const DEADLINES = { 1: 'first response', 2: 'resolution' } as const;

interface Due {
  pfo_id: string;
  module_id: string;
  source_object_id: number;
  state: string;
  allocated_to_role: string | null;
  level: number;
  first_late: boolean;
  resolution_late: boolean;
  first_response_due_at: Date | null;
  resolution_due_at: Date | null;
}

/**
 * The role `steps` levels above `role` in the hierarchy (reportsTo), but no higher than the most
 * senior role that works cases: a manager the escalation goes to opens the case from its link
 * (GlobalAdmin, above PortalAdmin, does not work cases, so a late resolution goes to PortalAdmin).
 */
function managerRole(reportsTo: Map<string, string | null>, role: string, steps: number): string {
  let at = role;
  for (let i = 0; i < steps; i++) {
    const up = reportsTo.get(at);
    if (!up || !PROCESS_FLOW_ROLES.includes(up)) break;
    at = up;
  }
  return at;
}

/** The users of a role whose claims reach the case (its row read once, everyone's claims in hand). */
async function managersOf(db: Db, m: PfModule, sourceObjectId: number, role: string, users: UserRow[], claims: Map<string, Claim[]>): Promise<UserRow[]> {
  const found = await findCase(db, m, sourceObjectId, null);
  if (!found) return [];
  return users.filter((u) => rolesOf(u).includes(role) && claimsAdmit(m.view, found.record, claims.get(u.id) ?? []));
}

/**
 * Escalates each open case past a deadline, as of `at` (written at `now`: a test server reads the
 * clocks as of a later time, and the deliveries and e-mails still go at once): a late first response to the owner's
 * manager (the role its owner's role reports to), a late resolution one level further up. Each
 * level once: the level is raised by a guarded update (of two runs at once, one writes it), and
 * with it, in one transaction, the history entry, the managers' notifications and e-mails and the
 * webhooks' `case.overdue`.
 */
export async function runCaseClocks(db: Db, at: Date, origin: string, now = at): Promise<{ escalated: number }> {
  const open = OPEN.map((_, i) => `$${i + 2}`).join(', ');
  const due = await db.query<Due & Record<string, unknown>>(
    `SELECT pfo_id, module_id, source_object_id, state, allocated_to_role, coalesce(escalation_level, 0) AS level, first_response_due_at, resolution_due_at,
       (first_responded_at IS NULL AND first_response_due_at <= CAST($1 AS TIMESTAMP)) AS first_late, (resolution_due_at <= CAST($1 AS TIMESTAMP)) AS resolution_late
     FROM cases WHERE state IN (${open}) AND (
       (first_responded_at IS NULL AND first_response_due_at <= CAST($1 AS TIMESTAMP) AND coalesce(escalation_level, 0) < 1)
       OR (resolution_due_at <= CAST($1 AS TIMESTAMP) AND coalesce(escalation_level, 0) < 2))
     ORDER BY resolution_due_at, pfo_id LIMIT ${BATCH}`,
    [at, ...OPEN],
  );
  if (!due.length) return { escalated: 0 };
  const reportsTo = new Map((await db.query<{ name: string; reports_to: string | null }>('SELECT name, reports_to FROM roles')).map((r) => [r.name, r.reports_to]));
  const users = await db.query<UserRow & Record<string, unknown>>('SELECT * FROM users ORDER BY id');
  const claims = await claimsByUser(db);
  let escalated = 0;
  for (const c of due) {
    const m = pfModule(c.module_id);
    if (!m) continue;
    const target = c.resolution_late ? 2 : 1;
    for (let level = Number(c.level) + 1; level <= target; level++) {
      const role = managerRole(reportsTo, c.allocated_to_role ?? PROCESS_FLOW_ROLES[PROCESS_FLOW_ROLES.length - 1], level);
      const managers = await managersOf(db, m, Number(c.source_object_id), role, users, claims);
      if (await escalate(db, c, m, level as 1 | 2, role, managers, now, origin)) escalated++;
    }
  }
  return { escalated };
}

/** One level's escalation, written at `at` (the time of writing: the deadlines may have been read as of another). */
async function escalate(db: Db, c: Due, m: PfModule, level: 1 | 2, role: string, managers: UserRow[], at: Date, origin: string): Promise<boolean> {
  const deadline = DEADLINES[level];
  const dueAt = level === 1 ? c.first_response_due_at : c.resolution_due_at;
  const names = managers.map((u) => `${u.first_name} ${u.last_name}`.trim());
  const link = `/processflow/${encodeURIComponent(m.moduleId)}/${c.source_object_id}/cases`;
  const text = `Case ${c.source_object_id} missed its ${deadline} deadline (${String(dataTime(dueAt)).replace('T', ' ')} UTC): escalated to ${role}.`;
  return db.tx(async (q) => {
    const [raised] = await q.query<{ version: number }>(
      'UPDATE cases SET escalation_level = $2, version = version + 1 WHERE pfo_id = $1 AND coalesce(escalation_level, 0) = $3 RETURNING version',
      [c.pfo_id, level, level - 1],
    );
    if (!raised) return false;
    await writeHistory(q, { pfoId: c.pfo_id, actionName: 'Escalate', fromState: c.state, toState: c.state, comment: text, properties: { level, escalatedTo: role, managers: names, deadline }, by: CLOCK_ACTOR, at, version: Number(raised.version) });
    for (const u of managers) {
      await notify(q, u.id, 'escalation', text, link, at);
      await queueMail(q, u.email, `Case ${c.source_object_id} is overdue: escalated to you`, `Hello ${u.first_name},\n\n${text}\n\nOpen the case: ${origin}${link}\n`, at);
    }
    await emitEvent(q, 'case.overdue', { caseId: c.pfo_id, module: m.moduleId, sourceObjectId: Number(c.source_object_id), level, deadline, dueAt: dataTime(dueAt), escalatedTo: role, managers: names, message: text, url: `${origin}${link}` }, at);
    return true;
  });
}

/** A scheduled run, unless another process's is still going (a lease). */
export const runScheduledCaseClocks = (db: Db, at: Date, origin: string) => underLease(db, 'case-clock', LEASE_MS, at, () => runCaseClocks(db, at, origin));

/** Reads the case clocks every `intervalMs` until stopped. */
export const startCaseClock = (db: Db, origin: string, intervalMs = CASE_CLOCK_INTERVAL_MS) => every(intervalMs, 'Case clock', () => runScheduledCaseClocks(db, new Date(), origin));
