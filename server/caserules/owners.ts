import type { Queryable } from '../db';
import { findCase } from '../processflow/cases';
import { claimsAdmit } from '../smartdata/where';
import type { PfModule } from '../processflow/modules';
import { caseWorkers, type CaseWorker } from '../processflow/people';
import type { CaseRule } from './definition';

/** Whom a rule's case goes to first: a colleague, or a role's pile with nobody named yet. */
export type FirstOwner = { worker: CaseWorker } | { role: string } | undefined;

/**
 * The first owner of a case a rule opened (already written, so claims are checked on the row as
 * it is): the rule's user if they may open it; the next member of the group in turn who may (the
 * turn kept per rule); or the role. Nobody when no one named may open it: the case waits in New.
 */
export async function firstOwner(q: Queryable, rule: CaseRule, m: PfModule, id: number): Promise<FirstOwner> {
  const owner = rule.owner;
  if (owner.kind === 'none') return undefined;
  if (owner.kind === 'role') return { role: owner.role };
  const [workers, found] = await Promise.all([caseWorkers(q), findCase(q, m, id, null)]);
  if (!found) return undefined;
  // Whether a colleague's claims reach the case: the row read once, each colleague's claims in hand.
  const sees = (w: CaseWorker) => claimsAdmit(m.view, found.record, w.claims);
  if (owner.kind === 'user') {
    const w = workers.find((x) => x.id === owner.userId);
    return w && sees(w) ? { worker: w } : undefined;
  }
  const members = new Set((await q.query<{ user_id: string }>('SELECT user_id FROM group_members WHERE group_id = $1', [owner.groupId])).map((r) => r.user_id));
  // By id as the turn compares them (code points, not the locale's order).
  const inTurn = workers.filter((w) => members.has(w.id)).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (!inTurn.length) return undefined;
  // The rule's turn row, written first and then updated: the update holds it to the end of the
  // answer's transaction, so answers at once (PostgreSQL) take turns on it rather than each reading
  // the same turn or both inserting it; the latest turn is read as it holds it.
  await q.query("INSERT INTO case_rule_turns (rule_id, last_user_id) VALUES ($1, '') ON CONFLICT (rule_id) DO NOTHING", [rule.id]);
  const [turn] = await q.query<{ last_user_id: string }>('UPDATE case_rule_turns SET last_user_id = last_user_id WHERE rule_id = $1 RETURNING last_user_id', [rule.id]);
  // The members after the last one given a case, then round to the first.
  const after = Math.max(inTurn.findIndex((w) => w.id > turn.last_user_id), 0);
  const order = [...inTurn.slice(after), ...inTurn.slice(0, after)];
  for (const w of order) {
    if (!sees(w)) continue;
    await q.query('UPDATE case_rule_turns SET last_user_id = $2 WHERE rule_id = $1', [rule.id, w.id]);
    return { worker: w };
  }
  return undefined;
}
