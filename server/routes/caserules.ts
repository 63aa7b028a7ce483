import { Hono, type Context } from 'hono';
import type { Env } from '../context';
import { badRequest, notFound } from '../http/errors';
import { check, readBody, z } from '../http/validate';
import { sourcesOf } from '../datasources/registry';
import { rowsOf } from '../smartdata/rows';
import { caseWorkers, PROCESS_FLOW_ROLES } from '../processflow/people';
import type { SmartModule } from '../smartdata/schema';
import { buildWhere } from '../smartdata/where';
import type { Claim } from '../identity/users';
import { conditionErrors, fitsScore, fitsValues, fitsWords } from '../caserules/conditions';
import { queueInput, ruleInput, sourceSettingsInput, type RuleInput } from '../caserules/definition';
import { OPENERS } from '../caserules/openers';
import { previewRule } from '../caserules/preview';
import { createRule, deleteQueue, deleteRule, getRule, listQueues, listRules, listSourceSettings, putQueue, putSourceSettings, queueNamed, updateRule } from '../caserules/store';
import { displayNameOf } from '../identity/users';
import type { Db } from '../db';
import { SENTIMENT_LABELS } from '../text/dimensions';
import { recoveryQuestions, type SurveyDefinition } from '../../src/lib/survey-model';

/** Who writes case rules and queues: the portal's administrators. */
export const CASE_RULE_ROLES = ['GlobalAdmin', 'PortalAdmin'];

/** At most this many values of a field are offered as choices; a field with more takes typed values. */
const MAX_CHOICES = 100;

function sourceNamed(db: Db, id: string): SmartModule {
  const module = sourcesOf(db).get(id);
  if (!module) throw badRequest(`No data source "${id}".`, { sourceId: [`No data source "${id}".`] });
  return module;
}

/** A rule checked against its source's schema, its queue and its owner: every problem by field, as one 400. */
async function checkedRule(db: Db, input: RuleInput): Promise<SmartModule> {
  const module = sourceNamed(db, input.sourceId);
  const errors = conditionErrors(module, input);
  if (!(await queueNamed(db, input.queue))) errors.queue = [`No queue "${input.queue}".`];
  const o = input.owner;
  if (o.kind === 'user' && !(await caseWorkers(db)).some((w) => w.id === o.userId)) errors['owner.userId'] = ['That user does not work cases.'];
  if (o.kind === 'role' && !PROCESS_FLOW_ROLES.includes(o.role)) errors['owner.role'] = [`Cases go to ${PROCESS_FLOW_ROLES.join(' or ')}.`];
  if (o.kind === 'group' && !(await db.query('SELECT 1 AS found FROM groups WHERE id = $1', [o.groupId])).length) errors['owner.groupId'] = ['No such group.'];
  const fields = Object.keys(errors);
  if (fields.length) throw badRequest(errors[fields[0]][0], errors);
  return module;
}

/** The values a dimension holds (a few) among the module's rows the caller's claims reach, for choosing in a condition. */
async function choicesOf(db: Db, module: SmartModule, column: string, claims: Claim[] | null): Promise<string[] | undefined> {
  const w = buildWhere(module, [], claims);
  w.add(`${column} IS NOT NULL`);
  const rows = await rowsOf(db, module).query<{ v: unknown }>(`SELECT DISTINCT CAST(${column} AS VARCHAR) AS v FROM ${module.table} ${w.sql} ORDER BY 1 LIMIT ${MAX_CHOICES + 1}`, w.params);
  return rows.length > MAX_CHOICES ? undefined : rows.map((r) => String(r.v));
}

/** The claims a rule's preview and choices are read under: the caller's, unless the source drops claims. */
const claimsOn = (c: Context<Env>, module: SmartModule) => (module.ignoreClaims ? null : c.var.user.claims);

const idParam = z.object({ id: z.string().min(1).max(100) });
const sourceQuery = z.object({ sourceId: z.string().min(1).max(100).optional() });
const who = (c: Context<Env>) => displayNameOf(c.var.deps.db, c.var.user);

/** Case rules (docs/api.md, "Case rules"): per data source, tried on every new row once. */
export const caseRuleRoutes = new Hono<Env>()
  .get('/', async (c) => {
    const { sourceId } = check(sourceQuery, c.req.query());
    return c.json({ rules: await listRules(c.var.deps.db, sourceId) });
  })
  .get('/options', async (c) => {
    const { db } = c.var.deps;
    const { sourceId } = check(sourceQuery, c.req.query());
    const module = sourceNamed(db, sourceId ?? '');
    const fitting = module.columns.filter((col) => fitsScore(col) || fitsValues(col) || fitsWords(col));
    const columns = await Promise.all(fitting.map(async (col) => ({
      key: col.key, name: col.name, role: col.role ?? (col.dimension ? 'dimension' : 'attribute'), typeName: col.typeName,
      ...(col.score ? { score: col.score } : {}),
      // Sentiment's three labels, offered before the comments are read (choices from rows would be none yet).
      ...(fitsValues(col) ? { values: col.derived === 'text' && col.typeName === 'String' ? [...SENTIMENT_LABELS] : await choicesOf(db, module, col.column, claimsOn(c, module)) } : {}),
      fits: { score: fitsScore(col), values: fitsValues(col), words: fitsWords(col) },
    })));
    const [queues, workers, groups] = await Promise.all([listQueues(db), caseWorkers(db), db.query<{ id: string; name: string }>('SELECT id, name FROM groups ORDER BY name')]);
    return c.json({
      columns, queues: queues.map((q) => q.name), users: workers.map((w) => ({ id: w.id, name: w.fullName, role: w.role, detail: w.detail })),
      roles: PROCESS_FLOW_ROLES, groups, casesOpen: OPENERS.has(module.moduleId),
    });
  })
  .post('/preview', async (c) => {
    const input = await readBody(c, ruleInput);
    const module = await checkedRule(c.var.deps.db, input);
    return c.json(await previewRule(c.var.deps.db, module, input, claimsOn(c, module), c.var.deps.now()));
  })
  .post('/', async (c) => {
    const input = await readBody(c, ruleInput);
    await checkedRule(c.var.deps.db, input);
    return c.json(await createRule(c.var.deps.db, input, await who(c), c.var.deps.now()), 201);
  })
  .put('/:id', async (c) => {
    const { id } = check(idParam, c.req.param());
    const input = await readBody(c, ruleInput);
    await checkedRule(c.var.deps.db, input);
    return c.json(await updateRule(c.var.deps.db, id, input, await who(c), c.var.deps.now()));
  })
  .patch('/:id', async (c) => {
    const { id } = check(idParam, c.req.param());
    const { enabled } = await readBody(c, z.object({ enabled: z.boolean() }));
    const rule = await getRule(c.var.deps.db, id);
    return c.json(await updateRule(c.var.deps.db, id, { ...rule, enabled }, await who(c), c.var.deps.now()));
  })
  .delete('/:id', async (c) => {
    await deleteRule(c.var.deps.db, check(idParam, c.req.param()).id);
    return c.body(null, 204);
  });

const queueName = z.object({ name: z.string().min(1).max(100) });

/** The queues' deadlines and calendars, and each source's root causes and recovery survey. */
export const caseSettingsRoutes = new Hono<Env>()
  .get('/', async (c) => {
    const { db } = c.var.deps;
    return c.json({ queues: await listQueues(db), sources: await listSourceSettings(db, [...sourcesOf(db).keys()]), openers: [...OPENERS.keys()] });
  })
  .put('/queues/:name', async (c) => {
    const { name } = check(queueName, c.req.param());
    const queue = await readBody(c, queueInput);
    if (queue.name !== name) throw badRequest('The queue in the body is not the one of the address.', { name: ['The queue in the body is not the one of the address.'] });
    return c.json(await putQueue(c.var.deps.db, queue, c.var.deps.now()));
  })
  .delete('/queues/:name', async (c) => {
    await deleteQueue(c.var.deps.db, check(queueName, c.req.param()).name);
    return c.body(null, 204);
  })
  .put('/sources/:sourceId', async (c) => {
    const { db } = c.var.deps;
    const { sourceId } = check(z.object({ sourceId: z.string().min(1).max(100) }), c.req.param());
    if (!sourcesOf(db).has(sourceId)) throw notFound(`No data source "${sourceId}".`);
    const input = await readBody(c, sourceSettingsInput);
    if (input.recoverySurvey !== null) {
      const [survey] = await db.query<{ definition: string; published: string | null }>('SELECT definition, published FROM surveys WHERE shortcode = $1', [input.recoverySurvey]);
      const refuse = (message: string) => badRequest(message, { recoverySurvey: [message] });
      if (!survey) throw refuse(`No survey "${input.recoverySurvey}".`);
      // Its answer is the case's recovery score: the survey must ask one (what it asks in public, else its draft).
      const asked = JSON.parse(survey.published ?? survey.definition) as { definition?: SurveyDefinition } & SurveyDefinition;
      if (!recoveryQuestions(asked.definition ?? asked).score) throw refuse('A recovery survey asks an NPS or star rating question: its answer is the case\'s recovery score.');
    }
    return c.json(await putSourceSettings(db, sourceId, input, c.var.deps.now()));
  });
