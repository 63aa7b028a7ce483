import { describe, expect, it } from 'vitest';
import type { Lang, Sentiment, Span, Topic } from '../../../server/text/types';
import { matchTopics } from '../../../server/text/topics/match';
import { proposeTopics } from '../../../server/text/topics/propose';
import { topicImpact } from '../../../server/text/topics/impact';
import { STARTER_TAXONOMY, starterTopics } from '../../../server/text/topics/starter';
import { stem } from '../../../server/text/topics/stem';
import { clauses } from '../../../server/text/topics/tokens';

/** A stand-in for the sentiment engine (T1 writes the real one): a word list, spans in the text's offsets. */
const POSITIVE = ['friendly', 'great', 'quick', 'lovely', 'freundlich', 'schnell', 'super'];
const NEGATIVE = ['late', 'rude', 'slow', 'dirty', 'broken', 'spät', 'teuer', 'unfreundlich', 'schmutzig'];
function fakeSentiment(lang: Lang) {
  return (text: string): Sentiment => {
    const spans: Span[] = [];
    for (const m of text.matchAll(/[\p{L}]+/gu)) {
      const word = m[0].toLowerCase();
      const weight = POSITIVE.includes(word) ? 1 : NEGATIVE.includes(word) ? -1 : 0;
      if (weight) spans.push({ start: m.index, end: m.index + m[0].length, weight, reason: `${weight > 0 ? 'positive' : 'negative'} word "${word}"` });
    }
    const score = spans.length ? spans.reduce((s, x) => s + x.weight, 0) / spans.length : 0;
    return { label: score > 0 ? 'positive' : score < 0 ? 'negative' : 'neutral', score, lang, spans };
  };
}

const topic = (id: string, terms: string[], exclusions: string[] = [], parentId?: string): Topic => ({ id, name: id, terms, exclusions, parentId });
const ids = (text: string, topics: Topic[], lang: Lang) => matchTopics(text, topics, lang, fakeSentiment(lang)).map((h) => h.topicId);
const spanTexts = (text: string, spans: Span[]) => spans.map((s) => text.slice(s.start, s.end));

describe('stems', () => {
  it('should bring the inflections of a word to one stem, in English and German', () => {
    const en = ['delivery', 'delivered', 'deliveries', 'delivering', 'deliver'].map((w) => stem(w, 'en'));
    expect(new Set(en).size).toBe(1);
    expect(stem('waiter', 'en')).not.toBe(stem('waiting', 'en'));
    const de = ['Lieferung', 'Lieferungen', 'geliefert', 'liefern', 'lieferte'].map((w) => stem(w, 'de'));
    expect(new Set(de).size).toBe(1);
    expect(stem('Preise', 'de')).toBe(stem('Preis', 'de'));
    expect(stem('freundlicher', 'de')).toBe(stem('Freundlichkeit', 'de'));
    expect(stem('gewartet', 'de')).toBe(stem('warten', 'de'));
  });
});

describe('clauses', () => {
  it('should split sentences and clauses at punctuation and turning words, with offsets into the text', () => {
    const text = 'Staff were friendly, but the delivery was late. Z. B. die Kasse! Und dann?';
    const parts = clauses(text).map((c) => [text.slice(c.start, c.end), c.sentence]);
    expect(parts).toEqual([
      ['Staff were friendly', 0],
      ['the delivery was late.', 0],
      ['Z. B. die Kasse!', 1],
      ['Und dann?', 2],
    ]);
  });
});

describe('matchTopics', () => {
  const delivery = [topic('delivery', ['delivery', 'Lieferung'])];

  it('should match a term in any inflection, and German compounds by their parts', () => {
    expect(ids('It was delivered to the wrong house.', delivery, 'en')).toEqual(['delivery']);
    expect(ids('Two deliveries went missing.', delivery, 'en')).toEqual(['delivery']);
    expect(ids('Das Paket wurde nie geliefert.', delivery, 'de')).toEqual(['delivery']);
    expect(ids('Die Lieferzeit war lang, die Paketlieferung auch.', delivery, 'de')).toEqual(['delivery']);
    expect(ids('Our deliverance came late.', delivery, 'en')).toEqual([]);
  });

  it('should mark where each term matched, with the term as its reason', () => {
    const text = 'Delivery was fine, but the refund took weeks.';
    const hits = matchTopics(text, [topic('refunds', ['refund']), ...delivery], 'en', fakeSentiment('en'));
    expect(hits.map((h) => [h.topicId, spanTexts(text, h.spans), h.spans[0].reason])).toEqual([
      ['refunds', ['refund'], 'topic term "refund"'],
      ['delivery', ['Delivery'], 'topic term "delivery"'],
    ]);
  });

  it('should highlight the longest match where terms overlap', () => {
    const text = 'The shoes were out of stock, and the late delivery did not help.';
    const hits = matchTopics(text, starterTopics(), 'en', fakeSentiment('en'));
    expect(hits.map((h) => [h.topicId, spanTexts(text, h.spans)])).toEqual([
      ['delivery', ['late delivery']],
      ['delivery-late', ['late delivery']],
      ['stock', ['out of stock']],
    ]);
  });

  it('should let an exclusion suppress only the matches it covers', () => {
    const problems = [topic('problems', ['problem'], ['no problem'])];
    expect(ids('No problem at all, thanks!', problems, 'en')).toEqual([]);
    const text = 'No problems with the staff, but a real problem with the app.';
    const [hit] = matchTopics(text, problems, 'en', fakeSentiment('en'));
    expect(spanTexts(text, hit.spans)).toEqual(['problem']);
    expect(hit.spans[0].start).toBe(text.lastIndexOf('problem'));
    expect(ids('The app is very user friendly.', starterTopics(), 'en')).toEqual(['digital']);
    expect(ids('I will definitely return!', starterTopics(), 'en')).toEqual([]);
  });

  it('should count a sub-topic hit for its parent too, saying which sub-topic', () => {
    const text = 'My refund has not been processed.';
    const hits = matchTopics(text, starterTopics(), 'en', fakeSentiment('en'));
    expect(hits.map((h) => h.topicId)).toEqual(['returns', 'refunds']);
    expect(hits[0].spans[0].reason).toBe('topic term "refund" of sub-topic "Refunds"');
    expect(ids('Die Rückerstattung dauert ewig.', starterTopics(), 'de')).toEqual(['waiting', 'returns', 'refunds']);
  });

  it('should give each topic of a comment the sentiment of its own clause', () => {
    const text = 'The staff were friendly, but the delivery was late.';
    const hits = matchTopics(text, starterTopics(), 'en', fakeSentiment('en'));
    expect(hits.map((h) => [h.topicId, h.sentiment.label])).toEqual([
      ['delivery', 'negative'],
      ['staff', 'positive'],
    ]);
    expect(spanTexts(text, hits[0].sentiment.spans)).toEqual(['late']);
    expect(spanTexts(text, hits[1].sentiment.spans)).toEqual(['friendly']);

    const de = 'Das Personal war freundlich, aber die Lieferung kam zu spät.';
    const deHits = matchTopics(de, starterTopics(), 'de', fakeSentiment('de'));
    expect(deHits.map((h) => [h.topicId, h.sentiment.label])).toEqual([
      ['delivery', 'negative'],
      ['delivery-late', 'negative'],
      ['staff', 'positive'],
    ]);
  });

  it('should read the rest of the sentence when the clause naming a topic judges nothing, unless it is about another topic', () => {
    const text = 'The delivery, which I ordered on Monday, was late.';
    expect(matchTopics(text, delivery, 'en', fakeSentiment('en'))[0].sentiment.label).toBe('negative');
    const two = 'Friendly staff, the delivery came on Tuesday.';
    const hits = matchTopics(two, starterTopics(), 'en', fakeSentiment('en'));
    expect(hits.map((h) => [h.topicId, h.sentiment.label])).toEqual([
      ['delivery', 'neutral'],
      ['staff', 'positive'],
    ]);
  });
});

describe('the starter taxonomy', () => {
  it('should have unique ids, known parents, and every term find its own topic in its language', () => {
    const topics = starterTopics();
    expect(new Set(topics.map((t) => t.id)).size).toBe(topics.length);
    expect(topics.filter((t) => t.parentId).every((t) => topics.some((p) => p.id === t.parentId))).toBe(true);
    const missed = STARTER_TAXONOMY.flatMap((t) =>
      (['en', 'de'] as const).flatMap((lang) => t.terms[lang].filter((term) => !ids(term, topics, lang).includes(t.id)).map((term) => `${lang} ${t.id}: ${term}`)),
    );
    expect(missed).toEqual([]);
    expect(starterTopics(['de'], 'de').find((t) => t.id === 'waiting')).toMatchObject({ name: 'Wartezeit', exclusions: [] });
  });

  it('should count a shortage of staff for the staff, not for product quality', () => {
    expect(ids('Personalmangel an der Kasse.', starterTopics(), 'de')).toEqual(['staff', 'checkout']);
  });
});

const EN_CORPUS = [
  'The delivery was two days late and nobody told me why.',
  'Delivery took a week, far too long for a small parcel.',
  'My delivery arrived damaged, the box was crushed.',
  'Fast delivery, very happy with the order.',
  'The driver left the delivery at the wrong house.',
  'Deliveries are always late in my area.',
  'It was delivered to my neighbour without any note.',
  'Great delivery service, will order again.',
  'The staff were really friendly and helpful.',
  'Friendly staff at the counter, thank you!',
  'One of the staff was rude to my mother.',
  'Staff ignored me for ten minutes.',
  'Lovely staff, always smiling.',
  'The new staff member did not know the prices.',
  'Still waiting for my refund after three weeks.',
  'The refund was processed quickly, no complaints.',
  'I asked for a refund and got a voucher instead.',
  'Refunds take far too long.',
  'No refund yet, very annoying.',
  'The queue at the tills was huge on Saturday.',
  'Long queue and only one till open.',
  'I stood in the queue for twenty minutes.',
  'The queues are getting worse every week.',
  'Huge queue again this morning.',
  'Nice atmosphere, lovely music.',
  'Parking was easy.',
  'Everything fine.',
  'Good selection of organic vegetables.',
  'I like the new layout.',
  'Will come back.',
];

const DE_CORPUS = [
  'Die Lieferung kam zwei Tage zu spät.',
  'Leider wurde das Paket nicht geliefert.',
  'Die Lieferzeit war viel zu lang.',
  'Schnelle Lieferung, alles bestens.',
  'Der Fahrer hat die Lieferung einfach vor die Tür gestellt.',
  'Bisher wurde nichts geliefert, sehr ärgerlich.',
  'Die Lieferungen kommen immer pünktlich.',
  'Das Personal war sehr freundlich.',
  'Sehr nettes Personal an der Kasse.',
  'Das Personal im Markt ist leider oft überfordert.',
  'Freundliches und kompetentes Personal.',
  'Das Personal hat mich gut beraten.',
  'Die Wartezeit an der Kasse war viel zu lang.',
  'Lange Wartezeiten am Telefon.',
  'Wir mussten ewig warten, die Wartezeit war eine Zumutung.',
  'Die Wartezeit ist in letzter Zeit besser geworden.',
  'Die Preise sind zu hoch.',
  'Gute Preise und große Auswahl.',
  'Der Preis für Obst ist in Ordnung.',
  'Die Preise sind in letzter Zeit stark gestiegen.',
  'Alles bestens, gerne wieder.',
  'Die Musik im Laden war zu laut.',
  'Parkplätze sind knapp.',
  'Tolle Auswahl an Brot.',
];

describe('proposeTopics', () => {
  it('should find the themes planted in English comments, with their counts and examples', () => {
    const found = proposeTopics(EN_CORPUS, 'en');
    expect(found.slice(0, 4).map((c) => [c.name, c.count])).toEqual([
      ['Delivery', 8],
      ['Staff', 6],
      ['Queue', 5],
      ['Refund', 5],
    ]);
    const delivery = found[0];
    expect(delivery.terms).toEqual(expect.arrayContaining(['delivery', 'delivered', 'deliveries']));
    expect(delivery.examples).toEqual(EN_CORPUS.slice(0, 3));
    expect(found.every((c) => c.examples.length === Math.min(3, c.count))).toBe(true);
  });

  it('should find the themes planted in German comments, grouping inflections and compounds', () => {
    const found = proposeTopics(DE_CORPUS, 'de');
    expect(found.slice(0, 4).map((c) => [c.name, c.count])).toEqual([
      ['Lieferung', 7],
      ['Personal', 5],
      ['Preise', 4],
      ['Wartezeit', 4],
    ]);
    expect(found[0].terms).toEqual(expect.arrayContaining(['Lieferung', 'geliefert', 'Lieferzeit', 'Lieferungen']));
  });

  it('should leave out phrases rarer than the minimum count, and keep to the top N', () => {
    expect(proposeTopics(EN_CORPUS, 'en', { minCount: 6 }).map((c) => c.name)).toEqual(['Delivery', 'Staff']);
    expect(proposeTopics(EN_CORPUS, 'en', { top: 1 })).toHaveLength(1);
    expect(proposeTopics([], 'de')).toEqual([]);
  });

  it('should propose what a judgement is about, not the judgement, with different texts as examples', () => {
    // A template answered many times (as surveys are): the same text must not fill the examples.
    const texts = [
      ...Array.from({ length: 5 }, () => 'Brilliant shop, the staff could not have been more helpful.'),
      'Rude staff and a long queue, though the till was quick.',
      'Helpful staff, though the queue was long.',
      'Useless staff, nobody knew anything.',
    ];
    const found = proposeTopics(texts, 'en');
    expect(found.map((c) => c.name)).toEqual(['Staff', 'Queue']);
    expect(found[0].terms).toEqual(['staff']);
    expect(found[0].examples).toEqual([texts[0], ...texts.slice(5, 7)]);
  });
});

describe('topicImpact', () => {
  it('should compare the NPS of rows mentioning a topic with the others, flagging small counts', () => {
    // Mentioning delivery: 10, 9, 3, 7 -> 2 promoters, 1 detractor of 4 = +25.
    // Not: 10, 6, 5, 8, 9, 0 -> 2 promoters, 3 detractors of 6 = -16.67. Difference 41.67.
    const rows = [
      ...[10, 9, 3, 7].map((score) => ({ score, topicIds: ['delivery'] })),
      ...[10, 6, 5, 8, 9, 0].map((score) => ({ score, topicIds: [] })),
      { score: null, topicIds: ['delivery'] },
      { score: 11, topicIds: ['delivery'] },
    ];
    const [impact] = topicImpact(rows, 'nps');
    expect(impact.topicId).toBe('delivery');
    expect(impact.mentioning).toEqual({ count: 4, nps: 25 });
    expect(impact.others.count).toBe(6);
    expect(impact.others.nps).toBeCloseTo(-16.667, 2);
    expect(impact.difference).toBeCloseTo(41.667, 2);
    expect(impact.tooFew).toBe(true);
  });

  it('should read stars as 4-5 promoting and 1-2 detracting, and rank readable topics first by how far they move the score', () => {
    const rows = [
      ...Array.from({ length: 20 }, () => ({ score: 5, topicIds: ['staff'] })),
      ...Array.from({ length: 10 }, () => ({ score: 2, topicIds: ['staff', 'price'] })),
      ...Array.from({ length: 15 }, () => ({ score: 4, topicIds: [] })),
      ...Array.from({ length: 15 }, () => ({ score: 1, topicIds: [] })),
    ];
    const result = topicImpact(rows, 'stars', ['app']);
    expect(result.map((r) => [r.topicId, r.mentioning.count, r.others.count, r.tooFew])).toEqual([
      ['staff', 30, 30, false],
      ['price', 10, 50, true],
      ['app', 0, 60, true],
    ]);
    expect(result[0].mentioning.nps).toBeCloseTo(33.333, 2);
    expect(result[0].others.nps).toBe(0);
    expect(result[0].difference).toBeCloseTo(33.333, 2);
    // Price: 10 detractors (-100) against 35 promoters and 15 detractors of 50 (+40).
    expect(result[1].difference).toBe(-140);
    expect(result[2]).toMatchObject({ mentioning: { count: 0, nps: null }, difference: null });
  });
});
