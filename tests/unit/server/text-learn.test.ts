// Learning from a source's own scores (issue 49): a source's scores teach a model, kept with its
// agreement on held-out rows beside the word lists', used only where it reads better, and sources
// imported without scores are read by it (those read before, again).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness';
import { csv, sourceImports } from './datasources-upload';
import { askForPasses, runPasses } from '../../../server/text/worker';
import { modelsOf } from '../../../server/text/store';
import { analyseSentiment } from '../../../server/text/sentiment/analyse';
import type { LearnedModel } from '../../../server/text/types';

let h: Harness;
let admin: string;

beforeAll(async () => {
  // Enough commented responses for a model (MIN_SCORED English ones).
  h = await harness(900);
  admin = await h.signIn('portaladmin@demo.cx');
}, 60_000);
afterAll(() => h.close());

const { sourceFrom, imported } = sourceImports(() => ({ h, token: admin }));

/** A source of posts without scores (`Text` its verbatim) made and imported from `posts` ([key, text]); its id. */
async function postsImported(name: string, posts: Array<[string, string]>): Promise<string> {
  const file = csv([['Post ID', 'Text'], ...posts]);
  const id = await sourceFrom(name, file, (d) => {
    d.columns.find((c) => c.name === 'Text')!.role = 'verbatim';
  });
  await imported(id, file);
  return id;
}

/** The model a source's stored analysis of row `key` was read with: equal to reading `text` with `model` (none: the word lists). */
async function expectReadBy(id: string, key: string, text: string, model: LearnedModel | undefined) {
  const [stored] = await h.db.query<{ sentiment: string; score: number }>('SELECT sentiment, score FROM text_analysis WHERE source_id = $1 AND row_key = $2', [id, key]);
  const expected = analyseSentiment(text, { lang: 'en', model });
  expect(stored).toEqual({ sentiment: expected.label, score: expected.score });
}

/** Learned figures and use of a source's model of English, as its page shows them. */
const englishModel = async (source: string) => ((await textAnalysis(source)).models as Array<Record<string, unknown>>).find((m) => m.lang === 'en');
async function textAnalysis(source: string) {
  const res = await h.call('GET', `/api/datasources/${source}`, { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.textAnalysis;
}
const generation = async (id: string) => Number((await h.db.query<{ generation: number }>('SELECT generation FROM text_backfills WHERE source_id = $1', [id]))[0].generation);

/** Rows `from`..`to` of a survey whose scores follow words the word lists do not know (the parcel locker pleases, the courier app does not). */
const lockerRows = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, k) => {
    const i = from + k;
    return i % 2 ? [`r${i}`, `Used the parcel locker for order ${i}`, String(9 + (i % 4 === 1 ? 1 : 0))] : [`r${i}`, `Used the courier app for order ${i}`, String(i % 3)];
  });
const lockerFile = (rows: string[][]) => csv([['Response ID', 'Comment', 'How likely are you to recommend us?'], ...rows]);

/**
 * A source of such answers: a model learned from it must read better than the word lists. 1,600
 * rows by default, so its model is learned from more comments than the seeded responses'.
 */
async function lockerFeedback(name = 'Locker feedback', rows = 1600): Promise<string> {
  const file = lockerFile(lockerRows(0, rows));
  const id = await sourceFrom(name, file, (d) => {
    d.columns.find((c) => c.name === 'Comment')!.role = 'verbatim';
  });
  await imported(id, file);
  return id;
}

describe('a model learned from a source\'s scores', () => {
  it('is kept with its agreement on held-out rows beside the word lists\', and reads the source only where it reads better', async () => {
    await askForPasses(h.db, new Date());
    await runPasses(h.db);
    const model = (await modelsOf(h.db, 'responses')).get('en')!;
    expect(model.trainedOn).toBeGreaterThan(0);
    const shown = await englishModel('responses');
    expect(shown).toMatchObject({ from: 'own', sourceId: 'responses', trainedOn: model.trainedOn, heldOutRows: model.heldOut.rows, accuracy: model.heldOut.accuracy, macroF1: model.heldOut.macroF1 });
    expect(shown!.inUse).toBe(model.heldOut.macroF1 > (model.heldOut.lexicon?.macroF1 ?? 0));
    for (const figure of ['accuracy', 'macroF1', 'lexiconAccuracy', 'lexiconMacroF1']) expect(shown![figure]).toBeGreaterThanOrEqual(0);
    // A response is read by the model only if it won; else by the word lists.
    const [row] = await h.db.query<{ k: string; text: string }>("SELECT CAST(id AS VARCHAR) AS k, COALESCE(verbatim_raw, verbatim) AS text FROM responses WHERE verbatim IS NOT NULL ORDER BY id LIMIT 1");
    await expectReadBy('responses', row.k, row.text, shown!.inUse ? model : undefined);
  });

  it('reads sources without scores, and has those the word lists read before read again by it', async () => {
    const comment = 'Tried the parcel locker today';
    const early = await postsImported('Early tweets', [['e1', comment], ['e2', 'Lovely staff, quick delivery and a fair price, thank you']]);
    await runPasses(h.db);
    const before = await generation(early);
    expect(analyseSentiment(comment, { lang: 'en' }).label).toBe('neutral');

    // The scored source's first pass learns from its scores: the early source is read again by that model.
    const lockers = await lockerFeedback();
    await runPasses(h.db);
    const learned = await englishModel(lockers);
    expect(learned).toMatchObject({ from: 'own', sourceId: lockers, sourceName: 'Locker feedback', inUse: true });
    expect(learned!.macroF1 as number).toBeGreaterThan(learned!.lexiconMacroF1 as number);
    expect(await generation(early)).toBeGreaterThan(before);
    const read = await textAnalysis(early);
    expect(read.state).toBe('done');
    expect(read.models).toEqual([{ ...learned, from: 'portal' }]);
    const model = (await modelsOf(h.db, lockers)).get('en')!;
    await expectReadBy(early, 'e1', comment, model);
    expect(analyseSentiment(comment, { lang: 'en', model }).label).toBe('positive');

    // A source imported later is read by it from its first pass.
    const later = await postsImported('Tweets', [['p1', 'The courier app again, order 77'], ['p2', 'Nothing much to say about my short visit to the shop today']]);
    await runPasses(h.db);
    expect((await modelsOf(h.db, later)).size).toBe(0);
    await expectReadBy(later, 'p1', 'The courier app again, order 77', model);
    expect(analyseSentiment('The courier app again, order 77', { lang: 'en', model }).label).toBe('negative');
  });

  it('is learned once a source that began small has enough scored comments, and again when they have doubled', async () => {
    // 300 scored answers: too few to learn from; the word lists (or the portal's model) read them.
    const id = await lockerFeedback('Small locker survey', 300);
    await runPasses(h.db);
    expect((await modelsOf(h.db, id)).size).toBe(0);

    // 900 more: the pass over them learns first, and reads by the model.
    await imported(id, lockerFile(lockerRows(300, 1200)));
    await runPasses(h.db);
    const first = (await modelsOf(h.db, id)).get('en')!;
    expect(await englishModel(id)).toMatchObject({ from: 'own', sourceId: id, inUse: true, trainedOn: first.trainedOn });
    await expectReadBy(id, 'r1100', 'Used the courier app for order 1100', first);

    // Not learned again until they have doubled: 1,300 more, and the next sweep learns from 2,500
    // and has the whole history read again by the new model.
    const before = await generation(id);
    await askForPasses(h.db, new Date());
    expect(await generation(id)).toBe(before);
    await imported(id, lockerFile(lockerRows(1200, 2500)));
    await runPasses(h.db);
    await askForPasses(h.db, new Date());
    expect(await generation(id)).toBeGreaterThan(before);
    await runPasses(h.db);
    const second = (await modelsOf(h.db, id)).get('en')!;
    expect(second.trainedOn).toBeGreaterThan(first.trainedOn);
    expect(await englishModel(id)).toMatchObject({ from: 'own', trainedOn: second.trainedOn });
    await expectReadBy(id, 'r0', 'Used the courier app for order 0', second);
  });
});
