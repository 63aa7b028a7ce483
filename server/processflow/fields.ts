import { dataTime } from '../db';
/**
 * The case fields (spec part 3, process-flow object) by their keys, with their columns in the
 * `cases` table; the response's own fields come from the responses module.
 */
export const CASE_FIELDS = {
  ProcessFlowObjectId: 'pfo_id',
  SourceObjectId: 'source_object_id',
  State: 'state',
  SubState: 'sub_state',
  LastActionType: 'last_action_type',
  LastActionName: 'last_action_name',
  LastActionedAt: 'last_actioned_at',
  LastActionedByUserId: 'last_actioned_by_user_id',
  LastActionedByUserName: 'last_actioned_by_user_name',
  ActionComment: 'action_comment',
  LastStateChangeAt: 'last_state_change_at',
  LastStateChangeByUserId: 'last_state_change_by_user_id',
  LastStateChangeByUserName: 'last_state_change_by_user_name',
  AllocatedAt: 'allocated_at',
  AllocatedToUserId: 'allocated_to_user_id',
  AllocatedToUserName: 'allocated_to_user_name',
  AllocatedToRole: 'allocated_to_role',
  AllocatedByUserId: 'allocated_by_user_id',
  AllocatedByUserName: 'allocated_by_user_name',
  // Closing the loop (issue 45): the rule, queue and clock of a case, how it closed, its recovery survey.
  CreatedAt: 'created_at',
  Queue: 'queue_name',
  Priority: 'priority',
  RuleName: 'rule_name',
  FirstResponseDueAt: 'first_response_due_at',
  ResolutionDueAt: 'resolution_due_at',
  FirstRespondedAt: 'first_responded_at',
  ClosedAt: 'closed_at',
  EscalationLevel: 'escalation_level',
  RootCause: 'root_cause',
  ProblemResolved: 'problem_resolved',
  RecoverySentAt: 'recovery_sent_at',
  RecoveryScore: 'recovery_score',
  RecoveryComment: 'recovery_comment',
} as const;
export type CaseFieldKey = keyof typeof CASE_FIELDS;

/** The auto-generated names (Hot_ProcessFlow_) and their mirrors (ProcessFlow_). */
const MIRRORED: CaseFieldKey[] = ['State', 'SubState', 'LastActionName', 'LastActionedAt', 'AllocatedToUserName'];

/** A case row's fields by key; dates as YYYY-MM-DDTHH:mm:ss; the Hot_ names mirrored to ProcessFlow_. */
export function caseProperties(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(CASE_FIELDS)) {
    const v = row[column];
    out[key] = dataTime(v) ?? null;
  }
  for (const key of MIRRORED) {
    out[`Hot_ProcessFlow_${key}`] = out[key];
    out[`ProcessFlow_${key}`] = out[key];
  }
  return out;
}
