import type { Queryable } from '../db';
import { ACTION_TYPE, type ActionType } from './workflow';

/** One entry of a case's history: what was done, from which state to which, by whom, as which version. */
export interface HistoryEntry {
  pfoId: string;
  actionName: string;
  fromState: string;
  toState: string;
  comment: string | null;
  properties: Record<string, unknown>;
  by: { id: string; name: string };
  at: Date;
  /** The case's version after the change (one entry per version: the unique index refuses a second). */
  version: number;
  actionType?: ActionType;
  historyId?: string;
}

/** Writes a history entry in the caller's transaction: a person's action, a rule's case, an escalation or a customer's answer. */
export async function writeHistory(q: Queryable, e: HistoryEntry): Promise<void> {
  await q.query(
    `INSERT INTO case_history (history_id, pfo_id, action_type, action_name, from_state, to_state, comment, properties, user_id, user_name, actioned_at, version)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CAST($11 AS TIMESTAMP), $12)`,
    [e.historyId ?? crypto.randomUUID(), e.pfoId, e.actionType ?? ACTION_TYPE.Transition, e.actionName, e.fromState, e.toState, e.comment, JSON.stringify(e.properties), e.by.id, e.by.name, e.at, e.version],
  );
}
