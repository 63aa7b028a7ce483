import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessWithUsers, type Harness } from './harness';
import { sendRecoverySurvey } from '../../../server/caserules/recovery';
import { putSourceSettings, sourceSettings } from '../../../server/caserules/store';
import type { Question, SurveySettings } from '../../../src/lib/survey-model';

const ORIGIN = 'https://cx.example.com';
const DAY = 86_400_000;
let h: Harness;
// Signed in when needed: the tests move the clock past a token's life.
const editor = () => h.signIn('surveyeditor@demo.cx');
const admin = () => h.signIn('portaladmin@demo.cx');
let survey: { shortcode: string; scoreId: string; commentId: string };

const SCORE: Question = { id: 'score', kind: 'nps', required: true, text: { en: 'How likely are you to recommend us now?' } };
const COMMENT: Question = { id: 'why', kind: 'text', required: false, text: { en: 'What made the difference?' } };

/** A survey of the editor's with these questions and settings, published (or the publish answer when it is refused). */
async function publishSurvey(questions: Question[], settings: Partial<SurveySettings> = {}) {
  const token = await editor();
  const created = (await h.call('POST', '/api/surveys', { token, body: { title: 'After your case' } })).body;
  const saved = await h.call('PUT', `/api/surveys/${created.shortcode}`, {
    token,
    body: { version: created.version, settings: { ...created.settings, ...settings }, definition: { ...created.definition, questions } },
  });
  expect(saved.status).toBe(200);
  const published = await h.call('POST', `/api/surveys/${created.shortcode}/publish`, { token, body: { version: saved.body.version } });
  return { shortcode: created.shortcode as string, published };
}

/** A source's recovery survey and window, its root causes kept. */
async function setSettings(sourceId: string, recoverySurvey: string | null, suppressionDays = 30) {
  const { rootCauses } = await sourceSettings(h.db, sourceId);
  await putSourceSettings(h.db, sourceId, { rootCauses, recoverySurvey, suppressionDays }, h.clock.now);
}

/** Seeded survey cases, each used by one test only. */
let cases: Array<{ pfo_id: string; store: string; customer_name: string }>;
let taken = 0;
const nextCase = () => cases[taken++];

const send = (c: { pfo_id: string; store: string; customer_name: string }, email: string | null, sourceId = 'responses') =>
  h.db.tx((q) => sendRecoverySurvey(q, { pfoId: c.pfo_id, sourceId, email, customerName: c.customer_name, store: c.store }, ORIGIN, h.clock.now));
const later = (days: number) => (h.clock.now = new Date(h.clock.now.getTime() + days * DAY));
const mailsTo = (address: string) => h.db.query<{ subject: string; body: string }>('SELECT subject, body FROM mail_outbox WHERE recipient = $1 ORDER BY created_at', [address]);
const caseOf = (pfoId: string) =>
  h.db.query<{ version: number; state: string; recovery_sent_at: unknown; recovery_score: number | null; recovery_comment: string | null }>(
    'SELECT version, state, recovery_sent_at, recovery_score, recovery_comment FROM cases WHERE pfo_id = $1',
    [pfoId],
  ).then((r) => r[0]);
const inviteOf = async (pfoId: string) => (await h.db.query<{ id: string; kind: string; invitee_key: string }>('SELECT id, kind, invitee_key FROM survey_invites WHERE pfo_id = $1', [pfoId]))[0];
const answer = (shortcode: string, answers: Record<string, unknown>, inviteId?: string, extra: Record<string, unknown> = {}) =>
  h.call('POST', `/api/survey/${shortcode}/responses`, { body: { answers, ...(inviteId ? { inviteId } : {}), ...extra } });

beforeAll(async () => {
  ({ h } = await harnessWithUsers(400));
  cases = await h.db.query("SELECT pfo_id, store, customer_name FROM cases WHERE module_id = 'cases' ORDER BY pfo_id LIMIT 20");
  // A recovery survey: one NPS and a comment, reported nowhere but its own data.
  const s = await publishSurvey([SCORE, COMMENT], { reportToResponses: false });
  expect(s.published.status).toBe(200);
  survey = { shortcode: s.shortcode, scoreId: SCORE.id, commentId: COMMENT.id };
  await setSettings('responses', survey.shortcode);
});
afterAll(() => h.close());

describe('sending the recovery survey when a case closes', () => {
  it('invites the customer once, with a personal link, and marks the case', async () => {
    const c = nextCase();
    expect(await send(c, ' Pat.Doe@Example.com ')).toBe('sent');
    const invite = await inviteOf(c.pfo_id);
    expect(invite).toMatchObject({ kind: 'Recovery', invitee_key: 'pat.doe@example.com' });
    const [mail] = await mailsTo('Pat.Doe@Example.com');
    expect(mail.subject).toBe('After your case');
    expect(mail.body).toContain(`${ORIGIN}/survey/${survey.shortcode}/${invite.id}`);
    expect(mail.body).toContain(`at ${c.store}`);
    expect((await caseOf(c.pfo_id)).recovery_sent_at).not.toBeNull();
    // The page the link opens asks the survey's questions, and no store.
    const page = await h.call('GET', `/api/survey/${survey.shortcode}?invite=${invite.id}`);
    expect(page.body).toMatchObject({ status: 'published', stores: [] });
  });

  it('asks a customer again only after the suppression window, and never twice for one case', async () => {
    const [first, second, third] = [nextCase(), nextCase(), nextCase()];
    expect(await send(first, 'sam@example.com')).toBe('sent');
    later(29);
    // Another case of the same customer, the address written otherwise: still within 30 days.
    expect(await send(second, ' SAM@example.com')).toBe('suppressed');
    expect(await inviteOf(second.pfo_id)).toBeUndefined();
    later(2);
    expect(await send(third, 'sam@example.com')).toBe('sent');
    // The first case closed again, long after: its customer was asked about it already.
    later(60);
    expect(await send(first, 'sam@example.com')).toBe('suppressed');
    expect(await mailsTo('sam@example.com')).toHaveLength(2);
  });

  it('sends nothing without one address', async () => {
    for (const email of [null, '', '   ', 'not-an-address', 'a@example.com, b@example.com', 'a@example.com b@example.com', 'a@example.com\r\nBcc: b@example.com', `${'x'.repeat(250)}@example.com`]) {
      const c = nextCase();
      expect(await send(c, email)).toBe('noAddress');
      expect(await inviteOf(c.pfo_id)).toBeUndefined();
    }
    const [n] = await h.db.query<{ n: number }>("SELECT count(*) AS n FROM mail_outbox WHERE recipient LIKE '%b@example.com%' OR recipient LIKE 'a@example.com%'");
    expect(Number(n.n)).toBe(0);
  });

  it('is off without a survey, or with one that is not published', async () => {
    expect(await send(nextCase(), 'off@example.com', 'reviews')).toBe('off');
    const draft = (await h.call('POST', '/api/surveys', { token: await editor(), body: { title: 'Draft' } })).body;
    await setSettings('portal-feedback', draft.shortcode);
    expect(await send(nextCase(), 'off@example.com', 'portal-feedback')).toBe('off');
    await setSettings('portal-feedback', 'nosuchsurvey');
    expect(await send(nextCase(), 'off@example.com', 'portal-feedback')).toBe('off');
    expect(await mailsTo('off@example.com')).toHaveLength(0);
  });
});

describe('the answer to a recovery survey', () => {
  it('lands on its case with a history entry, in the data, and as a webhook event', async () => {
    await h.db.query(
      `INSERT INTO webhooks (id, name, url, events, format, enabled, secret, created_at, created_by, updated_at, updated_by)
       VALUES ('hook-recovery', 'Test', 'https://hooks.example.com/x', '["response.received"]', 'json', TRUE, 'sealed', CAST($1 AS TIMESTAMP), 'test', CAST($1 AS TIMESTAMP), 'test')`,
      [h.clock.now],
    );
    const c = nextCase();
    expect(await send(c, 'lee@example.com')).toBe('sent');
    const before = await caseOf(c.pfo_id);
    const invite = await inviteOf(c.pfo_id);
    const res = await answer(survey.shortcode, { [survey.scoreId]: 9, [survey.commentId]: '  Sorted out quickly, thank you.  ' }, invite.id);
    expect(res.status).toBe(201);

    const after = await caseOf(c.pfo_id);
    expect(after).toMatchObject({ recovery_score: 9, recovery_comment: 'Sorted out quickly, thank you.', version: before.version + 1, state: before.state });
    const history = await h.db.query<Record<string, unknown>>('SELECT * FROM case_history WHERE pfo_id = $1 AND version = $2', [c.pfo_id, after.version]);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action_type: 0, action_name: 'Recovery survey answered', from_state: before.state, to_state: before.state, comment: 'Sorted out quickly, thank you.', user_id: 'customer', user_name: 'Customer' });
    expect(JSON.parse(String(history[0].properties))).toEqual({ score: 9 });
    // The record detail's history shows it.
    const token = await admin();
    const shown = await h.call('GET', `/api/processflow/cases/processFlowObjectHistory/${c.pfo_id}`, { token });
    expect(shown.status).toBe(200);
    expect(JSON.stringify(shown.body)).toContain('Recovery survey answered');

    // In the data: the "Recovery surveys" source, by its place.
    const rows = await h.call('POST', '/api/dataviewer/data/recovery/Default', { token, body: { skip: 0, top: 10, smartFilters: [{ filterKey: 'Search', filterValue: 'Sorted out quickly' }] } });
    expect(rows.status).toBe(200);
    expect(rows.body.data).toHaveLength(1);
    expect(rows.body.data[0]).toMatchObject({ NPS: 9, NPSGroup: 'Promoter', Store: c.store, CaseId: c.pfo_id });

    const [delivery] = await h.db.query<{ data: string }>("SELECT data FROM webhook_deliveries WHERE webhook_id = 'hook-recovery' AND event_type = 'response.received'");
    expect(JSON.parse(delivery.data)).toMatchObject({ survey: survey.shortcode, caseId: c.pfo_id, score: 9, responseId: null });

    // One answer per invitation.
    const again = await answer(survey.shortcode, { [survey.scoreId]: 0 }, invite.id);
    expect(again.status).toBe(429);
    expect((await caseOf(c.pfo_id)).recovery_score).toBe(9);
  });

  it('takes a star rating (CSAT) as the score, and an answer without an invitation leaves every case alone', async () => {
    const stars: Question = { id: 'csat', kind: 'stars', required: true, text: { en: 'How satisfied are you with how we handled it?' } };
    const s = await publishSurvey([stars, COMMENT], { reportToResponses: false });
    expect(s.published.status).toBe(200);
    await setSettings('responses', s.shortcode);
    const c = nextCase();
    expect(await send(c, 'kim@example.com')).toBe('sent');
    const invite = await inviteOf(c.pfo_id);
    expect((await answer(s.shortcode, { csat: 2 }, invite.id)).status).toBe(201);
    expect(await caseOf(c.pfo_id)).toMatchObject({ recovery_score: 2, recovery_comment: null });
    const [row] = await h.db.query<{ stars: number; nps: number | null }>('SELECT stars, nps FROM recovery_answers WHERE pfo_id = $1', [c.pfo_id]);
    expect(row).toMatchObject({ stars: 2, nps: null });

    const [n] = await h.db.query<{ n: number }>('SELECT count(*) AS n FROM case_history');
    expect((await answer(s.shortcode, { csat: 5 })).status).toBe(201);
    expect(await h.db.query<{ n: number }>('SELECT count(*) AS n FROM case_history')).toEqual([n]);
    await setSettings('responses', survey.shortcode);
  });
});

describe('the e-mail question', () => {
  const EMAIL: Question = { id: 'mail', kind: 'email', required: false, text: { en: 'Your e-mail address, if we may contact you' } };

  it("fills the response's customer e-mail, and refuses anything but one address", async () => {
    const [{ store }] = await h.db.query<{ store: string }>('SELECT store FROM responses ORDER BY store LIMIT 1');
    const created = (await h.call('POST', '/api/surveys', { token: await editor(), body: { title: 'Visit' } })).body;
    const [nps, stars] = created.definition.questions;
    const s = await publishSurvey([nps, stars, EMAIL], { stores: [store] });
    expect(s.published.status).toBe(200);
    const scores = { [nps.id]: 3, [stars.id]: 2 };

    for (const bad of ['a@example.com\r\nBcc: b@example.com', 'a@example.com, b@example.com', 'a@example.com b@example.com', 'nobody', `${'x'.repeat(250)}@example.com`]) {
      const res = await answer(s.shortcode, { ...scores, mail: bad });
      expect(res.status).toBe(400);
      expect(res.body.errors.mail).toEqual(['Enter one e-mail address (at most 254 characters), or leave it empty.']);
    }
    expect((await answer(s.shortcode, { ...scores, mail: ' jo@example.com ' })).status).toBe(201);
    expect((await answer(s.shortcode, scores)).status).toBe(201);
    const rows = await h.db.query<{ customer_email: string }>(
      'SELECT r.customer_email FROM responses r JOIN survey_answers a ON a.response_id = r.id JOIN surveys s ON s.id = a.survey_id WHERE s.shortcode = $1 ORDER BY a.submitted_at, r.id',
      [s.shortcode],
    );
    expect(rows.map((r) => r.customer_email).sort()).toEqual(['', 'jo@example.com']);
  });

  it('is asked at most once in a survey', async () => {
    const s = await publishSurvey([SCORE, EMAIL, { ...EMAIL, id: 'mail2' }], { reportToResponses: false });
    expect(s.published.status).toBe(400);
    expect(s.published.body.errors.survey).toContain('A survey asks for the e-mail address at most once.');
  });
});
