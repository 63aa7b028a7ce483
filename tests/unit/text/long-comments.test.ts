// Comments of any length (an imported cell, a synced review) are read up to ANALYSED_CHARS: what
// stands after that changes nothing, and highlights stay inside the part that was read. Runs of
// spaces, dots and dashes split into the clauses a reader sees.
import { describe, expect, it } from 'vitest';
import { ANALYSED_CHARS, analysedPart } from '../../../server/text/clip';
import { analyseSentiment } from '../../../server/text/sentiment/analyse';
import { matchTopics } from '../../../server/text/topics/match';
import { clauses } from '../../../server/text/topics/tokens';

const delivery = [{ id: 'delivery', name: 'Delivery', terms: ['delivery'], exclusions: [] }];
const sentimentOf = (text: string) => analyseSentiment(text, { lang: 'en' });

describe('a long comment', () => {
  it('is read up to the end of the last whole word within the limit', () => {
    const text = `${'word '.repeat(ANALYSED_CHARS / 5 - 1)}delivery and more`;
    const part = analysedPart(text);
    expect(part.length).toBeLessThanOrEqual(ANALYSED_CHARS);
    expect(text.startsWith(part)).toBe(true);
    expect(part.endsWith('word')).toBe(true);
    expect(analysedPart('short text')).toBe('short text');
  });

  it('keeps its sentiment and topics to the part read: a judgement past the limit changes nothing', () => {
    const head = `The delivery was great. ${'Fine. '.repeat(1000)}`;
    const text = `${head}${'Terrible, awful, refund! '.repeat(40_000)}`;
    expect(analyseSentiment(text, { lang: 'en' })).toEqual(analyseSentiment(analysedPart(text), { lang: 'en' }));
    expect(analyseSentiment(text, { lang: 'en' }).label).toBe('positive');
    const hits = matchTopics(`${head}${'delivery '.repeat(100_000)}`, delivery, 'en', sentimentOf);
    expect(hits).toHaveLength(1);
    expect(hits[0].spans.every((s) => s.end <= ANALYSED_CHARS)).toBe(true);
  });

  it('splits runs of spaces, dots and dashes like short ones', () => {
    const parts = (text: string) => clauses(text).map((c) => text.slice(c.start, c.end));
    expect(parts(`Slow${' '.repeat(50_000)}, but friendly`)).toEqual(['Slow', 'friendly']);
    expect(parts(`Late${'.'.repeat(50_000)} Never again`)).toEqual([`Late${'.'.repeat(50_000)}`, 'Never again']);
    expect(parts(`Dots${'.'.repeat(50_000)}x`)).toEqual([`Dots${'.'.repeat(50_000)}x`]);
    const dashed = parts(`Queue${' - '.repeat(10_000)}staff`);
    expect([dashed[0], dashed.length, dashed[1].endsWith('staff')]).toEqual(['Queue', 2, true]);
  });
});
