import { dataTime, type Db, type Queryable } from '../db';
import { badRequest, notFound } from '../http/errors';
import { inTurn } from '../db/turns';
import type { CaseQueue, CaseRule, RuleInput, SourceSettingsInput } from './definition';

interface RuleRow {
  id: string;
  source_id: string;
  name: string;
  enabled: boolean;
  definition: string;
  created_at: Date;
  updated_at: Date;
  updated_by: string;
}

const toRule = (r: RuleRow): CaseRule => ({
  ...(JSON.parse(r.definition) as RuleInput),
  id: r.id, sourceId: r.source_id, name: r.name, enabled: Boolean(r.enabled),
  createdAt: String(dataTime(r.created_at)), updatedAt: String(dataTime(r.updated_at)), updatedBy: r.updated_by,
});

/** The rules, of one source or all, in the order they are tried (the oldest first). */
export async function listRules(q: Queryable, sourceId?: string): Promise<CaseRule[]> {
  const rows = await q.query<RuleRow & Record<string, unknown>>(
    `SELECT * FROM case_rules ${sourceId ? 'WHERE source_id = $1' : ''} ORDER BY created_at, id`,
    sourceId ? [sourceId] : [],
  );
  return rows.map(toRule);
}

export async function getRule(q: Queryable, id: string): Promise<CaseRule> {
  const [row] = await q.query<RuleRow & Record<string, unknown>>('SELECT * FROM case_rules WHERE id = $1', [id]);
  if (!row) throw notFound('No such case rule.');
  return toRule(row);
}

/** At most this many rules per source: each new row is tried against every one. */
export const MAX_RULES = 50;

export async function createRule(db: Db, input: RuleInput, userName: string, now: Date): Promise<CaseRule> {
  const id = crypto.randomUUID();
  await db.tx(async (q) => {
    await inTurn(db, q, `case-rules:${input.sourceId}`);
    const [n] = await q.query<{ n: number }>('SELECT count(*) AS n FROM case_rules WHERE source_id = $1', [input.sourceId]);
    if (Number(n.n) >= MAX_RULES) throw badRequest(`A data source has at most ${MAX_RULES} case rules.`);
    await q.query(
      'INSERT INTO case_rules (id, source_id, name, enabled, definition, created_at, created_by, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5, CAST($6 AS TIMESTAMP), $7, CAST($6 AS TIMESTAMP), $7)',
      [id, input.sourceId, input.name, input.enabled, JSON.stringify(input), now, userName],
    );
  });
  return getRule(db, id);
}

export async function updateRule(db: Db, id: string, input: RuleInput, userName: string, now: Date): Promise<CaseRule> {
  const before = await getRule(db, id);
  if (before.sourceId !== input.sourceId) throw badRequest('A rule stays with its data source: write a new rule for another.');
  await db.query('UPDATE case_rules SET name = $2, enabled = $3, definition = $4, updated_at = CAST($5 AS TIMESTAMP), updated_by = $6 WHERE id = $1', [
    id, input.name, input.enabled, JSON.stringify(input), now, userName,
  ]);
  return getRule(db, id);
}

export async function deleteRule(db: Db, id: string): Promise<void> {
  await getRule(db, id);
  await db.tx(async (q) => {
    await q.query('DELETE FROM case_rule_turns WHERE rule_id = $1', [id]);
    await q.query('DELETE FROM case_rules WHERE id = $1', [id]);
  });
}

/** The queues, by name. */
export async function listQueues(q: Queryable): Promise<CaseQueue[]> {
  const rows = await q.query<{ definition: string }>('SELECT definition FROM case_queues ORDER BY name');
  return rows.map((r) => JSON.parse(r.definition) as CaseQueue);
}

export async function queueNamed(q: Queryable, name: string): Promise<CaseQueue | undefined> {
  const [row] = await q.query<{ definition: string }>('SELECT definition FROM case_queues WHERE name = $1', [name]);
  return row && (JSON.parse(row.definition) as CaseQueue);
}

export const MAX_QUEUES = 50;

export async function putQueue(db: Db, queue: CaseQueue, now: Date): Promise<CaseQueue> {
  await db.tx(async (q) => {
    await inTurn(db, q, 'case-queues');
    const updated = await q.query('UPDATE case_queues SET definition = $2, updated_at = CAST($3 AS TIMESTAMP) WHERE name = $1 RETURNING name', [queue.name, JSON.stringify(queue), now]);
    if (updated.length) return;
    const [n] = await q.query<{ n: number }>('SELECT count(*) AS n FROM case_queues');
    if (Number(n.n) >= MAX_QUEUES) throw badRequest(`The portal has at most ${MAX_QUEUES} queues.`);
    await q.query('INSERT INTO case_queues (name, definition, updated_at) VALUES ($1, $2, CAST($3 AS TIMESTAMP))', [queue.name, JSON.stringify(queue), now]);
  });
  return queue;
}

export async function deleteQueue(db: Db, name: string): Promise<void> {
  if (!(await queueNamed(db, name))) throw notFound('No such queue.');
  const users = (await listRules(db)).filter((r) => r.queue === name);
  if (users.length) throw badRequest(`The queue "${name}" is used by the rule${users.length > 1 ? 's' : ''} ${users.map((r) => `"${r.name}"`).join(', ')}: give ${users.length > 1 ? 'them' : 'it'} another queue first.`);
  await db.query('DELETE FROM case_queues WHERE name = $1', [name]);
}

export interface SourceCaseSettings extends SourceSettingsInput {
  sourceId: string;
}

/** What a source's cases close with; a source never set has no root causes yet and a 30-day window. */
export async function sourceSettings(q: Queryable, sourceId: string): Promise<SourceCaseSettings> {
  const [row] = await q.query<{ root_causes: string; recovery_survey: string | null; suppression_days: number }>(
    'SELECT root_causes, recovery_survey, suppression_days FROM case_source_settings WHERE source_id = $1',
    [sourceId],
  );
  return row
    ? { sourceId, rootCauses: JSON.parse(row.root_causes) as string[], recoverySurvey: row.recovery_survey, suppressionDays: Number(row.suppression_days) }
    : { sourceId, rootCauses: [], recoverySurvey: null, suppressionDays: 30 };
}

export async function listSourceSettings(q: Queryable, sourceIds: string[]): Promise<SourceCaseSettings[]> {
  return Promise.all(sourceIds.map((id) => sourceSettings(q, id)));
}

export async function putSourceSettings(db: Db, sourceId: string, s: SourceSettingsInput, now: Date): Promise<SourceCaseSettings> {
  await db.tx(async (q) => {
    const params = [sourceId, JSON.stringify(s.rootCauses), s.recoverySurvey, s.suppressionDays, now];
    const updated = await q.query('UPDATE case_source_settings SET root_causes = $2, recovery_survey = $3, suppression_days = $4, updated_at = CAST($5 AS TIMESTAMP) WHERE source_id = $1 RETURNING source_id', params);
    if (!updated.length) await q.query('INSERT INTO case_source_settings (source_id, root_causes, recovery_survey, suppression_days, updated_at) VALUES ($1, $2, $3, $4, CAST($5 AS TIMESTAMP))', params);
  });
  return sourceSettings(db, sourceId);
}
