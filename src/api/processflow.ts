import { isBadRequest, request, type ApiTarget } from './client';
import type { BadRequest } from './errors';
import type { SmartFilter } from '../stores/filters';
import { $config } from '../stores/config';

type Maybe<T> = Promise<T | BadRequest>;
const seg = encodeURIComponent;

import type { QueueTag } from '../lib/case-rules';

export { ACTION_TYPE, type QueueTag } from '../lib/case-rules';

export interface Queue {
  name: string;
  tag: QueueTag;
  view: { type: 0 | 1; recordsPerPage: number };
  smartFilterTags: string[];
  hasExport: boolean;
  defaultOrderBy: { fieldKey: string; operatorAsString: 'ASC' | 'DESC' };
}
export interface QueueCount {
  tag: QueueTag;
  name: string;
  count: number;
}
export type CaseRecord = Record<string, unknown> & { SourceObjectId: number; ProcessFlowObjectId: string; State: string; Tags: string[] };
export interface ActionItem {
  actionName: string;
  /** The name as shown, in the page's language (the actionName is what is sent). */
  label?: string;
  actionType: number;
  toState?: string;
  templates?: string[];
  isSocial?: boolean;
  quickTemplates?: Array<{ name: string; text: string }>;
}
export interface ActionGroup {
  name: string;
  /** The name as shown, in the page's language (the name is what a route preselects). */
  label?: string;
  actionType: number;
  actionItems: ActionItem[];
}
export interface SchemaField {
  name: string;
  key: string;
  typeName: string;
  isHidden: boolean;
  templateSections: string[];
  smartDataTags: string[];
}
export interface ProcessFlowObject {
  processFlowObjectId: string;
  sourceObjectId: number;
  version: number;
  properties: CaseRecord;
  tags: Array<{ tagId: string; tagValue: string }>;
}
export interface HistoryEntry {
  historyId: string;
  actionType: number;
  actionName: string;
  /** The action's name as shown, in the page's language. */
  label?: string;
  fromState: string;
  toState: string;
  comment: string | null;
  properties: Record<string, unknown>;
  userName: string;
  actionedAt: string;
  version: number;
}
/** What closing a case asks (issue 45): the source's root causes and whether a recovery survey can go. */
export interface ClosingOptions {
  rootCauses: string[];
  recoverySurvey: boolean;
  suppressionDays: number;
}
export interface CaseView {
  processFlowObject: ProcessFlowObject;
  permittedActionGroups: ActionGroup[];
  schemaFields: SchemaField[];
  closing?: ClosingOptions;
  /** The server's time (ISO): a case's clock counts from it. */
  now?: string;
}
/** Only the cases due: overdue, or due before the end of today (issue 45). */
export type DueFilter = 'overdue' | 'today';
export interface QueuePageBody {
  skip: number;
  top: number;
  orderByFields: string[];
  orderByOperator: 'ASC' | 'DESC';
  smartFilters: SmartFilter[];
  due?: DueFilter;
}
/** One case's outcome in a bulk action: refused with the messages a single action would give. */
export interface BulkResult {
  pfoId: string;
  ok: boolean;
  messages?: string[];
}
/** The e-mail as it would go (issue 45): `to` is "Name <address>". */
export interface EmailPreview {
  to: string;
  subject: string;
  text: string;
}
export type ActionAnswer = { validationResults: Array<{ messages: string[] }> } | { processFlowObject: ProcessFlowObject; actionHistoryRecord: HistoryEntry };
/** A mentionable colleague (spec part 3: userId, userName, userFriendlyName). */
export interface Person {
  userId: string;
  /** The colleague's name to show (never their sign-in name, which is an e-mail address). */
  userName: string;
  userFriendlyName: string;
}
/** A colleague a case can be allocated to (spec part 3: userId, userName, portalRoles). */
export interface AllocationOption {
  userId: string;
  userName: string;
  portalRoles: string[];
  /** What tells colleagues of the same name apart: their region (claims) or groups; never the e-mail address. */
  userDetail?: string;
}

const base = (moduleId: string) => `/api/processflow/${seg(moduleId)}`;

export const queues = (moduleId: string, target?: ApiTarget): Maybe<Queue[]> => request('GET', `${base(moduleId)}/queues`, { target });
export const queueCounts = (moduleId: string, target?: ApiTarget): Maybe<QueueCount[]> => request('GET', `${base(moduleId)}/queuecounts`, { target });
export const queuePage = (moduleId: string, queue: string, body: QueuePageBody, target?: ApiTarget): Maybe<{ recordCount: number; data: CaseRecord[]; now?: string }> =>
  request('POST', `${base(moduleId)}/queue/${seg(queue)}/PF`, { json: body, target });
export const caseView = (moduleId: string, sourceObjectId: string, target?: ApiTarget): Maybe<CaseView> => request('GET', `${base(moduleId)}/processFlowObject/${seg(sourceObjectId)}/PF`, { target });
export const caseHistory = (moduleId: string, pfoId: string, target?: ApiTarget): Maybe<HistoryEntry[]> => request('GET', `${base(moduleId)}/processFlowObjectHistory/${seg(pfoId)}`, { target });
export const takeAction = (moduleId: string, pfoId: string, body: { actionName: string; actionProperties: string; comment: string; isSocial: boolean }, target?: ApiTarget): Maybe<ActionAnswer> =>
  request('POST', `${base(moduleId)}/processFlowObject/action/${seg(pfoId)}`, { json: body, target });
/** Several cases at once, each checked as a single action; its properties are JSON text, as a single action's. */
export const bulkAction = (moduleId: string, body: { pfoIds: string[]; actionName: string; actionProperties?: string; comment: string }, target?: ApiTarget): Maybe<{ results: BulkResult[] }> =>
  request('POST', `${base(moduleId)}/bulkaction`, { json: body, target });
export const emailPreview = (moduleId: string, pfoId: string, body: { subject: string; comment: string }, target?: ApiTarget): Maybe<EmailPreview> =>
  request('POST', `${base(moduleId)}/emailpreview/${seg(pfoId)}`, { json: body, target });
/** The case's history as CSV text (When, Who, Action, From, To, Comment, Details). */
export const historyCsv = (moduleId: string, pfoId: string, target?: ApiTarget): Maybe<string> => request('GET', `${base(moduleId)}/processFlowObjectHistory/${seg(pfoId)}/export`, { target });
export const markRead = (moduleId: string, sourceObjectId: string, target?: ApiTarget) => request('POST', `${base(moduleId)}/markread/${seg(sourceObjectId)}`, { target });
/** The colleagues who may open the case: the only ones it can be assigned to or mention. */
const ofCase = (moduleId: string, sourceObjectId: string) => `?moduleId=${seg(moduleId)}&sourceObjectId=${seg(sourceObjectId)}`;
export const allocations = (moduleId: string, sourceObjectId: string, target?: ApiTarget): Maybe<Array<{ role: string; users: AllocationOption[] }>> =>
  request('GET', `/api/processflow/validUserAllocations${ofCase(moduleId, sourceObjectId)}`, { target });
export const mentionable = (moduleId: string, sourceObjectId: string, target?: ApiTarget): Maybe<Person[]> => request('GET', `/api/processflow/validMentionableUsers${ofCase(moduleId, sourceObjectId)}`, { target });
export const tagList = (moduleId: string, target?: ApiTarget): Maybe<Array<{ TagId: string }>> => request('POST', `${base(moduleId)}/getTags`, { target });

/** Writes a queue's cases into a workbook; resolves to the address the browser downloads it from (its id is the credential). */
export async function exportQueue(moduleId: string, queue: string, smartFilters: SmartFilter[], stamp: string, author: string, target?: ApiTarget): Promise<string> {
  const answer = await request<{ exportId: string; name: string; dateTime: string }>(
    'POST',
    `/api/processflow/exporttoexcel/?dateTime=${seg(stamp)}&author=${seg(author)}&moduleId=${seg(moduleId)}&queue=${seg(queue)}`,
    { json: { SmartDataSelection: { smartFilters } }, target },
  );
  if (isBadRequest(answer)) throw new Error(answer.message);
  const e = answer;
  return `${target?.apiBase ?? $config.get().apiBase}/api/processflow/downloadexport/?exportId=${seg(e.exportId)}&dateTime=${seg(e.dateTime)}&name=${seg(e.name)}`;
}
