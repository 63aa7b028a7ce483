import { afterEach, describe, expect, it } from 'vitest';
import { addTo, DEFAULT_PIVOT, freeDimensions, removeFrom, replaceIn } from '../../src/viewer/analytics/pivot-state';
import { filtersFor, takeHandOff } from '../../src/stores/filters';

describe('analytics view choice', () => {
  it('uses a dimension once, across rows and columns', () => {
    expect(addTo(DEFAULT_PIVOT, 'rows', 'Channel')).toBe(DEFAULT_PIVOT);
    expect(addTo(DEFAULT_PIVOT, 'columns', 'Segment').columns).toEqual(['Channel', 'Segment']);
    expect(replaceIn(DEFAULT_PIVOT, 'rows', 1, 'Region')).toBe(DEFAULT_PIVOT);
    expect(replaceIn(DEFAULT_PIVOT, 'rows', 1, 'Country').rows).toEqual(['Region', 'Country']);
    expect(freeDimensions(['Region', 'Store', 'Channel', 'Segment'], DEFAULT_PIVOT)).toEqual(['Segment']);
  });

  it('resets when the last measure is removed', () => {
    const one = removeFrom({ ...DEFAULT_PIVOT, rows: ['Segment'] }, 'measures', 'AvgNPS');
    expect(one.measures).toEqual(['InternalRecordCount']);
    expect(removeFrom(one, 'measures', 'InternalRecordCount')).toEqual(DEFAULT_PIVOT);
  });
});

describe('records hand-off', () => {
  const store = new Map<string, string>();
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
  afterEach(() => store.clear());

  it('applies a fresh hand-off to the scope and removes it', () => {
    store.set('h', JSON.stringify({ at: 1000, values: { Region: ['North'], Channel: ['Online'] } }));
    expect(takeHandOff('handoff-test', 'h', 8000, 5000)).toBe(true);
    expect(filtersFor('handoff-test').get()).toMatchObject({ dateChoice: 'ClearDate', values: { Region: ['North'], Channel: ['Online'] } });
    expect(store.has('h')).toBe(false);
  });

  it('keeps every filter of the pivot, the date included, with the cell’s values on top', () => {
    const pivot = { dateChoice: 'Last30Days', customFrom: '', customTo: '', search: 'queue', values: { Region: ['South'], Channel: ['Online'] } };
    store.set('h', JSON.stringify({ at: 1000, values: { Region: ['North'] }, filters: pivot }));
    expect(takeHandOff('handoff-date', 'h', 8000, 5000)).toBe(true);
    expect(filtersFor('handoff-date').get()).toEqual({ ...pivot, values: { Region: ['North'], Channel: ['Online'] } });
  });

  it('ignores one older than 8 s, and removes it too', () => {
    store.set('h', JSON.stringify({ at: 1000, values: { Region: ['South'] } }));
    expect(takeHandOff('handoff-old', 'h', 8000, 9001)).toBe(false);
    expect(filtersFor('handoff-old').get().values).toEqual({});
    expect(store.has('h')).toBe(false);
  });
});
