import type { TFunction } from 'i18next';
import type { CaseRule, CaseRuleInput, Condition, Owner, Priority, RuleColumn, RuleOptions } from '../api/caserules';

/** What a condition tests follows from its column: a score, values of a dimension or driver, words of a comment. */
export type ConditionKind = Condition['kind'];
export const CONDITION_KINDS: readonly ConditionKind[] = ['score', 'values', 'words'];

/** A condition as typed: numbers and lists stay text until the rule is sent. */
export interface ConditionDraft {
  column: string;
  kind: ConditionKind;
  atMost: string;
  atLeast: string;
  /** Values ticked among the column's known values. */
  values: string[];
  /** Words, or values of a column without known values, separated by commas. */
  text: string;
}

export interface RuleDraft {
  name: string;
  enabled: boolean;
  conditions: ConditionDraft[];
  queue: string;
  /** The owner as one select value: `none`, `user:<id>`, `role:<role>` or `group:<id>`. */
  owner: string;
  priority: Priority;
}

/** The kind a column's condition takes at first: its role's, else the first it fits (a score of labels, Sentiment, takes values). */
function roleKind(column: RuleColumn): ConditionKind | undefined {
  if (column.role === 'score') return column.typeName === 'Number' ? 'score' : 'values';
  if (column.role === 'dimension' || column.role === 'driver') return 'values';
  if (column.role === 'verbatim') return 'words';
  return column.typeName === 'Number' ? 'score' : undefined;
}

/** The kinds of condition a column may take: as the server says (`fits`), else by its role. */
export function kindsOf(column: RuleColumn | undefined): ConditionKind[] {
  if (!column) return [];
  if (column.fits) return CONDITION_KINDS.filter((k) => column.fits![k]);
  const kind = roleKind(column);
  return kind ? [kind] : [];
}

export function kindOf(column: RuleColumn | undefined): ConditionKind | undefined {
  const kinds = kindsOf(column);
  const preferred = column && roleKind(column);
  return preferred && kinds.includes(preferred) ? preferred : kinds[0];
}

/** The columns a condition may test, by kind. */
export const usableColumns = (columns: RuleColumn[]) => columns.filter((c) => kindsOf(c).length);

const blank = (column: string, kind: ConditionKind): ConditionDraft => ({ column, kind, atMost: '', atLeast: '', values: [], text: '' });

/** A new condition on `column`, of the kind given or the column's first. */
export const emptyCondition = (column: RuleColumn | undefined, kind = kindOf(column) ?? 'values'): ConditionDraft => blank(column?.key ?? '', kind);

/** A list typed with commas, trimmed, without empty entries. */
export const splitList = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export const ownerValue = (o: Owner): string => (o.kind === 'user' ? `user:${o.userId}` : o.kind === 'role' ? `role:${o.role}` : o.kind === 'group' ? `group:${o.groupId}` : 'none');

export function ownerOf(value: string): Owner {
  const at = value.indexOf(':');
  const kind = at < 0 ? value : value.slice(0, at);
  const rest = value.slice(at + 1);
  if (kind === 'user') return { kind, userId: rest };
  if (kind === 'role') return { kind, role: rest };
  if (kind === 'group') return { kind, groupId: rest };
  return { kind: 'none' };
}

export const newDraft = (options: RuleOptions): RuleDraft => ({
  name: '',
  enabled: true,
  conditions: [],
  queue: options.queues[0] ?? '',
  owner: 'none',
  priority: 'Normal',
});

export function draftOf(rule: CaseRule): RuleDraft {
  return {
    name: rule.name,
    enabled: rule.enabled,
    queue: rule.queue,
    owner: ownerValue(rule.owner),
    priority: rule.priority,
    conditions: rule.conditions.map((c) => ({
      ...blank(c.column, c.kind),
      ...(c.kind === 'score' ? { atMost: c.atMost === undefined ? '' : String(c.atMost), atLeast: c.atLeast === undefined ? '' : String(c.atLeast) } : {}),
      ...(c.kind === 'values' ? { values: c.values, text: c.values.join(', ') } : {}),
      ...(c.kind === 'words' ? { text: c.words.join(', ') } : {}),
    })),
  };
}

const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text));

function conditionOf(d: ConditionDraft, column: RuleColumn | undefined): Condition {
  const { kind } = d;
  if (kind === 'score') {
    const atMost = numberOf(d.atMost);
    const atLeast = numberOf(d.atLeast);
    return { kind, column: d.column, ...(atMost === undefined ? {} : { atMost }), ...(atLeast === undefined ? {} : { atLeast }) };
  }
  if (kind === 'words') return { kind, column: d.column, words: splitList(d.text) };
  return { kind, column: d.column, values: column?.values?.length ? d.values : splitList(d.text) };
}

/** The rule as the server takes it (POST, PUT and the preview). */
export function inputOf(d: RuleDraft, sourceId: string, columns: RuleColumn[]): CaseRuleInput {
  return {
    sourceId,
    name: d.name.trim(),
    enabled: d.enabled,
    conditions: d.conditions.map((c) => conditionOf(c, columns.find((x) => x.key === c.column))),
    queue: d.queue,
    owner: ownerOf(d.owner),
    priority: d.priority,
  };
}

function list(lang: string, items: string[], type: 'disjunction' | 'conjunction' = 'disjunction') {
  try {
    return new Intl.ListFormat(lang, { type }).format(items);
  } catch {
    return new Intl.ListFormat('en', { type }).format(items);
  }
}

/** A rule's conditions in words: "NPS ≤ 6 · Region is North · Comment mentions refund". */
export function describeConditions(conditions: Condition[], columns: RuleColumn[], t: TFunction, lang: string): string {
  if (!conditions.length) return t('caseRules.describe.every');
  const name = (key: string) => columns.find((c) => c.key === key)?.name ?? key;
  return conditions
    .map((c) => {
      const field = name(c.column);
      if (c.kind === 'values') return t('caseRules.describe.values', { field, values: list(lang, c.values) });
      if (c.kind === 'words') return t('caseRules.describe.words', { field, words: list(lang, c.words) });
      if (c.atMost !== undefined && c.atLeast !== undefined) return t('caseRules.describe.between', { field, from: c.atLeast, to: c.atMost });
      if (c.atMost !== undefined) return t('caseRules.describe.atMost', { field, value: c.atMost });
      return t('caseRules.describe.atLeast', { field, value: c.atLeast });
    })
    .join(' · ');
}

export function describeOwner(owner: Owner, options: Pick<RuleOptions, 'users' | 'groups'>, t: TFunction): string {
  if (owner.kind === 'user') return options.users.find((u) => u.id === owner.userId)?.name ?? owner.userId;
  if (owner.kind === 'role') return t('caseRules.owner.role', { role: owner.role });
  if (owner.kind === 'group') return t('caseRules.owner.group', { group: options.groups.find((g) => g.id === owner.groupId)?.name ?? owner.groupId });
  return t('caseRules.owner.none');
}

/** The form's fields a server error may name; any other key is shown with the form as a whole. */
const CONDITION_FIELDS = ['column', 'atMost', 'atLeast', 'values', 'words'];

/**
 * Where a field error of the server (`conditions.0.atMost`, `owner.userId`, `name`) is shown:
 * beside that control, the condition, the owner, or the form (`_`).
 */
export function ruleErrorPlace(key: string): string {
  const path = key.replace(/\[(\d+)\]/g, '.$1');
  if (['name', 'queue', 'priority', 'conditions'].includes(path)) return path;
  if (path.startsWith('owner')) return 'owner';
  const m = /^conditions\.(\d+)(?:\.(\w+))?/.exec(path);
  if (m) return m[2] && CONDITION_FIELDS.includes(m[2]) ? `conditions.${m[1]}.${m[2]}` : `conditions.${m[1]}`;
  return '_';
}
