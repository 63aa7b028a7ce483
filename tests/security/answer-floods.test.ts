import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inParallel, startPortal, type Portal } from './portal';

// The per-survey ceiling is lowered here (3000 an hour in production) so a flood from several addresses reaches it.
const PER_SURVEY = 40;
let portal: Portal;
beforeAll(async () => {
  portal = await startPortal(200, { submissionLimits: { answersPerSurvey: PER_SURVEY } });
});
afterAll(() => portal.close());

/** A fresh access token (the tests move the clock past the last one's life). */
const tokenOf = async (email: string) => (await portal.signIn(email)).access;

const later = (minutes: number) => (portal.clock.now = new Date(portal.clock.now.getTime() + minutes * 60_000));
const statuses = (replies: Array<{ status: number }>) => replies.map((r) => r.status).sort();
const count = (replies: Array<{ status: number }>, status: number) => replies.filter((r) => r.status === status).length;

/** A store survey of the editor's, published: its NPS and stars question ids. */
async function publishedSurvey(): Promise<{ shortcode: string; answers: Record<string, number> }> {
  const editor = await tokenOf('surveyeditor@demo.cx');
  const created = (await portal.call('POST', '/api/surveys', { token: editor, body: { title: 'Flood check' } })).body;
  const store = (await portal.call('GET', '/api/surveys/places', { token: editor })).body.stores[0];
  const saved = await portal.call('PUT', `/api/surveys/${created.shortcode}`, { token: editor, body: { version: created.version, settings: { ...created.settings, stores: [store] }, definition: created.definition } });
  expect((await portal.call('POST', `/api/surveys/${created.shortcode}/publish`, { token: editor, body: { version: saved.body.version } })).status).toBe(200);
  const [nps, stars] = created.definition.questions;
  return { shortcode: created.shortcode, answers: { [nps.id]: 7, [stars.id]: 4 } };
}

const answer = (shortcode: string, answers: Record<string, unknown>, from: string, inviteId?: string) =>
  portal.call('POST', `/api/survey/${shortcode}/responses`, { from, body: { answers, ...(inviteId ? { inviteId } : {}) } });
const LEADERSHIP = { clarity: 4, support: 5 };

describe('anonymous survey answers are limited per client and per survey', () => {
  it('one address gets 30 answers an hour into a survey, the rest a 429 with Retry-After, even all at once', async () => {
    const s = await publishedSurvey();
    const replies = await inParallel(45, () => answer(s.shortcode, s.answers, '127.0.0.21'));
    expect(count(replies, 201)).toBe(30);
    const refused = replies.filter((r) => r.status === 429);
    expect(refused).toHaveLength(15);
    expect(refused[0].body.message).toMatch(/^This survey takes at most 30 answers an hour from one address\. Try again in \d+ minutes?\.$/);
    expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
    const [kept] = await portal.db.query<{ n: number }>('SELECT count(*) AS n FROM survey_answers a JOIN surveys s ON s.id = a.survey_id WHERE s.shortcode = $1', [s.shortcode]);
    expect(Number(kept.n)).toBe(30);
    // Another address is another client; the first gets answers again once the hour is over.
    expect((await answer(s.shortcode, s.answers, '127.0.0.22')).status).toBe(201);
    later(61);
    expect((await answer(s.shortcode, s.answers, '127.0.0.21')).status).toBe(201);
  });

  it('a survey takes at most its hourly ceiling from many addresses together', async () => {
    const s = await publishedSurvey();
    const replies = await inParallel(60, (i) => answer(s.shortcode, s.answers, `127.0.1.${1 + (i % 6)}`));
    expect(count(replies, 201)).toBe(PER_SURVEY);
    expect(count(replies, 429)).toBe(60 - PER_SURVEY);
    expect(replies.find((r) => r.status === 429)!.body.message).toMatch(/^This survey has taken as many answers as it can this hour\. Try again in \d+ minutes?\.$/);
    later(61);
    expect((await answer(s.shortcode, s.answers, '127.0.1.1')).status).toBe(201);
  });
});

describe('a 360° invitation takes one answer', () => {
  it('of 20 answers at once with one Give Now invitation, from 20 addresses, one is kept', async () => {
    const user = await tokenOf('portaluser@demo.cx');
    const [person] = (await portal.call('POST', '/api/inportalsurvey/data/team-feedback', { token: user, body: { skip: 0, top: 1 } })).body.data;
    const { link } = (await portal.call('POST', '/api/inportalsurvey/surveyeelink/team-feedback/leadership-360', { token: user, body: { surveyee: person.Email } })).body;
    const inviteId = link.split('/').pop();
    const replies = await inParallel(20, (i) => answer('leadership-360', LEADERSHIP, `127.0.2.${i + 1}`, inviteId));
    expect(statuses(replies)).toEqual([201, ...Array(19).fill(429)]);
    expect(replies.find((r) => r.status === 429)!.body.message).toBe('This invitation has been answered already: each invitation takes one answer.');
    const [kept] = await portal.db.query<{ n: number }>('SELECT count(*) AS n FROM survey_answers WHERE invite_id = $1', [inviteId]);
    expect(Number(kept.n)).toBe(1);
    // Still answered a day later.
    later(24 * 60);
    expect((await answer('leadership-360', LEADERSHIP, '127.0.2.99', inviteId)).status).toBe(429);
  });

  it('an invitation id that is not one of the survey is refused', async () => {
    const res = await answer('leadership-360', LEADERSHIP, '127.0.2.100', '6d1f0a4e-0000-4000-8000-000000000000');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This invitation is not one of this survey.');
  });
});

describe('the feedback widget takes a few sessions a day from one user', () => {
  it('of 30 completed answers at once, 5 are kept; the next day more', async () => {
    let user = await tokenOf('portaluser@demo.cx');
    const save = () => portal.call('POST', '/api/feedback/save', { token: user, body: { SessionId: null, Data: { nps: 9 }, IsCompleted: true } });
    const countRows = async () => Number((await portal.db.query<{ n: number }>("SELECT count(*) AS n FROM feedback_sessions WHERE user_id = 'u-portaluser'"))[0].n);
    const before = await countRows();
    const replies = await inParallel(30, save);
    expect(count(replies, 200)).toBe(5);
    const refused = replies.filter((r) => r.status === 429);
    expect(refused).toHaveLength(25);
    expect(refused[0].body.message).toMatch(/^You have sent feedback 5 times today: thank you! Try again in \d+ (minutes?|hours)\.$/);
    expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
    expect((await countRows()) - before).toBe(5);
    later(24 * 60 + 1);
    user = await tokenOf('portaluser@demo.cx');
    expect((await save()).status).toBe(200);
  });
});
