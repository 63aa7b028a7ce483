import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessWithUsers, type Harness } from './harness';
import type { Question, SurveyDefinition, SurveySettings } from '../../../src/lib/survey-model';

let h: Harness;
let user: string;
let editor: string;
let system: string;
let store: string;
beforeAll(async () => {
  ({ h, user } = await harnessWithUsers(500));
  editor = await h.signIn('surveyeditor@demo.cx');
  system = await h.signIn('system@demo.cx');
  [{ store }] = await h.db.query<{ store: string }>('SELECT store FROM responses ORDER BY store LIMIT 1');
});
afterAll(() => h.close());

interface View {
  shortcode: string;
  status: string;
  version: number;
  settings: SurveySettings;
  definition: SurveyDefinition;
  responses: number;
  unpublishedChanges: boolean;
}

async function create(title = 'Store visit'): Promise<View> {
  const res = await h.call('POST', '/api/surveys', { token: editor, body: { title } });
  expect(res.status).toBe(201);
  return res.body as View;
}
const save = (v: View, changes: { settings?: Partial<SurveySettings>; questions?: Question[] }, token = editor) =>
  h.call('PUT', `/api/surveys/${v.shortcode}`, {
    token,
    body: { version: v.version, settings: { ...v.settings, ...changes.settings }, definition: { ...v.definition, questions: changes.questions ?? v.definition.questions } },
  });
const publish = (v: { shortcode: string; version: number }) => h.call('POST', `/api/surveys/${v.shortcode}/publish`, { token: editor, body: { version: v.version } });

/** The starter's NPS and stars, then a comment shown to detractors. */
function threeQuestions(v: View): Question[] {
  const [nps, stars] = v.definition.questions;
  return [nps, stars, { id: 'why', kind: 'text', required: false, text: { en: 'What went wrong?', de: 'Was lief schief?' }, showIf: { questionId: nps.id, op: 'atMost', value: 6 } }];
}

async function published(stores = [store], title: SurveySettings['title'] = { en: 'Store visit' }): Promise<View> {
  const v = await create();
  const saved = await save(v, { settings: { stores, channel: 'Survey', title }, questions: threeQuestions(v) });
  expect(saved.status).toBe(200);
  const res = await publish(saved.body as View);
  expect(res.status).toBe(200);
  return res.body as View;
}

describe('survey editor calls', () => {
  it('belong to the editor roles only', async () => {
    expect((await h.call('GET', '/api/surveys')).status).toBe(401);
    expect((await h.call('GET', '/api/surveys', { token: system })).status).toBe(403);
    expect((await h.call('POST', '/api/surveys', { token: system, body: { title: 'x' } })).status).toBe(403);
    expect((await h.call('GET', '/api/surveys', { token: user })).status).toBe(200);
  });

  it('creates a draft with the starter questions and refuses an empty title', async () => {
    const empty = await h.call('POST', '/api/surveys', { token: editor, body: { title: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('A survey needs a title.');
    const v = await create('Checkout');
    expect(v.status).toBe('draft');
    expect(v.shortcode).toMatch(/^[a-z2-9]{8}$/);
    expect(v.definition.questions.map((q) => q.kind)).toEqual(['nps', 'stars']);
    const list = (await h.call('GET', '/api/surveys', { token: editor })).body as Array<{ shortcode: string; status: string; responses: number }>;
    expect(list.find((s) => s.shortcode === v.shortcode)).toMatchObject({ status: 'draft', responses: 0 });
  });

  it('says what stops publishing: an empty title, a choice without options, logic on a later question', async () => {
    const v = await create();
    const [nps, stars] = v.definition.questions;
    const questions: Question[] = [
      { ...nps, showIf: undefined },
      stars,
      { id: 'pick', kind: 'single', required: false, text: { en: 'Which department?' }, options: [] },
      { id: 'early', kind: 'text', required: false, text: { en: 'Why?' }, showIf: { questionId: 'late', op: 'equals', value: 'a' } },
      { id: 'late', kind: 'single', required: false, text: { en: 'Late' }, options: [{ id: 'a', text: { en: 'A' } }, { id: 'b', text: { en: 'B' } }] },
    ];
    const saved = await save(v, { settings: { title: { en: '' }, stores: [store] }, questions });
    // A draft keeps whatever is in progress; the rules are checked when it is published.
    expect(saved.status).toBe(200);
    const res = await publish(saved.body as View);
    expect(res.status).toBe(400);
    expect(res.body.errors.survey).toEqual([
      'A survey needs a title.',
      'Question 3 needs at least two options.',
      'Question 4 can only depend on an earlier question.',
    ]);
    expect((await h.call('GET', `/api/survey/${v.shortcode}`)).status).toBe(404);
  });

  it('refuses a malformed survey with a 400 naming the field', async () => {
    const v = await create();
    const res = await save(v, { questions: [{ id: 'x', kind: 'slider' as never, required: true, text: { en: 'x' } }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^definition\.questions\.0\.kind/);
  });

  it('keeps the first of two editors saving the same version and names them to the second', async () => {
    const v = await create();
    // The owner and a portal administrator (who may change anyone's survey).
    const admin = await h.signIn('portaladmin@demo.cx');
    const replies = await Promise.all([
      save(v, { settings: { title: { en: 'First' } } }),
      save(v, { settings: { title: { en: 'Second' } } }, admin),
    ]);
    const ok = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status === 400);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0].body.message).toMatch(/^This survey was changed by (Sam Editor|Paul Admin) at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d; reload it\.$/);
    const now = (await h.call('GET', `/api/surveys/${v.shortcode}`, { token: editor })).body as View;
    expect(now.version).toBe(v.version + 1);
    expect(now.settings.title.en).toBe((ok[0].body as View).settings.title.en);
  });
});

describe('a published survey', () => {
  it('is asked anonymously, applies its logic and lands in the responses data under its store and channel', async () => {
    const v = await published();
    const page = await h.call('GET', `/api/survey/${v.shortcode}`);
    expect(page.status).toBe(200);
    expect(page.body.definition.questions).toHaveLength(3);
    const [nps, stars] = v.definition.questions;

    // A promoter's comment answers a question the logic hid: it is dropped.
    const promoter = await h.call('POST', `/api/survey/${v.shortcode}/responses`, { body: { answers: { [nps.id]: 10, [stars.id]: 5, why: 'hidden' }, locale: 'de' } });
    expect(promoter.status).toBe(201);
    expect(promoter.body.thankYou).toBe('Vielen Dank für Ihr Feedback.');
    const detractor = await h.call('POST', `/api/survey/${v.shortcode}/responses`, { body: { answers: { [nps.id]: 2, [stars.id]: 1, why: 'The queue was long.' } } });
    expect(detractor.status).toBe(201);

    const rows = await h.db.query<{ nps: number; nps_group: string; stars: number; verbatim: string | null; store: string; channel: string }>(
      `SELECT r.nps, r.nps_group, r.stars, r.verbatim, r.store, r.channel FROM survey_answers a JOIN responses r ON r.id = a.response_id
       JOIN surveys s ON s.id = a.survey_id WHERE s.shortcode = $1 ORDER BY r.nps`,
      [v.shortcode],
    );
    expect(rows).toEqual([
      { nps: 2, nps_group: 'Detractor', stars: 1, verbatim: 'The queue was long.', store, channel: 'Survey' },
      { nps: 10, nps_group: 'Promoter', stars: 5, verbatim: null, store, channel: 'Survey' },
    ]);
    // The data viewer's module reads it like any response.
    const grid = await h.call('POST', '/api/dataviewer/data/responses/default', {
      token: user,
      body: { skip: 0, top: 10, smartFilters: [{ filterKey: 'Channel', filterValue: 'Survey' }] },
    });
    expect(grid.status).toBe(200);
    expect(JSON.stringify(grid.body)).toContain('The queue was long.');
    const list = (await h.call('GET', '/api/surveys', { token: editor })).body as Array<{ shortcode: string; responses: number }>;
    expect(list.find((s) => s.shortcode === v.shortcode)?.responses).toBe(2);
  });

  it('leaves what it does not ask empty, [Blank] in the filters: no made-up driver, segment or spend', async () => {
    const v = await published();
    const [nps, stars] = v.definition.questions;
    expect((await h.call('POST', `/api/survey/${v.shortcode}/responses`, { body: { answers: { [nps.id]: 9, [stars.id]: 4 } } })).status).toBe(201);
    const [row] = await h.db.query(
      `SELECT r.driver_price, r.driver_availability, r.driver_service, r.driver_information, r.customer_segment, r.spend
       FROM survey_answers a JOIN responses r ON r.id = a.response_id JOIN surveys s ON s.id = a.survey_id WHERE s.shortcode = $1`,
      [v.shortcode],
    );
    expect(Object.values(row)).toEqual([null, null, null, null, null, null]);
    const answer = (await h.call('POST', '/api/smartdata/filters/responses', { token: user, body: { smartFilters: [{ filterKey: 'Channel', filterValue: 'Survey' }] } })).body;
    for (const key of ['Segment', 'Driver_Price', 'Driver_Service']) {
      const values = answer.smartFilters.find((f: { filterKey: string }) => f.filterKey === key)?.filterDimensionValues;
      expect(values, key).toEqual([expect.objectContaining({ dimensionValue: '', dimensionLabel: '[Blank]' })]);
    }
  });

  it('refuses a missing or out-of-range answer with a message per question', async () => {
    const v = await published();
    const [nps, stars] = v.definition.questions;
    const res = await h.call('POST', `/api/survey/${v.shortcode}/responses`, { body: { answers: { [nps.id]: 11 } } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ [nps.id]: ['Choose a whole number from 0 to 10.'], [stars.id]: ['This question needs an answer.'] });
  });

  it('keeps every one of many answers sent at once', async () => {
    const v = await published();
    const [nps, stars] = v.definition.questions;
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => h.call('POST', `/api/survey/${v.shortcode}/responses`, { body: { answers: { [nps.id]: i % 11, [stars.id]: 3 } } })));
    expect(replies.map((r) => r.status)).toEqual(Array(12).fill(201));
    const [count] = await h.db.query<{ n: number; ids: number }>(
      'SELECT count(*) AS n, count(DISTINCT a.response_id) AS ids FROM survey_answers a JOIN surveys s ON s.id = a.survey_id JOIN responses r ON r.id = a.response_id WHERE s.shortcode = $1',
      [v.shortcode],
    );
    expect({ n: Number(count.n), ids: Number(count.ids) }).toEqual({ n: 12, ids: 12 });
  });

  it('stops taking answers once closed, and edits wait for publishing', async () => {
    const v = await published();
    const edited = await save(v, { settings: { title: { en: 'Renamed' } } });
    expect((edited.body as View).unpublishedChanges).toBe(true);
    expect((await h.call('GET', `/api/survey/${v.shortcode}`)).body.title.en).toBe('Store visit');
    const closed = await h.call('POST', `/api/surveys/${v.shortcode}/close`, { token: editor, body: { version: (edited.body as View).version } });
    expect(closed.status).toBe(200);
    expect((await h.call('GET', `/api/survey/${v.shortcode}`)).body.status).toBe('closed');
    const [nps, stars] = v.definition.questions;
    const late = await h.call('POST', `/api/survey/${v.shortcode}/responses`, { body: { answers: { [nps.id]: 9, [stars.id]: 4 } } });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('This survey is closed and no longer takes answers.');
  });
});

describe('a survey with several stores', () => {
  let places: Array<{ store: string; region: string; country: string }>;
  beforeAll(async () => {
    places = await h.db.query('SELECT store, min(region) AS region, min(country) AS country FROM responses GROUP BY store ORDER BY store LIMIT 3');
  });
  const answer = (v: View, extra: Record<string, unknown> = {}) => {
    const [nps, stars] = v.definition.questions;
    return h.call('POST', `/api/survey/${v.shortcode}/responses`, { body: { answers: { [nps.id]: 8, [stars.id]: 4 }, ...extra } });
  };
  const landed = (v: View) =>
    h.db.query<{ store: string; region: string; country: string }>(
      'SELECT r.store, r.region, r.country FROM survey_answers a JOIN responses r ON r.id = a.response_id JOIN surveys s ON s.id = a.survey_id WHERE s.shortcode = $1 ORDER BY r.store',
      [v.shortcode],
    );

  it("lands each answer under the respondent's store, with that store's region and country", async () => {
    const v = await published([places[0].store, places[2].store]);
    expect((await h.call('GET', `/api/survey/${v.shortcode}`)).body.stores).toEqual([places[0].store, places[2].store]);
    expect((await answer(v, { store: places[2].store })).status).toBe(201);
    expect((await answer(v, { store: places[0].store })).status).toBe(201);
    expect(await landed(v)).toEqual([places[0], places[2]]);
  });

  it("refuses a store that is not one of the survey's, and asks for one when none is named", async () => {
    const v = await published([places[0].store, places[2].store]);
    const other = await answer(v, { store: places[1].store });
    expect(other.status).toBe(400);
    expect(other.body.errors.store).toEqual([`This survey does not take answers for the store "${places[1].store}".`]);
    const none = await answer(v);
    expect(none.status).toBe(400);
    expect(none.body.errors.store).toEqual(['Choose the store your answers are about.']);
    expect(await landed(v)).toEqual([]);
  });

  it('says both store refusals in German to a German respondent', async () => {
    const v = await published([places[0].store, places[2].store]);
    const [nps, stars] = v.definition.questions;
    const inGerman = (extra: Record<string, unknown>) =>
      h.call('POST', `/api/survey/${v.shortcode}/responses`, { headers: { 'accept-language': 'de' }, body: { answers: { [nps.id]: 8, [stars.id]: 4 }, ...extra } });
    expect((await inGerman({ store: places[1].store })).body.errors.store).toEqual([`Diese Umfrage nimmt keine Antworten für die Filiale „${places[1].store}“ an.`]);
    expect((await inGerman({})).body.message).toBe('Wählen Sie die Filiale, auf die sich Ihre Antworten beziehen.');
  });

  it('keeps an old one-store survey working after the migration: its store becomes its only one', async () => {
    const v = await published();
    // As it was saved before surveys had several stores.
    const old = (json: string) => json.replace(`"stores":[${JSON.stringify(store)}]`, `"store":${JSON.stringify(store)}`);
    const [row] = await h.db.query<{ settings: string; published: string }>('SELECT settings, published FROM surveys WHERE shortcode = $1', [v.shortcode]);
    await h.db.query('UPDATE surveys SET settings = $1, published = $2 WHERE shortcode = $3', [old(row.settings), old(row.published), v.shortcode]);
    expect(old(row.published)).toContain('"store":');
    const migration = readFileSync(new URL('../../../server/db/migrations/025_survey_stores.sql', import.meta.url), 'utf8').replace(/--.*$/gm, '');
    for (const sql of migration.split(';').map((x) => x.trim()).filter(Boolean)) await h.db.query(sql);
    expect(((await h.call('GET', `/api/surveys/${v.shortcode}`, { token: editor })).body as View).settings.stores).toEqual([store]);
    expect((await h.call('GET', `/api/survey/${v.shortcode}`)).body.stores).toEqual([store]);
    expect((await answer(v)).status).toBe(201);
    expect((await landed(v)).map((r) => r.store)).toEqual([store]);
  });

  it("refuses a store listed twice", async () => {
    const v = await create();
    expect((await save(v, { settings: { stores: [store, store] } })).body.message).toContain('A store is listed twice.');
  });
});

describe("the public survey's language", () => {
  it("is the first of the respondent's languages the survey is offered in, else its default", async () => {
    const both = await published([store], { en: 'Store visit', de: 'Filialbesuch' });
    const english = await published();
    const page = (v: View, language: string) => h.call('GET', `/api/survey/${v.shortcode}`, { headers: { 'accept-language': language } });
    expect((await page(both, 'fr-FR, de-AT;q=0.8, en;q=0.5')).body).toMatchObject({ locales: ['en', 'de'], locale: 'de' });
    expect((await page(both, 'en-GB, de')).body.locale).toBe('en');
    expect((await page(english, 'de-DE')).body).toMatchObject({ locales: ['en'], locale: 'en' });
    expect((await page(both, 'fr')).body.locale).toBe('en');
    expect((await page(both, 'de')).headers.get('vary')).toContain('Accept-Language');
  });
});
