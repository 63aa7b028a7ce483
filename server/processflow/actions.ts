import { dataTime, placeholder, type Db, type Queryable } from '../db';
import type { Principal } from '../auth/tokens';
import { badRequest, notFound } from '../http/errors';
import { queueMail } from '../mail/outbox';
import { displayNameOf } from '../identity/users';
import { findCaseById, historyRecord } from './cases';
import type { PfModule } from './modules';
import { caseWorkers } from './people';
import { checkTag } from './tags';
import { ACTION_TYPE, findAction, type ActionItem, type CaseState } from './workflow';

/** An action as the record detail sends it (spec part 3: actionName, actionProperties as JSON text, comment, isSocial). */
export interface ActionBody {
  actionName: string;
  actionProperties?: string;
  comment?: string;
  isSocial?: boolean;
}

/** A reply the social call published: recorded on the review in the action's transaction. */
export interface SocialReply {
  record: (q: Queryable, userName: string) => Promise<void>;
}

/** What actionProperties may hold. */
interface Properties {
  /** The case's version the user saw: an older one means someone acted in between. */
  version?: number;
  userId?: string;
  role?: string;
  subject?: string;
  operation?: 0 | 1;
  tags?: Array<{ tagValue: string }>;
  /** The ids of the users still mentioned in the comment. */
  mentions?: string[];
}

type Answer = { validationResults: Array<{ messages: string[] }> } | { processFlowObject: Record<string, unknown>; actionHistoryRecord: ReturnType<typeof historyRecord> };

const invalid = (...messages: string[]): Answer => ({ validationResults: [{ messages }] });

function propertiesOf(text: string | undefined): Properties {
  if (!text) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('actionProperties must be JSON text.');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badRequest('actionProperties must be a JSON object.');
  return value as Properties;
}

/** The form rules of spec part 3 section 5, checked again here. */
function formErrors(item: ActionItem, comment: string, p: Properties): string[] {
  const errors: string[] = [];
  if (item.actionType !== ACTION_TYPE.Tag && !comment) errors.push('Add a comment.');
  if (item.actionType === ACTION_TYPE.Allocation && (!p.userId || !p.role)) errors.push('Choose a user and a role to assign the case to.');
  if (item.actionType === ACTION_TYPE.SendEmail && !p.subject?.trim()) errors.push('Add a subject.');
  if (item.actionType === ACTION_TYPE.Tag && !p.tags?.length) errors.push('Name a tag.');
  return errors;
}

const stale = (row: Record<string, unknown>) => {
  const at = String(dataTime(row.last_actioned_at) ?? '').replace('T', ' ');
  return invalid(`This case was changed by ${row.last_actioned_by_user_name ?? 'someone'} at ${at}; reload it.`);
};

/**
 * Takes one action on a case in one transaction: its state, allocation or tags, the history entry,
 * the e-mail and the mentions' notifications, or nothing. An action against an older version than
 * the case's (two users at once) changes nothing and says who changed it.
 */
export async function performAction(db: Db, user: Principal, m: PfModule, pfoId: string, body: ActionBody, now: Date, social?: SocialReply): Promise<Answer> {
  const p = propertiesOf(body.actionProperties);
  const comment = (body.comment ?? '').trim();
  if (comment.length > 4000) throw badRequest('A comment has at most 4000 characters.');
  return db.tx(async (q) => {
    const found = await findCaseById(q, pfoId, user.claims);
    // A case of another module than the path's is not found there either.
    if (!found || found.module !== m) throw notFound('No such case.');
    const { row } = found;
    const state = String(row.state) as CaseState;
    const version = Number(row.version);
    // First: an action on what the user no longer sees (someone acted in between) says so.
    if (p.version !== undefined && p.version !== version) return stale(row);
    const item = findAction(state, body.actionName, found.module.social);
    if (!item) return invalid(`"${body.actionName}" is not an action for a case in state ${state}.`);
    // A public reply goes only through the social call, which checked the sign-in and published it.
    if (item.isSocial && !social) return invalid('Sign in to the review provider to reply.');
    const errors = formErrors(item, comment, p);
    if (errors.length) return invalid(...errors);

    const [workers, userName] = await Promise.all([caseWorkers(q), displayNameOf(q, user)]);
    const set: Record<string, unknown> = {};
    let tagChange: { add: string[]; remove: string[] } | undefined;
    if (item.actionType === ACTION_TYPE.Allocation) {
      const to = workers.find((w) => w.id === p.userId);
      if (!to || to.role.toLowerCase() !== p.role!.toLowerCase()) return invalid('The case can be assigned only to a colleague who works cases, in their role.');
      Object.assign(set, { allocated_at: now, allocated_to_user_id: to.id, allocated_to_user_name: to.fullName, allocated_to_role: to.role, allocated_by_user_id: user.id, allocated_by_user_name: userName });
    }
    if (item.actionType === ACTION_TYPE.Tag) {
      const existing = found.record.Tags as string[];
      const values = (p.tags ?? []).map((t) => String(t.tagValue ?? ''));
      if (p.operation === 1) tagChange = { add: [], remove: values.map((v) => v.trim().toLowerCase()).filter((v) => existing.includes(v)) };
      else {
        const checked = values.map((v) => checkTag(v, existing));
        const refused = checked.flatMap((c) => ('error' in c ? [c.error] : []));
        if (refused.length) return invalid(...refused);
        tagChange = { add: [...new Set(checked.map((c) => (c as { tag: string }).tag))], remove: [] };
      }
    }
    if (tagChange) {
      const remaining = (found.record.Tags as string[]).filter((t) => !tagChange!.remove.includes(t));
      set.tag_list = [...new Set([...remaining, ...tagChange.add])].sort().join(',') || null;
    }
    const toState = item.toState ?? state;
    Object.assign(set, { last_action_type: item.actionType, last_action_name: item.actionName, last_actioned_at: now, last_actioned_by_user_id: user.id, last_actioned_by_user_name: userName, action_comment: comment || null });
    if (toState !== state) Object.assign(set, { state: toState, last_state_change_at: now, last_state_change_by_user_id: user.id, last_state_change_by_user_name: userName });

    // The version guard: a second action that read the same version updates nothing.
    const columns = Object.keys(set);
    const updated = await q.query(
      `UPDATE cases SET ${columns.map((c, i) => `${c} = ${placeholder(set[c], i + 3)}`).join(', ')}, version = version + 1 WHERE pfo_id = $1 AND version = $2 RETURNING pfo_id`,
      [pfoId, version, ...columns.map((c) => set[c] as never)],
    );
    if (!updated.length) return stale((await findCaseById(q, pfoId, user.claims))!.row);

    if (tagChange) {
      for (const tag of tagChange.add) await q.query('INSERT INTO case_tags (pfo_id, tag_value, input_source, added_at, added_by) VALUES ($1, $2, $3, CAST($4 AS TIMESTAMP), $5)', [pfoId, tag, 'UserDefined', now, user.id]);
      for (const tag of tagChange.remove) await q.query('DELETE FROM case_tags WHERE pfo_id = $1 AND tag_value = $2', [pfoId, tag]);
    }
    const mentioned = workers.filter((w) => (p.mentions ?? []).includes(w.id) && w.id !== user.id);
    const properties = { ...(p.userId ? { allocatedTo: set.allocated_to_user_name } : {}), ...(p.subject ? { subject: p.subject } : {}), ...(tagChange ? { tagsAdded: tagChange.add, tagsRemoved: tagChange.remove } : {}), ...(mentioned.length ? { mentions: mentioned.map((m) => m.fullName) } : {}) };
    const historyId = crypto.randomUUID();
    await q.query(
      `INSERT INTO case_history (history_id, pfo_id, action_type, action_name, from_state, to_state, comment, properties, user_id, user_name, actioned_at, version)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CAST($11 AS TIMESTAMP), $12)`,
      [historyId, pfoId, item.actionType, item.actionName, state, toState, comment || null, JSON.stringify(properties), user.id, userName, now, version + 1],
    );
    for (const m of mentioned) {
      await q.query('INSERT INTO notifications (notification_id, user_id, kind, pfo_id, text, created_at) VALUES ($1, $2, $3, $4, $5, CAST($6 AS TIMESTAMP))', [
        crypto.randomUUID(), m.id, 'mention', pfoId, `${userName} mentioned you on case ${row.source_object_id}: ${comment}`.slice(0, 500), now,
      ]);
    }
    if (item.actionType === ACTION_TYPE.SendEmail) {
      // The customer's address is a hidden field: read here, never sent to the page.
      const [to] = await q.query<{ customer_email: string }>('SELECT customer_email FROM responses WHERE id = $1', [Number(row.source_object_id)]);
      await queueMail(q, to.customer_email, p.subject!.trim(), comment, now);
    }

    if (social) await social.record(q, userName);

    const after = (await findCaseById(q, pfoId, user.claims))!;
    const [history] = await q.query('SELECT * FROM case_history WHERE history_id = $1', [historyId]);
    return { processFlowObject: processFlowObject(after.row, after.record, after.module.social), actionHistoryRecord: historyRecord(history) };
  });
}

/** The process-flow object of spec part 3: identity, state, last action, allocation, tags and the record's properties. */
export function processFlowObject(row: Record<string, unknown>, record: Record<string, unknown>, social = false) {
  return {
    processFlowObjectId: row.pfo_id,
    sourceObjectId: Number(row.source_object_id),
    sourceObjectType: social ? 'Review' : 'SurveyResponse',
    version: Number(row.version),
    properties: record,
    actionProperties: {},
    tags: (record.Tags as string[]).map((t) => ({ tagId: t, tagValue: t })),
  };
}
