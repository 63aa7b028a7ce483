import { request, type ApiTarget } from './client';
import type { BadRequest } from './errors';
import type { ColumnRole, Score, TypeName } from './datasources';

/** Case rules and case settings (issue 45): the contract of /api/caserules and /api/casesettings. */

export type Condition =
  | { kind: 'score'; column: string; atMost?: number; atLeast?: number }
  | { kind: 'values'; column: string; values: string[] }
  | { kind: 'words'; column: string; words: string[] };
export type Owner = { kind: 'none' } | { kind: 'user'; userId: string } | { kind: 'role'; role: string } | { kind: 'group'; groupId: string };
export type Priority = 'High' | 'Normal' | 'Low';
export const PRIORITIES: readonly Priority[] = ['High', 'Normal', 'Low'];

export interface CaseRuleInput {
  sourceId: string;
  name: string;
  enabled: boolean;
  conditions: Condition[];
  queue: string;
  owner: Owner;
  priority: Priority;
}
export interface CaseRule extends CaseRuleInput {
  id: string;
  createdAt: string;
  updatedAt: string;
  updatedBy: string;
}

/** A column a condition may test, with its score range or its known values. */
export interface RuleColumn {
  key: string;
  name: string;
  role: ColumnRole;
  typeName: TypeName;
  score?: Score;
  /** Its known values, when it has few enough to choose among. */
  values?: string[];
  /** The kinds of condition it may take (a rating kept as a dimension is a score and values alike). */
  fits?: { score: boolean; values: boolean; words: boolean };
}
export interface RuleOptions {
  columns: RuleColumn[];
  queues: string[];
  users: Array<{ id: string; name: string; role: string }>;
  roles: string[];
  groups: Array<{ id: string; name: string }>;
  /** Whether new rows of this source can become cases yet. */
  casesOpen: boolean;
}
export interface RulePreview {
  days: number;
  matches: number;
  message: string;
  sample: Array<Record<string, unknown>>;
  /** The sample's columns in order, with their names (the server may add them). */
  columns?: Array<{ key: string; name: string }>;
}

export type Hours = Record<Priority, number>;
export interface CaseQueue {
  name: string;
  firstResponseHours: Hours;
  resolutionHours: Hours;
  /** `days`: 0 Sunday .. 6 Saturday; `start` and `end` as HH:MM. */
  calendar: { days: number[]; start: string; end: string; timeZone: string };
}
export interface SourceCaseSettings {
  sourceId: string;
  rootCauses: string[];
  /** A survey's shortcode. */
  recoverySurvey: string | null;
  suppressionDays: number;
}
export interface CaseSettings {
  queues: CaseQueue[];
  sources: SourceCaseSettings[];
  /** The sources whose new rows can become cases. */
  openers?: string[];
}

type Maybe<T> = Promise<T | BadRequest>;
const RULES = '/api/caserules';
const SETTINGS = '/api/casesettings';
const seg = encodeURIComponent;

export const listRules = (sourceId: string, target?: ApiTarget): Maybe<{ rules: CaseRule[] }> => request('GET', `${RULES}?sourceId=${seg(sourceId)}`, { target });
export const ruleOptions = (sourceId: string, target?: ApiTarget): Maybe<RuleOptions> => request('GET', `${RULES}/options?sourceId=${seg(sourceId)}`, { target });
export const previewRule = (rule: CaseRuleInput, target?: ApiTarget): Maybe<RulePreview> => request('POST', `${RULES}/preview`, { json: rule, target });
export const createRule = (rule: CaseRuleInput, target?: ApiTarget): Maybe<CaseRule> => request('POST', RULES, { json: rule, target });
export const updateRule = (id: string, rule: CaseRuleInput, target?: ApiTarget): Maybe<CaseRule> => request('PUT', `${RULES}/${seg(id)}`, { json: rule, target });
export const switchRule = (id: string, enabled: boolean, target?: ApiTarget): Maybe<CaseRule> => request('PATCH', `${RULES}/${seg(id)}`, { json: { enabled }, target });
export const deleteRule = (id: string, target?: ApiTarget): Maybe<undefined> => request('DELETE', `${RULES}/${seg(id)}`, { target });

export const caseSettings = (target?: ApiTarget): Maybe<CaseSettings> => request('GET', SETTINGS, { target });
export const saveQueue = (queue: CaseQueue, target?: ApiTarget): Maybe<CaseQueue> => request('PUT', `${SETTINGS}/queues/${seg(queue.name)}`, { json: queue, target });
export const deleteQueue = (name: string, target?: ApiTarget): Maybe<undefined> => request('DELETE', `${SETTINGS}/queues/${seg(name)}`, { target });
export const saveSourceSettings = (s: SourceCaseSettings, target?: ApiTarget): Maybe<SourceCaseSettings> =>
  request('PUT', `${SETTINGS}/sources/${seg(s.sourceId)}`, { json: { rootCauses: s.rootCauses, recoverySurvey: s.recoverySurvey, suppressionDays: s.suppressionDays }, target });
