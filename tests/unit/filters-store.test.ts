import { describe, expect, it } from 'vitest';
import { activeFilterCount, DEFAULT_FILTERS, filtersFor, toggleValue, toSmartFilters } from '../../src/stores/filters';

describe('filter scopes', () => {
  it('share one store per scope name', () => {
    expect(filtersFor('north')).toBe(filtersFor('north'));
    expect(filtersFor('north')).not.toBe(filtersFor('south'));
    expect(filtersFor('fresh').get().dateChoice).toBe('Last7Days');
  });

  it('turn a state into smart filters for the API', () => {
    const state = toggleValue(toggleValue({ ...DEFAULT_FILTERS, search: ' queue ' }, 'Region', 'North'), 'Region', 'South');
    expect(toSmartFilters(state, 'ResponseDate', new Date(2026, 10, 18))).toEqual([
      { filterKey: 'ResponseDate', filterDataType: 'DateTime', filterValue: '2026-11-12T00:00:00', filterValueUpperBound: '2026-11-18T23:59:59' },
      { filterKey: 'Search', filterValue: 'queue', filterDataType: 'Search' },
      { filterKey: 'Region', filterValue: 'North' },
      { filterKey: 'Region', filterValue: 'South' },
    ]);
    expect(activeFilterCount(state)).toBe(4);
    expect(toSmartFilters({ ...DEFAULT_FILTERS, dateChoice: 'ClearDate' }, 'ResponseDate')).toEqual([]);
  });

  it('never adds the same value twice and drops empty keys', () => {
    const once = toggleValue(DEFAULT_FILTERS, 'Region', 'North');
    expect(toggleValue(once, 'Region', 'north').values).toEqual({});
  });
});
