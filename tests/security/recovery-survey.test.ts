import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inParallel, startPortal, type Portal } from './portal';
import { sendRecoverySurvey } from '../../server/caserules/recovery';
import { putSourceSettings, sourceSettings } from '../../server/caserules/store';
import type { Question } from '../../src/lib/survey-model';

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal(200);
});
afterAll(() => portal.close());

const NPS: Question = { id: 'score', kind: 'nps', required: true, text: { en: 'How likely are you to recommend us now?' } };
const COMMENT: Question = { id: 'why', kind: 'text', required: false, text: { en: 'Why?' } };
const EMAIL: Question = { id: 'mail', kind: 'email', required: false, text: { en: 'Your e-mail address, if we may contact you' } };

/** A survey of the editor's with these questions, published: its shortcode. */
async function published(questions: Question[], reportToResponses: boolean): Promise<string> {
  const token = (await portal.signIn('surveyeditor@demo.cx')).access;
  const created = (await portal.call('POST', '/api/surveys', { token, body: { title: 'After your case' } })).body;
  const store = (await portal.call('GET', '/api/surveys/places', { token })).body.stores[0];
  const settings = { ...created.settings, reportToResponses, stores: reportToResponses ? [store] : [] };
  const saved = await portal.call('PUT', `/api/surveys/${created.shortcode}`, { token, body: { version: created.version, settings, definition: { ...created.definition, questions } } });
  expect(saved.status).toBe(200);
  expect((await portal.call('POST', `/api/surveys/${created.shortcode}/publish`, { token, body: { version: saved.body.version } })).status).toBe(200);
  return created.shortcode;
}

let recovery: string;
let cases: Array<{ pfo_id: string; store: string }>;
let taken = 0;
const nextCase = () => cases[taken++];

/** Closes the loop on a case as the closing action does: the invitation its customer's link carries. */
async function invite(c: { pfo_id: string; store: string }, email: string): Promise<string> {
  const outcome = await portal.db.tx((q) => sendRecoverySurvey(q, { pfoId: c.pfo_id, sourceId: 'responses', email, customerName: 'Pat', store: c.store }, portal.origin, portal.clock.now));
  expect(outcome).toBe('sent');
  const [mail] = await portal.mails(email);
  return mail.body.match(/\/survey\/[a-z0-9-]+\/([0-9a-f-]{36})/)![1];
}
const answer = (shortcode: string, body: Record<string, unknown>, from = '127.0.4.1') => portal.call('POST', `/api/survey/${shortcode}/responses`, { from, body });
const caseOf = async (pfoId: string) =>
  (await portal.db.query<{ version: number; recovery_score: number | null }>('SELECT version, recovery_score FROM cases WHERE pfo_id = $1', [pfoId]))[0];
const countOf = async (sql: string, params: string[]) => Number((await portal.db.query<{ n: number }>(sql, params))[0].n);

beforeAll(async () => {
  recovery = await published([NPS, COMMENT], false);
  const { rootCauses } = await sourceSettings(portal.db, 'responses');
  await putSourceSettings(portal.db, 'responses', { rootCauses, recoverySurvey: recovery, suppressionDays: 0 }, portal.clock.now);
  cases = await portal.db.query("SELECT pfo_id, store FROM cases WHERE module_id = 'cases' ORDER BY pfo_id LIMIT 10");
});

describe('a recovery invitation answers for its own case and survey only', () => {
  it('refuses an invitation of another survey, and a body naming another case', async () => {
    const [mine, other] = [nextCase(), nextCase()];
    const inviteId = await invite(mine, 'one@example.com');
    const otherSurvey = await published([NPS, COMMENT], false);
    const before = await caseOf(other.pfo_id);

    const elsewhere = await answer(otherSurvey, { answers: { score: 0 }, inviteId });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toBe('This invitation is not one of this survey.');
    // The case is the invitation's, never one the caller names.
    const named = await answer(recovery, { answers: { score: 0 }, inviteId, pfoId: other.pfo_id });
    expect(named.status).toBe(400);
    expect(await caseOf(mine.pfo_id)).toMatchObject({ recovery_score: null });

    expect((await answer(recovery, { answers: { score: 8 }, inviteId })).status).toBe(201);
    expect(await caseOf(mine.pfo_id)).toMatchObject({ recovery_score: 8 });
    expect(await caseOf(other.pfo_id)).toEqual(before);
    expect(await countOf('SELECT count(*) AS n FROM survey_answers WHERE invite_id = $1', [inviteId])).toBe(1);
  });

  it('takes one of ten answers sent at once: the others are 429 and the case moves one version', async () => {
    const c = nextCase();
    const inviteId = await invite(c, 'ten@example.com');
    const before = await caseOf(c.pfo_id);
    const replies = await inParallel(10, (i) => answer(recovery, { answers: { score: i, why: `answer ${i}` }, inviteId }, `127.0.5.${i + 1}`));
    expect(replies.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(429)]);
    expect(replies.find((r) => r.status === 429)!.body.message).toBe('This invitation has been answered already: each invitation takes one answer.');
    const after = await caseOf(c.pfo_id);
    expect(after.version).toBe(before.version + 1);
    expect(await countOf("SELECT count(*) AS n FROM case_history WHERE pfo_id = $1 AND action_name = 'Recovery survey answered'", [c.pfo_id])).toBe(1);
    expect(await countOf('SELECT count(*) AS n FROM recovery_answers WHERE pfo_id = $1', [c.pfo_id])).toBe(1);
  });
});

describe("a survey's e-mail question", () => {
  it('refuses a line break or a second address with a 400, and keeps and sends nothing', async () => {
    const shortcode = await published([{ ...NPS, id: 'nps' }, { id: 'stars', kind: 'stars', required: true, text: { en: 'Stars?' } }, EMAIL], true);
    const injected = ['victim@example.com\r\nBcc: list@example.com', 'victim@example.com\nBcc: list@example.com', 'victim@example.com, list@example.com', 'victim@example.com;list@example.com', 'Victim <victim@example.com>'];
    for (const mail of injected) {
      const res = await answer(shortcode, { answers: { nps: 2, stars: 1, mail } });
      expect(res.status).toBe(400);
      expect(res.body.errors.mail).toEqual(['Enter one e-mail address (at most 254 characters), or leave it empty.']);
    }
    expect(await countOf('SELECT count(*) AS n FROM survey_answers a JOIN surveys s ON s.id = a.survey_id WHERE s.shortcode = $1', [shortcode])).toBe(0);
    expect(await countOf("SELECT count(*) AS n FROM responses WHERE customer_email LIKE '%list@example.com%'", [])).toBe(0);
    expect(await countOf("SELECT count(*) AS n FROM mail_outbox WHERE recipient LIKE '%victim@example.com%' OR body LIKE '%list@example.com%'", [])).toBe(0);
  });
});
