import { placeholder, type Param, type Queryable } from '../db';
import { pfModule } from '../processflow/modules';
import { emitEvent } from '../webhooks/emit';
import { writeHistory } from '../processflow/history';
import { notify } from '../notifications/notifications';
import type { CaseRule } from './definition';
import { conditionErrors, describeConditions, meets } from './conditions';
import { columnByKey, type SmartModule } from '../smartdata/schema';
import { buildWhere } from '../smartdata/where';
import { OPENERS } from './openers';
import { firstOwner } from './owners';
import { listRules, queueNamed } from './store';
import { addWorkingHours } from './calendar';
import { withTextJoin } from '../text/dimensions';

/** Who a rule's actions are written as in a case's history. */
export const RULES_ACTOR = { id: 'case-rules', name: 'Case rules' };

/**
 * The rows among `ids` each enabled rule takes, the first rule in order winning a row. The rows are
 * read once, with the fields the rules name, and tried in memory (`meets`, the preview's SQL test):
 * a source's fifty rules cost an anonymous answer one small read, not fifty queries.
 */
async function matchRows(q: Queryable, module: SmartModule, rules: CaseRule[], ids: number[]): Promise<Map<number, CaseRule>> {
  // Each condition's field by its key as the schema spells it (a rule may have named it in another case).
  const canonical = rules.map((r) => ({ ...r, conditions: r.conditions.map((c) => ({ ...c, column: columnByKey(module, c.column)!.key })) }));
  const fields = new Map(canonical.flatMap((r) => r.conditions.map((c) => [c.column, columnByKey(module, c.column)!] as const)));
  const w = buildWhere(module, [], null);
  w.add(`${module.idColumn} IN (${ids.map((id) => w.bind(id)).join(', ')})`);
  const select = [`${module.idColumn} AS "__id"`, ...[...fields.values()].map((c) => `${c.column} AS "${c.key}"`)].join(', ');
  const taken = new Map<number, CaseRule>();
  for (const row of await q.query(withTextJoin(module, `SELECT ${select} FROM ${module.table} ${w.sql}`), w.params)) {
    const i = canonical.findIndex((r) => meets(r, row));
    if (i >= 0) taken.set(Number(row.__id), rules[i]);
  }
  return taken;
}

/**
 * Opens the cases the source's enabled rules call for among its new rows `ids`, in the caller's
 * transaction (the survey answer or the review that wrote them; a source without a `CaseOpener`,
 * an imported one, opens none yet, docs/decisions.md): each row is tried once, when it is
 * written, and a row that has a case already is never given another (the cases' unique index
 * stands behind that). Each case gets its queue's deadlines, its first owner, a history entry
 * naming the rule, and the webhooks' events.
 */
export async function openCasesByRules(q: Queryable, module: SmartModule, ids: number[], now: Date): Promise<string[]> {
  const opener = OPENERS.get(module.moduleId);
  if (!opener || !ids.length) return [];
  // A rule naming a field hidden or changed since it was saved no longer checks: it is skipped, never
  // guessed at, and the answer or review that wrote the row is still taken.
  const rules = (await listRules(q, module.moduleId)).filter((r) => r.enabled && !Object.keys(conditionErrors(module, r)).length);
  if (!rules.length) return [];
  const m = pfModule(opener.pfModuleId)!;
  const opened: string[] = [];
  for (const [id, rule] of await matchRows(q, module, rules, ids)) {
    const [existing] = await q.query('SELECT pfo_id FROM cases WHERE module_id = $1 AND source_object_id = $2', [m.moduleId, id]);
    const row = existing ? undefined : await opener.caseRow(q, id, now);
    if (!row) continue;
    const queue = await queueNamed(q, rule.queue);
    const due = queue && {
      first_response_due_at: addWorkingHours(now, queue.firstResponseHours[rule.priority], queue.calendar),
      resolution_due_at: addWorkingHours(now, queue.resolutionHours[rule.priority], queue.calendar),
    };
    const values: Record<string, Param> = { ...row, queue_name: rule.queue, priority: rule.priority, rule_name: rule.name, escalation_level: 0, version: 1, last_actioned_at: now, ...(row.state === 'New' ? due : {}) };
    const columns = Object.keys(values).filter((c) => values[c] !== null && values[c] !== undefined);
    await q.query(`INSERT INTO cases (${columns.join(', ')}) VALUES (${columns.map((c, i) => placeholder(values[c], i + 1)).join(', ')})`, columns.map((c) => values[c]));
    const pfoId = String(values.pfo_id);
    const owner = row.state === 'New' ? await firstOwner(q, rule, m, id) : undefined;
    if (owner && 'worker' in owner) {
      const w = owner.worker;
      await q.query(
        `UPDATE cases SET state = 'Assigned', allocated_at = CAST($2 AS TIMESTAMP), allocated_to_user_id = $3, allocated_to_user_name = $4, allocated_to_role = $5, allocated_by_user_id = $6, allocated_by_user_name = $7 WHERE pfo_id = $1`,
        [pfoId, now, w.id, w.fullName, w.role, RULES_ACTOR.id, RULES_ACTOR.name],
      );
      await notify(q, w.id, 'assignment', `The rule "${rule.name}" gave you case ${id}.`, `/processflow/${m.moduleId}/${id}/cases`, now);
    } else if (owner) await q.query('UPDATE cases SET allocated_to_role = $2 WHERE pfo_id = $1', [pfoId, owner.role]);
    const toState = owner && 'worker' in owner ? 'Assigned' : String(row.state);
    const allocatedTo = owner ? ('worker' in owner ? owner.worker.fullName : owner.role) : null;
    await writeHistory(q, {
      pfoId, actionName: 'Open case', fromState: 'New', toState, comment: `Opened by the rule "${rule.name}": ${describeConditions(module, rule)}.`,
      properties: { rule: rule.name, queue: rule.queue, priority: rule.priority, ...(allocatedTo ? { allocatedTo } : {}) }, by: RULES_ACTOR, at: now, version: 1,
    });
    const message = `Case ${id} opened by the rule "${rule.name}" in ${rule.queue} (${rule.priority})${allocatedTo ? `, for ${allocatedTo}` : ''}.`;
    const event = { caseId: pfoId, module: m.moduleId, sourceObjectId: id, sourceId: module.moduleId, rule: rule.name, queue: rule.queue, priority: rule.priority, state: toState, message };
    await emitEvent(q, 'case.opened', event, now);
    if (owner && 'worker' in owner) await emitEvent(q, 'case.assigned', { ...event, assignedTo: owner.worker.fullName }, now);
    opened.push(pfoId);
  }
  return opened;
}
