// Learning from a source's own scores (issue 49): the seeded responses' NPS teaches a model, kept with
// its agreement on held-out rows, and a source imported without scores is read by it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness';
import { csv, sourceImports } from './datasources-upload';
import { askForPasses, runPasses } from '../../../server/text/worker';
import { modelsOf } from '../../../server/text/store';
import { analyseSentiment } from '../../../server/text/sentiment/analyse';

let h: Harness;
let admin: string;

beforeAll(async () => {
  // Enough commented responses for a model (MIN_SCORED English ones).
  h = await harness(900);
  admin = await h.signIn('portaladmin@demo.cx');
}, 60_000);
afterAll(() => h.close());

const { sourceFrom, imported } = sourceImports(() => ({ h, token: admin }));

describe('a model learned from the responses\' scores', () => {
  it('is kept with its agreement on held-out rows, and reads a source that has no scores', async () => {
    await askForPasses(h.db, new Date());
    await runPasses(h.db);
    const [row] = await h.db.query<{ trained_on: number; held_out_rows: number; accuracy: number; macro_f1: number }>(
      "SELECT trained_on, held_out_rows, accuracy, macro_f1 FROM text_models WHERE source_id = 'responses' AND lang = 'en'",
    );
    expect(row.trained_on).toBeGreaterThan(0);
    expect(row.held_out_rows).toBeGreaterThan(0);
    for (const figure of [row.accuracy, row.macro_f1]) expect(figure).toBeGreaterThanOrEqual(0);
    for (const figure of [row.accuracy, row.macro_f1]) expect(figure).toBeLessThanOrEqual(1);

    const comment = 'The checkout queue was slow again but the staff were friendly';
    const file = csv([['Post ID', 'Text'], ['p1', comment], ['p2', 'Nothing much to say about my short visit to the shop today']]);
    const id = await sourceFrom('Tweets', file, (d) => {
      d.columns.find((c) => c.name === 'Text')!.role = 'verbatim';
    });
    await imported(id, file);
    await runPasses(h.db);
    expect((await modelsOf(h.db, id)).size).toBe(0);
    const model = (await modelsOf(h.db, 'responses')).get('en')!;
    const [stored] = await h.db.query<{ sentiment: string; score: number }>("SELECT sentiment, score FROM text_analysis WHERE source_id = $1 AND row_key = 'p1'", [id]);
    const expected = analyseSentiment(comment, { lang: 'en', model });
    expect(stored).toEqual({ sentiment: expected.label, score: expected.score });
  });
});
