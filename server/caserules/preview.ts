import { dataTime, type Db } from '../db';
import { columnByKey, type Column, type SmartModule } from '../smartdata/schema';
import { ruleWhere } from './conditions';
import type { RuleInput } from './definition';
import type { Claim } from '../identity/users';
import { withTextJoin } from '../text/dimensions';

/** How far back a rule is tried before it is saved. */
export const PREVIEW_DAYS = 30;
const SAMPLE = 5;

/**
 * What a rule would have done over the last 30 days of its source: how many rows it takes (the
 * cases it would have opened, had it been on) and the newest few, with the fields its conditions
 * name, the date and the first comment field, by key. Counted and shown only among the rows the
 * caller's `claims` reach: an administrator restricted to a region learns nothing of another's.
 */
export async function previewRule(db: Db, module: SmartModule, rule: RuleInput, claims: Claim[] | null, now: Date) {
  const w = ruleWhere(module, rule, claims);
  const date = columnByKey(module, module.dateKey);
  if (date) w.add(`${date.column} >= CAST(${w.bind(new Date(now.getTime() - PREVIEW_DAYS * 86_400_000))} AS TIMESTAMP)`);
  const [count] = await db.query<{ n: number }>(withTextJoin(module, `SELECT count(*) AS n FROM ${module.table} ${w.sql}`), w.params);
  const matches = Number(count.n);
  const shown = new Map<string, Column>();
  for (const c of [module.columns.find((c) => c.column === module.idColumn && !c.isHidden), date, ...rule.conditions.map((x) => columnByKey(module, x.column)), module.columns.find((c) => c.role === 'verbatim' && !c.isHidden)]) {
    if (c) shown.set(c.key, c);
  }
  // The cleaned text of a comment (never its raw one), as the rule matched it.
  const select = [...shown.values()].map((c) => `${c.column} AS "${c.key}"`).join(', ') || `${module.idColumn} AS "Id"`;
  const order = date ? `ORDER BY ${date.column} DESC, ${module.idColumn} DESC` : '';
  const rows = await db.query(withTextJoin(module, `SELECT ${select} FROM ${module.table} ${w.sql} ${order} LIMIT ${SAMPLE}`), w.params);
  const sample = rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : dataTime(v)])));
  const restricted = !!claims && module.columns.some((c) => c.claimType && claims.some(([type]) => type === c.claimType));
  const message = `This rule would have opened ${matches.toLocaleString('en')} case${matches === 1 ? '' : 's'} in the last ${PREVIEW_DAYS} days${restricted ? ' among the rows your claims let you see' : ''}.`;
  return { days: PREVIEW_DAYS, matches, message, sample, columns: [...shown.values()].map((c) => ({ key: c.key, name: c.name })) };
}
