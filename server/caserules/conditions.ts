import { columnByKey, type Column, type SmartModule } from '../smartdata/schema';
import { BLANK, buildWhere, NO_INFO, type Where } from '../smartdata/where';
import type { Claim } from '../identity/users';
import type { Condition, RuleInput } from './definition';

/**
 * The fields a condition of each kind may name: a number (a score, an amount) to compare; a dimension,
 * driver or score of labels (Sentiment: positive, neutral, negative) to pick values of; a comment.
 */
export const fitsScore = (c: Column) => !c.isHidden && c.typeName === 'Number';
export const fitsValues = (c: Column) => !c.isHidden && (c.dimension === true || c.role === 'driver' || c.role === 'dimension' || (c.role === 'score' && c.typeName === 'String'));
export const fitsWords = (c: Column) => !c.isHidden && c.typeName === 'String' && (c.role === 'verbatim' || c.searchable === true);
const FITS: Record<Condition['kind'], (c: Column) => boolean> = { score: fitsScore, values: fitsValues, words: fitsWords };
const KIND_NAMES: Record<Condition['kind'], string> = { score: 'a number', values: 'a dimension or driver', words: 'a comment' };

/**
 * What is wrong with a rule's conditions against its source's schema, by field (`conditions.0.column`):
 * a key the source does not have, or a field of the wrong kind (the words of a number).
 */
export function conditionErrors(module: SmartModule, rule: RuleInput): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  rule.conditions.forEach((cond, i) => {
    const col = columnByKey(module, cond.column);
    if (!col) errors[`conditions.${i}.column`] = [`${module.name} has no field "${cond.column}".`];
    else if (!FITS[cond.kind](col)) {
      // "At most" of a label (Sentiment) compares no numbers: its values are what a rule picks.
      const instead = cond.kind === 'score' && fitsValues(col) ? ': choose among its values instead' : '';
      errors[`conditions.${i}.column`] = [`"${col.name}" is not ${KIND_NAMES[cond.kind]}${instead}.`];
    }
  });
  return errors;
}

/** LIKE's own characters, escaped with `!` (one escape character both engines read alike). */
const likeText = (word: string) => `%${word.toLowerCase().replace(/[!%_]/g, (ch) => `!${ch}`)}%`;

/**
 * A rule's conditions as SQL over its source's table, ANDed, with the module's own rows scope;
 * values are bound and columns come from the schema only (conditions were checked first). A rule
 * is applied to every new row (`claims` null); what a person is shown of it stays within their claims.
 */
export function ruleWhere(module: SmartModule, rule: RuleInput, claims: Claim[] | null = null): Where {
  // A list of values is a smart filter on its key: blanks and value matching as the filter bar's.
  const valueFilters = rule.conditions.flatMap((c) => (c.kind === 'values' ? c.values.map((v) => ({ filterKey: c.column, filterValue: v })) : []));
  const w = buildWhere(module, valueFilters, claims);
  for (const cond of rule.conditions) {
    const col = columnByKey(module, cond.column)!;
    if (cond.kind === 'score') {
      if (cond.atMost !== undefined) w.add(`${col.column} <= ${w.bind(cond.atMost)}`);
      if (cond.atLeast !== undefined) w.add(`${col.column} >= ${w.bind(cond.atLeast)}`);
    } else if (cond.kind === 'words') {
      w.add(`(${cond.words.map((word) => `lower(${col.column}) LIKE ${w.bind(likeText(word))} ESCAPE '!'`).join(' OR ')})`);
    }
  }
  return w;
}

/** A condition in words, for history entries and lists ("NPS ≤ 6 · Region is North · Comment mentions refund"). */
export function describeConditions(module: SmartModule, rule: RuleInput): string {
  if (!rule.conditions.length) return 'every new row';
  return rule.conditions
    .map((c) => {
      const name = columnByKey(module, c.column)?.name ?? c.column;
      if (c.kind === 'score') return [c.atLeast !== undefined ? `${name} ≥ ${c.atLeast}` : '', c.atMost !== undefined ? `${name} ≤ ${c.atMost}` : ''].filter(Boolean).join(' and ');
      if (c.kind === 'values') return `${name} is ${c.values.join(' or ')}`;
      return `${name} mentions ${c.words.join(' or ')}`;
    })
    .join(' · ');
}

/** A blank as the filter bar counts it: nothing, an empty text, or "(no info)". */
const isBlank = (v: unknown) => v === null || v === undefined || v === '' || v === NO_INFO;

/**
 * Whether a row (its values by column key) meets every condition of a rule: the same test as
 * `ruleWhere`'s SQL (a values condition as the filter bar's, case-insensitive, a blank by [Blank];
 * words as text anywhere in the comment, in any case), done in memory for the few rows a write adds.
 */
export function meets(rule: RuleInput, row: Record<string, unknown>): boolean {
  return rule.conditions.every((c) => {
    const v = row[c.column];
    if (c.kind === 'score') return v !== null && v !== undefined && (c.atMost === undefined || Number(v) <= c.atMost) && (c.atLeast === undefined || Number(v) >= c.atLeast);
    if (c.kind === 'values') return c.values.some((x) => (isBlank(x) || x === BLANK ? isBlank(v) : !isBlank(v) && String(v).toLowerCase() === x.toLowerCase()));
    const text = typeof v === 'string' ? v.toLowerCase() : '';
    return c.words.some((word) => text.includes(word.toLowerCase()));
  });
}
