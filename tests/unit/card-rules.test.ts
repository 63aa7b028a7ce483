import { describe, expect, it } from 'vitest';
import { applyFacets, bucketsOf, bucketSize, clampWindow, facetCounts, initialLimit, raisedLimit, sortCards } from '../../src/viewer/cards/card-rules';

describe('card limit', () => {
  it('starts at cardLimit.min, else 5000, and raises to cardLimit.max', () => {
    expect(initialLimit({ min: 300, max: 900 })).toBe(300);
    expect(initialLimit({})).toBe(5000);
    expect(raisedLimit({ min: 300, max: 900 })).toBe(900);
    // No maximum (or one below the minimum): nothing to raise to.
    expect(raisedLimit({ min: 300 })).toBe(300);
    expect(raisedLimit({ max: 100 })).toBe(5000);
  });
});

describe('buckets', () => {
  it('groups ceil(count/100) cards per bucket', () => {
    expect(bucketSize(1)).toBe(1);
    expect(bucketSize(100)).toBe(1);
    expect(bucketSize(101)).toBe(2);
    expect(bucketSize(5000)).toBe(50);
    const cards = Array.from({ length: 250 }, (_, i) => ({ NPS: i % 11 }));
    const buckets = bucketsOf(cards, 'NPS');
    expect(buckets).toHaveLength(84);
    expect(buckets[0]).toEqual({ from: 0, to: 3, value: 1, label: '0' });
    expect(buckets.at(-1)).toMatchObject({ from: 249, to: 250 });
  });

  it('bars count the cards when the sort field is not a number', () => {
    expect(bucketsOf([{ d: '2026-01-01' }, { d: '2026-01-02' }], 'd')[0].value).toBe(1);
  });

  it('keeps the window inside the buckets', () => {
    expect(clampWindow(0, 11, 84)).toEqual({ start: 0, visible: 11 });
    expect(clampWindow(80, 11, 84)).toEqual({ start: 73, visible: 11 });
    expect(clampWindow(-4, 11, 5)).toEqual({ start: 0, visible: 5 });
    expect(clampWindow(3, 0, 10)).toEqual({ start: 3, visible: 1 });
  });
});

describe('sorting and facets', () => {
  const cards = [
    { id: 1, NPS: 3, g: 'Detractor' },
    { id: 2, NPS: null, g: 'Promoter' },
    { id: 3, NPS: 9, g: 'Promoter' },
    { id: 4, NPS: '10', g: '' },
  ];

  it('sorts numbers as numbers either way, blanks last', () => {
    expect(sortCards(cards, 'NPS', true).map((c) => c.id)).toEqual([4, 3, 1, 2]);
    expect(sortCards(cards, 'NPS', false).map((c) => c.id)).toEqual([1, 3, 4, 2]);
  });

  it('counts each facet value, largest first, blanks as [Blank]', () => {
    expect(facetCounts(cards, ['g']).g).toEqual([
      { value: 'Promoter', count: 2 },
      { value: '[Blank]', count: 1 },
      { value: 'Detractor', count: 1 },
    ]);
  });

  it('keeps cards with any chosen value of each facet', () => {
    expect(applyFacets(cards, { g: ['Promoter', '[Blank]'] }).map((c) => c.id)).toEqual([2, 3, 4]);
    expect(applyFacets(cards, { g: [] })).toHaveLength(4);
  });
});
