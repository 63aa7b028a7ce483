import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessWithUsers, type Harness } from './harness';
import { addWorkingHours } from '../../../server/caserules/calendar';
import { openCasesByRules } from '../../../server/caserules/apply';
import { sourcesOf } from '../../../server/datasources/registry';
import { surveyAt } from './survey-answers';
import { requestPass } from '../../../server/text/progress';
import { runPasses } from '../../../server/text/worker';

let h: Harness;
let admin: string;
let user: string;
let system: string;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A detractor rule of the North mentioning a word, to a colleague, as the administrators' form sends it. */
const northRule = (over: object = {}) => ({
  sourceId: 'responses', name: 'North refunds', enabled: true, queue: 'Customer care', priority: 'High', owner: { kind: 'user', userId: 'u-portaluser' },
  conditions: [{ kind: 'score', column: 'NPS', atMost: 6 }, { kind: 'values', column: 'Region', values: ['North'] }, { kind: 'words', column: 'Verbatim', words: ['refund'] }],
  ...over,
});

/** A published survey reporting to the responses under a store of a region, and how to answer it. */
const surveyFor = (store: string) => surveyAt(h, store);
const caseOfResponse = async (id: number) => (await h.db.query<Record<string, unknown>>("SELECT * FROM cases WHERE module_id = 'cases' AND source_object_id = $1", [id]))[0];
const storeIn = async (region: string) => (await h.db.query<{ store: string }>('SELECT store FROM responses WHERE region = $1 ORDER BY store LIMIT 1', [region]))[0].store;

beforeAll(async () => {
  ({ h, user } = await harnessWithUsers(2000));
  admin = await h.signIn('portaladmin@demo.cx');
  system = await h.signIn('system@demo.cx');
});
afterAll(() => h.close());

describe('working hours', () => {
  const calendar = { days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00', timeZone: 'Europe/Berlin' };
  it('counts only the calendar’s days and hours, in its zone', () => {
    // Friday 16:00 in Berlin (15:00 UTC) with 2 working hours: Monday 10:00 Berlin.
    expect(addWorkingHours(new Date('2026-11-20T15:00:00Z'), 2, calendar).toISOString()).toBe('2026-11-23T09:00:00.000Z');
    // Saturday night, 8 hours: the whole of Monday.
    expect(addWorkingHours(new Date('2026-11-21T22:00:00Z'), 8, calendar).toISOString()).toBe('2026-11-23T16:00:00.000Z');
    // Across the change to summer time (29 March 2026): 9:00 Berlin is 08:00 UTC before and 07:00 UTC after.
    expect(addWorkingHours(new Date('2026-03-27T15:00:00Z'), 2, calendar).toISOString()).toBe('2026-03-30T08:00:00.000Z');
  });
});

describe('case rules', () => {
  it('are written by administrators only, checked against the source’s schema, and previewed over the last 30 days', async () => {
    expect((await h.call('POST', '/api/caserules/preview', { token: user, body: northRule() })).status).toBe(403);
    const bad = await h.call('POST', '/api/caserules', { token: admin, body: northRule({ conditions: [{ kind: 'words', column: 'NPS', words: ['x'] }, { kind: 'values', column: 'CustomerEmail', values: ['a@b.c'] }, { kind: 'score', column: 'nps; DROP TABLE cases', atMost: 1 }] }) });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      'conditions.0.column': ['"Likelihood to recommend" is not a comment.'],
      'conditions.1.column': ['Survey responses has no field "CustomerEmail".'],
      'conditions.2.column': ['Survey responses has no field "nps; DROP TABLE cases".'],
    });
    expect((await h.call('POST', '/api/caserules', { token: admin, body: northRule({ queue: 'Nowhere' }) })).body.errors).toEqual({ queue: ['No queue "Nowhere".'] });
    expect((await h.call('POST', '/api/caserules', { token: admin, body: northRule({ owner: { kind: 'user', userId: 'u-surveyeditor' } }) })).body.errors).toEqual({ 'owner.userId': ['That user does not work cases.'] });

    // The preview counts what the rule takes among the last 30 days' rows: the same as SQL says.
    const since = new Date(h.clock.now.getTime() - 30 * DAY);
    const detractors = { ...northRule(), conditions: northRule().conditions.slice(0, 2) };
    const preview = (await h.call('POST', '/api/caserules/preview', { token: admin, body: detractors })).body;
    const [row] = await h.db.query<{ n: number }>("SELECT count(*) AS n FROM responses WHERE nps <= 6 AND region = 'North' AND response_date >= CAST($1 AS TIMESTAMP)", [since]);
    expect(Number(row.n)).toBeGreaterThan(0);
    expect(preview).toMatchObject({ days: 30, matches: Number(row.n), message: `This rule would have opened ${Number(row.n).toLocaleString('en')} cases in the last 30 days.` });
    expect(preview.sample.length).toBe(Math.min(5, Number(row.n)));
    for (const r of preview.sample) expect(r).toMatchObject({ Region: 'North', NPS: expect.any(Number) });
    // Words are matched as text, never as a pattern: % and _ match themselves.
    expect((await h.call('POST', '/api/caserules/preview', { token: admin, body: northRule({ conditions: [{ kind: 'words', column: 'Verbatim', words: ['%'] }] }) })).body.matches).toBe(0);
  });

  it('open a case for a new answer through the public survey: its queue, owner, priority, deadlines and history; never twice', async () => {
    const created = await h.call('POST', '/api/caserules', { token: admin, body: northRule() });
    expect(created.status).toBe(201);
    const answerNorth = await surveyFor(await storeIn('North'));
    const answerSouth = await surveyFor(await storeIn('South'));

    const id = await answerNorth(2, 'I want a REFUND for the broken kettle');
    const c = await caseOfResponse(id);
    expect(c).toMatchObject({ state: 'Assigned', queue_name: 'Customer care', priority: 'High', rule_name: 'North refunds', allocated_to_user_id: 'u-portaluser', allocated_by_user_name: 'Case rules' });
    // The clock: the harness's now is Friday 2026-11-20 12:00 UTC; Customer care counts Monday to Friday 9-17 UTC (High: 4 and 16 hours).
    expect(new Date(c.first_response_due_at as Date).toISOString()).toBe('2026-11-20T16:00:00.000Z');
    expect(new Date(c.resolution_due_at as Date).toISOString()).toBe('2026-11-24T12:00:00.000Z');
    const history = (await h.call('GET', `/api/processflow/cases/processFlowObjectHistory/${c.pfo_id}`, { token: user })).body;
    expect(history).toEqual([expect.objectContaining({ actionName: 'Open case', userName: 'Case rules', toState: 'Assigned', comment: 'Opened by the rule "North refunds": Likelihood to recommend ≤ 6 · Region is North · Comment mentions refund.' })]);
    const [note] = await h.db.query<{ text: string }>("SELECT text FROM notifications WHERE user_id = 'u-portaluser' AND kind = 'assignment' ORDER BY created_at DESC LIMIT 1");
    expect(note.text).toBe(`The rule "North refunds" gave you case ${id}.`);

    // Not the rule's: a promoter, a detractor without the word, the same in the South.
    expect(await caseOfResponse(await answerNorth(9, 'Refund was quick, thanks'))).toBeUndefined();
    expect(await caseOfResponse(await answerNorth(3, 'The queue was long'))).toBeUndefined();
    expect(await caseOfResponse(await answerSouth(1, 'refund please'))).toBeUndefined();
    // A row is tried once: asking again opens nothing more.
    const responses = sourcesOf(h.db).get('responses')!;
    expect(await h.db.tx((q) => openCasesByRules(q, responses, [id], h.clock.now))).toEqual([]);
    expect((await h.db.query("SELECT pfo_id FROM cases WHERE module_id = 'cases' AND source_object_id = $1", [id])).length).toBe(1);

    // Switched off, the rule opens nothing.
    expect((await h.call('PATCH', `/api/caserules/${created.body.id}`, { token: admin, body: { enabled: false } })).body.enabled).toBe(false);
    expect(await caseOfResponse(await answerNorth(0, 'refund!'))).toBeUndefined();
    expect((await h.call('DELETE', `/api/caserules/${created.body.id}`, { token: admin })).status).toBe(204);
  });

  it('give cases in turn to the members of a group who may open them', async () => {
    const rule = await h.call('POST', '/api/caserules', { token: admin, body: northRule({ name: 'Regional turns', conditions: [{ kind: 'score', column: 'NPS', atMost: 1 }], owner: { kind: 'group', groupId: 'g-regional' } }) });
    expect(rule.status).toBe(201);
    const north = await surveyFor(await storeIn('North'));
    const south = await surveyFor(await storeIn('South'));
    const owners = [];
    for (const answer of [north, north, north]) owners.push((await caseOfResponse(await answer(0, 'bad')))!.allocated_to_user_id);
    expect(owners).toEqual(['u-north', 'u-portaluser', 'u-north']);
    // The North manager may not open a South case: the turn passes to who may.
    expect((await caseOfResponse(await south(0, 'bad')))!.allocated_to_user_id).toBe('u-portaluser');
    await h.call('DELETE', `/api/caserules/${rule.body.id}`, { token: admin });
  });
});

describe('case rules on the sentiment of comments', () => {
  const answerAnywhere = async () => surveyFor(await storeIn('North'));
  const analysisOf = async (id: number) =>
    (await h.db.query<{ sentiment: string; score: number }>("SELECT sentiment, score FROM text_analysis WHERE source_id = 'responses' AND row_key = $1", [String(id)]))[0];
  const since = () => new Date(h.clock.now.getTime() - 30 * DAY);
  const countWhere = async (condition: string) =>
    Number((await h.db.query<{ n: number }>(
      `SELECT count(*) AS n FROM responses r JOIN text_analysis a ON a.source_id = 'responses' AND a.row_key = CAST(r.id AS VARCHAR) WHERE ${condition} AND r.response_date >= CAST($1 AS TIMESTAMP)`,
      [since()],
    ))[0].n);
  const unhappy = { name: 'Unhappy comments', owner: { kind: 'none' }, conditions: [{ kind: 'values', column: 'Sentiment', values: ['negative'] }] };
  const veryUnhappy = { name: 'Very unhappy comments', owner: { kind: 'none' }, conditions: [{ kind: 'score', column: 'SentimentScore', atMost: -0.3 }] };

  beforeAll(async () => {
    // The seeded comments read by the background pass, as a running portal does.
    await requestPass(h.db, 'responses', h.clock.now);
    await runPasses(h.db);
  });

  it('offer Sentiment as values (its three labels) and SentimentScore as a score from -1 to 1; "at most" of the label is refused naming it', async () => {
    const { columns } = (await h.call('GET', '/api/caserules/options?sourceId=responses', { token: admin })).body;
    expect(columns.find((c: { key: string }) => c.key === 'Sentiment')).toMatchObject({ values: ['positive', 'neutral', 'negative'], fits: { score: false, values: true, words: false } });
    expect(columns.find((c: { key: string }) => c.key === 'SentimentScore')).toMatchObject({ score: { kind: 'Sentiment', min: -1, max: 1 }, fits: { score: true, values: false, words: false } });
    const bad = await h.call('POST', '/api/caserules', { token: admin, body: northRule({ conditions: [{ kind: 'score', column: 'Sentiment', atMost: 0 }] }) });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ 'conditions.0.column': ['"Sentiment" is not a number: choose among its values instead.'] });
    expect((await h.call('POST', '/api/caserules/preview', { token: admin, body: northRule({ conditions: [{ kind: 'score', column: 'Sentiment', atLeast: 1 }] }) })).status).toBe(400);
  });

  it('"Sentiment is negative" previews the negative comments of 30 days and opens a case for a negative answer only', async () => {
    const preview = (await h.call('POST', '/api/caserules/preview', { token: admin, body: northRule(unhappy) })).body;
    const negative = await countWhere("a.sentiment = 'negative'");
    expect(negative).toBeGreaterThan(0);
    expect(preview.matches).toBe(negative);
    for (const r of preview.sample) expect(r.Sentiment).toBe('negative');

    const rule = await h.call('POST', '/api/caserules', { token: admin, body: northRule(unhappy) });
    expect(rule.status).toBe(201);
    const answer = await answerAnywhere();
    const bad = await answer(8, 'Terrible service, the staff were rude and my delivery was delayed twice');
    expect((await analysisOf(bad)).sentiment).toBe('negative');
    expect(await caseOfResponse(bad)).toMatchObject({ rule_name: 'Unhappy comments', queue_name: 'Customer care' });
    const good = await answer(2, 'Wonderful staff, really friendly and helpful');
    expect((await analysisOf(good)).sentiment).toBe('positive');
    expect(await caseOfResponse(good)).toBeUndefined();
    await h.call('DELETE', `/api/caserules/${rule.body.id}`, { token: admin });
  });

  it('"SentimentScore at most -0.3" previews the comments scored so and opens a case for such an answer only', async () => {
    const preview = (await h.call('POST', '/api/caserules/preview', { token: admin, body: northRule(veryUnhappy) })).body;
    const low = await countWhere('a.score <= -0.3');
    expect(low).toBeGreaterThan(0);
    expect(preview.matches).toBe(low);
    for (const r of preview.sample) expect(r.SentimentScore).toBeLessThanOrEqual(-0.3);

    const rule = await h.call('POST', '/api/caserules', { token: admin, body: northRule(veryUnhappy) });
    expect(rule.status).toBe(201);
    const answer = await answerAnywhere();
    const awful = await answer(9, 'Awful, terrible experience: the kettle arrived broken and they refused a refund. Never again.');
    expect(Number((await analysisOf(awful)).score)).toBeLessThanOrEqual(-0.3);
    expect(await caseOfResponse(awful)).toMatchObject({ rule_name: 'Very unhappy comments' });
    const calm = await answer(1, 'I picked up a parcel at the counter on Tuesday');
    expect(Number((await analysisOf(calm)).score)).toBeGreaterThan(-0.3);
    expect(await caseOfResponse(calm)).toBeUndefined();
    await h.call('DELETE', `/api/caserules/${rule.body.id}`, { token: admin });
  });
});

describe('case settings', () => {
  it('take as recovery survey only one that asks a score, and keep the root causes unique', async () => {
    const token = await h.signIn('surveyeditor@demo.cx');
    const created = (await h.call('POST', '/api/surveys', { token, body: { title: 'Only words' } })).body;
    const questions = [{ id: 'why', kind: 'text', required: false, text: { en: 'Anything else?' } }];
    expect((await h.call('PUT', `/api/surveys/${created.shortcode}`, { token, body: { version: created.version, settings: created.settings, definition: { ...created.definition, questions } } })).status).toBe(200);
    const put = (body: object) => h.call('PUT', '/api/casesettings/sources/responses', { token: admin, body: { rootCauses: ['Price'], suppressionDays: 30, ...body } });
    expect((await put({ recoverySurvey: created.shortcode })).body.errors).toEqual({ recoverySurvey: ["A recovery survey asks an NPS or star rating question: its answer is the case's recovery score."] });
    expect((await put({ recoverySurvey: 'nope' })).body.errors).toEqual({ recoverySurvey: ['No survey "nope".'] });
    expect((await put({ rootCauses: ['Price', 'price'], recoverySurvey: null })).status).toBe(400);
    expect((await h.call('PUT', '/api/casesettings/sources/responses', { token: user, body: { rootCauses: [], recoverySurvey: null, suppressionDays: 1 } })).status).toBe(403);
  });
});

describe('deadlines and escalation', () => {
  it('escalate an overdue case once per level to the owner’s manager, with a notification and an e-mail; the queues filter overdue', async () => {
    const rule = await h.call('POST', '/api/caserules', { token: admin, body: northRule({ name: 'Escalating', conditions: [{ kind: 'words', column: 'Verbatim', words: ['escalate-me'] }] }) });
    const answer = await surveyFor(await storeIn('North'));
    const id = await answer(4, 'please escalate-me');
    const c = (await caseOfResponse(id))!;
    const start = h.clock.now;
    // Tokens are signed by the moved clock too: each step signs in at its time.
    const run = async (at: string) => {
      h.clock.now = new Date(at);
      const answer = await h.call('POST', '/api/operations/runcaseclocks', { token: await h.signIn('system@demo.cx'), body: {} });
      expect(answer.body).toEqual({ escalated: expect.any(Number) });
    };
    const overdue = async () =>
      (await h.call('POST', '/api/processflow/cases/queue/All/PF', { token: await h.signIn('portaluser@demo.cx'), body: { skip: 0, top: 100, due: 'overdue' } })).body.data.map((r: { SourceObjectId: number }) => r.SourceObjectId);

    // Before the first-response deadline nothing happens.
    await run('2026-11-20T15:59:00Z');
    expect((await caseOfResponse(id))!.escalation_level).toBe(0);
    expect(await overdue()).not.toContain(id);
    // Past it: level 1, to PortalAdmin (the role PortalUser reports to), once however often the clock is read.
    await run('2026-11-20T16:01:00Z');
    await run('2026-11-20T16:02:00Z');
    expect((await caseOfResponse(id))!.escalation_level).toBe(1);
    expect(await overdue()).toContain(id);
    const mails = await h.db.query<{ subject: string; body: string }>("SELECT subject, body FROM mail_outbox WHERE recipient = 'portaladmin@demo.cx' AND subject = $1", [`Case ${id} is overdue: escalated to you`]);
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toContain(`Case ${id} missed its first response deadline (2026-11-20 16:00:00 UTC): escalated to PortalAdmin.`);
    const notes = await h.db.query<{ link: string }>("SELECT link FROM notifications WHERE user_id = 'u-portaladmin' AND kind = 'escalation' AND text LIKE $1", [`Case ${id} %`]);
    expect(notes).toEqual([{ link: `/processflow/cases/${id}/cases` }]);
    // Past the resolution deadline: level 2, one level further up but no higher than who works cases (PortalAdmin again, not GlobalAdmin), and the history tells both.
    await run('2026-11-24T12:30:00Z');
    const history = (await h.call('GET', `/api/processflow/cases/processFlowObjectHistory/${c.pfo_id}`, { token: await h.signIn('portaluser@demo.cx') })).body;
    expect(history.filter((e: { actionName: string }) => e.actionName === 'Escalate').map((e: { userName: string; properties: object }) => [e.userName, e.properties])).toEqual([
      ['System', { level: 1, escalatedTo: 'PortalAdmin', managers: ['Paul Admin'], deadline: 'first response' }],
      ['System', { level: 2, escalatedTo: 'PortalAdmin', managers: ['Paul Admin'], deadline: 'resolution' }],
    ]);
    h.clock.now = start;
    await h.call('DELETE', `/api/caserules/${rule.body.id}`, { token: admin });
  });

  it('takes a later clock only on a test server', async () => {
    const refused = await h.call('POST', '/api/operations/runcaseclocks', { token: system, body: { at: '2030-01-01T00:00:00Z' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('The case clocks are read as of now: "at" is taken only by a test server (CASE_CLOCK_AT=1).');
    expect((await h.call('POST', '/api/operations/runcaseclocks', { token: user, body: {} })).status).toBe(403);
  });
});

describe('working the queue', () => {
  it('acts on several cases at once, each checked as one action, and exports a case’s history', async () => {
    const open = (await h.call('POST', '/api/processflow/cases/queue/Working/PF', { token: admin, body: { skip: 0, top: 3 } })).body.data;
    const ids = open.map((r: { ProcessFlowObjectId: string }) => r.ProcessFlowObjectId);
    const body = { pfoIds: [...ids, 'pf-nope'], actionName: 'Resolve', comment: 'Called back', actionProperties: JSON.stringify({ rootCause: 'Waiting time', problemResolved: true }) };
    const { results } = (await h.call('POST', '/api/processflow/cases/bulkaction', { token: admin, body })).body;
    expect(results).toEqual([...ids.map((pfoId: string) => ({ pfoId, ok: true })), { pfoId: 'pf-nope', ok: false, messages: ['No such case.'] }]);
    const refused = (await h.call('POST', '/api/processflow/cases/bulkaction', { token: admin, body: { ...body, pfoIds: ids.slice(0, 1) } })).body.results;
    expect(refused[0]).toEqual({ pfoId: ids[0], ok: false, messages: ['"Resolve" is not an action for a case in state Resolved.'] });
    expect((await h.call('POST', '/api/processflow/cases/bulkaction', { token: admin, body: { ...body, pfoIds: Array.from({ length: 101 }, (_, i) => `x${i}`) } })).status).toBe(400);

    // How they closed is data: root causes by region, the outcome and the hours to close, in the case outcomes' pivot.
    const pivot = (await h.call('POST', '/api/dataviewer/analytics/data/case-outcomes/default', {
      token: admin, body: { smartFilters: [{ filterKey: 'RootCause', filterValue: 'Waiting time' }], measureKeys: ['InternalRecordCount', 'AvgHoursToClose'], rowDimensions: ['Outcome'], columnDimensions: ['Region'] },
    })).body;
    const [closed] = await h.db.query<{ n: number; h: number }>("SELECT count(*) AS n, avg(hours_to_close) AS h FROM cases WHERE root_cause = 'Waiting time'");
    expect(pivot.grandTotal.InternalRecordCount).toBe(Number(closed.n));
    expect(pivot.grandTotal.InternalRecordCount).toBeGreaterThanOrEqual(3);
    expect(pivot.grandTotal.AvgHoursToClose).toBeCloseTo(Number(closed.h), 6);
    const outcomes = await h.db.query<{ outcome: string; n: number }>("SELECT outcome, count(*) AS n FROM cases WHERE root_cause = 'Waiting time' GROUP BY outcome ORDER BY outcome");
    expect(pivot.data.map((r: { DimensionValueKey: string }) => r.DimensionValueKey)).toEqual(outcomes.map((o) => o.outcome));
    expect(pivot.rowTotals.Resolved.InternalRecordCount).toBe(Number(outcomes.find((o) => o.outcome === 'Resolved')!.n));

    const sourceId = open[0].SourceObjectId;
    const csv = await h.fetch(`/api/processflow/cases/processFlowObjectHistory/${ids[0]}/export`, { headers: { authorization: `Bearer ${admin}` } });
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="case-${sourceId}-history.csv"`);
    const lines = (await csv.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('When (UTC),Who,Action,From,To,Comment,Details');
    expect(lines.at(-1)).toMatch(/^[\d-]+ [\d:]+,Paul Admin,Resolve,InProgress,Resolved,Called back,"\{""rootCause"":""Waiting time"",""problemResolved"":true,""recoverySurvey"":""off""\}"$/);
  });

  it('previews an e-mail with its recipient masked, or says there is no address', async () => {
    const [c] = await h.db.query<{ pfo_id: string; customer_email: string; customer_name: string }>(
      "SELECT c.pfo_id, r.customer_email, r.customer_name FROM cases c JOIN responses r ON r.id = c.source_object_id WHERE c.module_id = 'cases' AND r.customer_email LIKE '%@%' LIMIT 1",
    );
    const preview = (await h.call('POST', `/api/processflow/cases/emailpreview/${c.pfo_id}`, { token: admin, body: { subject: ' Your visit ', comment: 'We are sorry.' } })).body;
    const [local, domain] = c.customer_email.split('@');
    expect(preview).toEqual({ to: `${c.customer_name} <${local[0]}•••@${domain}>`, subject: 'Your visit', text: 'We are sorry.' });
    expect(JSON.stringify(preview)).not.toContain(c.customer_email);
  });
});
