import { dataTime, placeholder, type Db, type Queryable } from '../db';
import type { Principal } from '../auth/tokens';
import { badRequest, notFound } from '../http/errors';
import { isOneAddress, queueMail } from '../mail/outbox';
import { displayNameOf } from '../identity/users';
import { findCaseById, historyRecord } from './cases';
import type { PfModule } from './modules';
import { colleaguesFor } from './people';
import { checkSubject, takeCaseMail, tidyCaseMailCounts } from './case-mail';
import { checkTag } from './tags';
import { hasAnyRole } from '../identity/users';
import { ACTION_TYPE, CLOSED, REOPEN_ROLES, findAction, type ActionItem, type CaseState } from './workflow';
import { OPENERS, sourceOfCases } from '../caserules/openers';
import { sourceSettings } from '../caserules/store';
import { sendRecoverySurvey } from '../caserules/recovery';
import { emitEvent } from '../webhooks/emit';
import { writeHistory } from './history';

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

/** The caller as an actor: the roles that may reopen a closed case do. */
export const actorOf = (user: Principal): Actor => ({ ...user, mayReopen: hasAnyRole(user.roles, REOPEN_ROLES) });

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
  /** Closing: why the customer was unhappy (from the source's list), whether it was put right, and the recovery survey. */
  rootCause?: string;
  problemResolved?: boolean;
  sendRecoverySurvey?: boolean;
}

/** Who acts, and what they may do beyond the roles' common actions. */
export interface Actor extends Principal {
  /** May take a closed case back (REOPEN_ROLES). */
  mayReopen: boolean;
}

type Answer = { validationResults: Array<{ messages: string[] }> } | { processFlowObject: Record<string, unknown>; actionHistoryRecord: ReturnType<typeof historyRecord> };

const invalid = (...messages: string[]): Answer => ({ validationResults: [{ messages }] });

/**
 * The spec's names of the action properties (part 3: allocatedToUserId, actionSubjectLine,
 * mentionedUsers; the role as the case holds it, allocatedToRole) for the names read here. The
 * short names are still read, for callers written before (docs/decisions.md).
 */
const SPEC_NAMES = { allocatedToUserId: 'userId', allocatedToRole: 'role', actionSubjectLine: 'subject', mentionedUsers: 'mentions' } as const;
const fromSpecNames = (raw: Record<string, unknown>) => {
  const out = { ...raw };
  for (const [spec, own] of Object.entries(SPEC_NAMES)) if (raw[spec] !== undefined) out[own] = raw[spec];
  return out;
};

function propertiesOf(text: string | undefined): Properties {
  if (!text) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('actionProperties must be JSON text.');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badRequest('actionProperties must be a JSON object.');
  const p = fromSpecNames(value as Record<string, unknown>) as Properties;
  if (p.mentions !== undefined && (!Array.isArray(p.mentions) || p.mentions.some((m) => typeof m !== 'string'))) throw badRequest('mentions must be a list of user ids.');
  for (const key of ['userId', 'role', 'rootCause'] as const) if (p[key] !== undefined && typeof p[key] !== 'string') throw badRequest(`${key} must be text.`);
  for (const key of ['problemResolved', 'sendRecoverySurvey'] as const) if (p[key] !== undefined && typeof p[key] !== 'boolean') throw badRequest(`${key} must be true or false.`);
  return { ...p, subject: checkSubject(p.subject) };
}

/** Whether an action closes a case the way that asks why (a public reply to a review closes it by answering). */
export const closes = (item: ActionItem) => !item.isSocial && item.toState !== undefined && CLOSED.includes(item.toState);

/** The form rules of spec part 3 section 5, checked again here, and what a closing must say (issue 45). */
function formErrors(item: ActionItem, comment: string, p: Properties, rootCauses: string[]): string[] {
  const errors: string[] = [];
  if (closes(item) && rootCauses.length && !rootCauses.includes(p.rootCause ?? '')) errors.push('Choose a root cause.');
  if (closes(item) && p.problemResolved === undefined) errors.push("Say whether the customer's problem was resolved.");
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

type Found = NonNullable<Awaited<ReturnType<typeof findCaseById>>>;

/** What an action will write, worked out from the case as the user's read found it. */
interface Plan {
  found: Found;
  item: ActionItem;
  set: Record<string, unknown>;
  tagChange?: { add: string[]; remove: string[] };
  mentioned: Array<{ id: string; fullName: string }>;
  userName: string;
  /** The customer's address, for an e-mail (a hidden field: read here, never sent to the page). */
  mailTo?: string;
  /** A closing that asks for the recovery survey: the customer's contact, as its source keeps it. */
  recovery?: { sourceId: string; email: string | null; name: string | null };
}

/**
 * Reads the case and its people and checks the action, outside the write: on DuckDB writes take
 * turns on one connection, and an action that read inside its transaction held everyone's writes
 * (a sign-in's included) for its reads too. The write's version guard keeps the plan honest: a case
 * that changed since it was read is not written.
 */
async function planAction(db: Db, user: Actor, m: PfModule, pfoId: string, body: ActionBody, p: Properties, comment: string, now: Date, social?: SocialReply): Promise<Plan | Answer> {
  const found = await findCaseById(db, pfoId, user.claims);
  // A case of another module than the path's is not found there either.
  if (!found || found.module !== m) throw notFound('No such case.');
  const { row } = found;
  const state = String(row.state) as CaseState;
  // First: an action on what the user no longer sees (someone acted in between) says so.
  if (p.version !== undefined && p.version !== Number(row.version)) return stale(row);
  const item = findAction(state, body.actionName, found.module.social, user.mayReopen);
  if (!item) return invalid(`"${body.actionName}" is not an action for a case in state ${state}.`);
  // A public reply goes only through the social call, which checked the sign-in and published it.
  if (item.isSocial && !social) return invalid('Sign in to the review provider to reply.');
  const sourceId = sourceOfCases(found.module.moduleId);
  const settings = closes(item) && sourceId ? await sourceSettings(db, sourceId) : undefined;
  const errors = formErrors(item, comment, p, settings?.rootCauses ?? []);
  if (errors.length) return invalid(...errors);

  // Only colleagues who may open the case can be given it or mentioned on it: either delivers its text.
  const [workers, userName] = await Promise.all([colleaguesFor(db, found), displayNameOf(db, user)]);
  const mentions = (p.mentions ?? []).filter((id) => id !== user.id);
  if (mentions.some((id) => !workers.some((w) => w.id === id))) throw badRequest('Someone you mentioned cannot open this case: mention only colleagues who can.');
  const set: Record<string, unknown> = {};
  let tagChange: Plan['tagChange'];
  if (item.actionType === ACTION_TYPE.Allocation) {
    const to = workers.find((w) => w.id === p.userId);
    if (!to) throw badRequest('That colleague cannot open this case: assign it to someone who can.');
    if (to.role.toLowerCase() !== p.role!.toLowerCase()) return invalid('The case can be assigned only to a colleague who works cases, in their role.');
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
    const remaining = existing.filter((t) => !tagChange!.remove.includes(t));
    set.tag_list = [...new Set([...remaining, ...tagChange.add])].sort().join(',') || null;
  }
  const toState = item.toState ?? state;
  // The clock: the first thing a colleague does for the customer answers the first-response deadline.
  const hoursSince = (at: unknown) => (at ? Math.round(((now.getTime() - new Date(`${String(at)}Z`).getTime()) / 3_600_000) * 100) / 100 : null);
  if (item.actionType !== ACTION_TYPE.Tag && !found.record.FirstRespondedAt) Object.assign(set, { first_responded_at: now, hours_to_first_response: hoursSince(found.record.CreatedAt) });
  if (closes(item)) {
    const outcome = p.problemResolved ? 'Resolved' : 'Not resolved';
    Object.assign(set, { closed_at: now, root_cause: p.rootCause ?? null, problem_resolved: p.problemResolved, outcome, hours_to_close: hoursSince(found.record.CreatedAt) });
  }
  if (CLOSED.includes(state as CaseState) && !CLOSED.includes(toState)) set.closed_at = null;
  Object.assign(set, { last_action_type: item.actionType, last_action_name: item.actionName, last_actioned_at: now, last_actioned_by_user_id: user.id, last_actioned_by_user_name: userName, action_comment: comment || null });
  if (toState !== state) Object.assign(set, { state: toState, last_state_change_at: now, last_state_change_by_user_id: user.id, last_state_change_by_user_name: userName });

  let mailTo: string | undefined;
  if (item.actionType === ACTION_TYPE.SendEmail) {
    const [to] = await db.query<{ customer_email: string | null }>('SELECT customer_email FROM responses WHERE id = $1', [Number(row.source_object_id)]);
    mailTo = to?.customer_email ?? '';
    if (!isOneAddress(mailTo)) throw badRequest('This customer left no e-mail address to write to.');
  }
  const recovery = settings && p.sendRecoverySurvey && sourceId ? { sourceId, ...(await OPENERS.get(sourceId)!.contact(db, Number(row.source_object_id))) } : undefined;
  return { found, item, set, tagChange, mentioned: workers.filter((w) => mentions.includes(w.id)), userName, mailTo, recovery };
}

/**
 * Takes one action on a case: its state, allocation or tags, the history entry, the e-mail and the
 * mentions' notifications are written in one transaction, or nothing. An action against an older
 * version than the case's (two users at once) changes nothing and says who changed it.
 */
export async function performAction(db: Db, user: Actor, m: PfModule, pfoId: string, body: ActionBody, now: Date, origin: string, social?: SocialReply): Promise<Answer> {
  const p = propertiesOf(body.actionProperties);
  const comment = (body.comment ?? '').trim();
  if (comment.length > 4000) throw badRequest('A comment has at most 4000 characters.');
  if (p.subject) await tidyCaseMailCounts(db, now);
  const plan = await planAction(db, user, m, pfoId, body, p, comment, now, social);
  if (!('found' in plan)) return plan;
  const { found: { row, record }, item, set, tagChange, mentioned, userName, mailTo, recovery } = plan;
  const state = String(row.state);
  const version = Number(row.version);
  const historyId = crypto.randomUUID();
  const written = await db.tx(async (q) => {
    // The version guard: a second action that read the same version updates nothing.
    const columns = Object.keys(set);
    const updated = await q.query(
      `UPDATE cases SET ${columns.map((c, i) => `${c} = ${placeholder(set[c], i + 3)}`).join(', ')}, version = version + 1 WHERE pfo_id = $1 AND version = $2 RETURNING pfo_id`,
      [pfoId, version, ...columns.map((c) => set[c] as never)],
    );
    if (!updated.length) return false;
    if (tagChange) {
      for (const tag of tagChange.add) await q.query('INSERT INTO case_tags (pfo_id, tag_value, input_source, added_at, added_by) VALUES ($1, $2, $3, CAST($4 AS TIMESTAMP), $5)', [pfoId, tag, 'UserDefined', now, user.id]);
      for (const tag of tagChange.remove) await q.query('DELETE FROM case_tags WHERE pfo_id = $1 AND tag_value = $2', [pfoId, tag]);
    }
    // The recovery survey goes with the closing, or not at all: its invitation is in this transaction.
    const recoverySurvey = !closes(item) ? undefined : recovery ? await sendRecoverySurvey(q, { pfoId, sourceId: recovery.sourceId, email: recovery.email, customerName: recovery.name, store: (record.Store as string) ?? null }, origin, now, db) : 'off';
    const properties = {
      ...(p.userId ? { allocatedTo: set.allocated_to_user_name } : {}), ...(p.subject ? { subject: p.subject } : {}), ...(tagChange ? { tagsAdded: tagChange.add, tagsRemoved: tagChange.remove } : {}),
      ...(mentioned.length ? { mentions: mentioned.map((m) => m.fullName) } : {}),
      ...(closes(item) ? { rootCause: p.rootCause ?? null, problemResolved: p.problemResolved, recoverySurvey } : {}),
    };
    await writeHistory(q, { historyId, pfoId, actionType: item.actionType, actionName: item.actionName, fromState: state, toState: item.toState ?? state, comment: comment || null, properties, by: { id: user.id, name: userName }, at: now, version: version + 1 });
    for (const m of mentioned) {
      await q.query('INSERT INTO notifications (notification_id, user_id, kind, pfo_id, text, created_at) VALUES ($1, $2, $3, $4, $5, CAST($6 AS TIMESTAMP))', [
        crypto.randomUUID(), m.id, 'mention', pfoId, `${userName} mentioned you on case ${row.source_object_id}: ${comment}`.slice(0, 500), now,
      ]);
    }
    if (mailTo !== undefined) {
      // Counted with the e-mail: a refusal (429) undoes the whole action.
      await takeCaseMail(q, mailTo, user.id, now);
      await queueMail(q, mailTo, p.subject!, comment, now);
    }
    if (social) await social.record(q, userName);
    const id = Number(row.source_object_id);
    const event = { caseId: pfoId, module: m.moduleId, sourceObjectId: id, state: item.toState ?? state, by: userName, url: `${origin}/processflow/${encodeURIComponent(m.moduleId)}/${id}/cases` };
    if (item.actionType === ACTION_TYPE.Allocation) await emitEvent(q, 'case.assigned', { ...event, assignedTo: set.allocated_to_user_name, message: `${userName} assigned case ${id} to ${String(set.allocated_to_user_name)}.` }, now);
    if (item.toState && CLOSED.includes(item.toState)) {
      const message = `${userName} closed case ${id} (${item.toState})${p.rootCause ? `: ${p.rootCause}` : ''}.`;
      await emitEvent(q, 'case.closed', { ...event, rootCause: p.rootCause ?? null, problemResolved: p.problemResolved ?? null, recoverySurvey, message }, now);
    }
    return true;
  });
  const after = (await findCaseById(db, pfoId, user.claims))!;
  if (!written) return stale(after.row);
  const [history] = await db.query('SELECT * FROM case_history WHERE history_id = $1', [historyId]);
  return { processFlowObject: processFlowObject(after.row, after.record, after.module.social), actionHistoryRecord: historyRecord(history) };
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
