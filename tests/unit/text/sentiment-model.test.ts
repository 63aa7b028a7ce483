import { describe, expect, it } from 'vitest';
import { analyseSentiment } from '../../../server/text/sentiment/analyse';
import { labelOfScore } from '../../../server/text/sentiment/evaluation';
import { trainModel } from '../../../server/text/sentiment/model';
import type { Lang, ScoredComment } from '../../../server/text/types';
import { labelled } from './labelled';

/** The labelled comments as a source's scored rows: 1, 3 or 5 stars. */
const scored = (lang: Lang): ScoredComment[] =>
  labelled(lang).map((r) => ({ text: r.text, score: { negative: 1, neutral: 3, positive: 5 }[r.label], scale: 'stars' }));

describe('sentiment: a model learned from scored comments', () => {
  it('turns scores into labels by the scale', () => {
    expect([0, 6, 7, 8, 9, 10].map((score) => labelOfScore({ score, scale: 'nps' }))).toEqual(['negative', 'negative', 'neutral', 'neutral', 'positive', 'positive']);
    expect([1, 2, 3, 4, 5].map((score) => labelOfScore({ score, scale: 'stars' }))).toEqual(['negative', 'negative', 'neutral', 'positive', 'positive']);
  });

  for (const lang of ['en', 'de'] as const) {
    it(`${lang}: is measured on held-out rows, survives JSON, and is the same when trained again`, async () => {
      const rows = scored(lang);
      const model = await trainModel(rows, lang);
      const { heldOut } = model;
      process.stdout.write(`learned from labelled-${lang}: trained on ${model.trainedOn}, held out ${heldOut.rows}: accuracy ${heldOut.accuracy}, macro-F1 ${heldOut.macroF1} (lexicon alone ${heldOut.lexicon?.accuracy}, ${heldOut.lexicon?.macroF1})\n`);
      expect(model.trainedOn + heldOut.rows).toBe(rows.length);
      expect(heldOut.rows).toBeGreaterThan(20);
      // Better than the majority label on rows it never saw.
      const majority = Math.max(...['negative', 'neutral', 'positive'].map((l) => rows.filter((r) => labelOfScore(r) === l).length)) / rows.length;
      expect(heldOut.accuracy).toBeGreaterThan(majority);
      const stored = JSON.parse(JSON.stringify(model));
      expect(await trainModel(rows, lang)).toEqual(stored);
      for (const { text } of rows.slice(0, 20)) expect(analyseSentiment(text, { model: stored })).toEqual(analyseSentiment(text, { model }));
    });
  }

  it('learns what the lexicon does not know, and reads unscored comments with it', async () => {
    // A source whose customers call a late delivery "a blue parcel": no lexicon knows that.
    const rows: ScoredComment[] = [];
    for (let i = 0; i < 60; i++) {
      rows.push({ text: `Order ${i} came as a blue parcel`, score: 1, scale: 'stars' });
      rows.push({ text: `Order ${i} came as a green parcel`, score: 5, scale: 'stars' });
      rows.push({ text: `Order ${i} came as a grey parcel`, score: 3, scale: 'stars' });
    }
    const model = await trainModel(rows, 'en');
    expect(analyseSentiment('My order came as a blue parcel again').label).toBe('neutral');
    const read = analyseSentiment('My order came as a blue parcel again', { model });
    expect(read.label).toBe('negative');
    expect(read.score).toBeLessThan(0);
    expect(analyseSentiment('My order came as a green parcel', { model }).label).toBe('positive');
    expect(model.heldOut.accuracy).toBeGreaterThan(model.heldOut.lexicon?.accuracy ?? 1);
  });
});
