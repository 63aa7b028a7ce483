import { describe, expect, it } from 'vitest';
import { activeFilterCount, DASHBOARD_DEFAULT_DATE, DEFAULT_FILTERS, filtersFor, toggleValue, toSmartFilters } from '../../src/stores/filters';
import { dayIn, formatDay } from '../../src/lib/date-ranges';

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

  it("read All dates as a dashboard's default period where the page always shows one", () => {
    const cleared = { ...DEFAULT_FILTERS, dateChoice: 'ClearDate' as const };
    const today = new Date(2026, 10, 18);
    expect(toSmartFilters(cleared, 'ResponseDate', today, DASHBOARD_DEFAULT_DATE)).toEqual(toSmartFilters(DEFAULT_FILTERS, 'ResponseDate', today));
    expect(toSmartFilters(cleared, 'ResponseDate', today, DASHBOARD_DEFAULT_DATE)[0]).toMatchObject({ filterValue: '2026-11-12T00:00:00', filterValueUpperBound: '2026-11-18T23:59:59' });
  });

  it("count today in the portal's time zone, not the browser's", () => {
    // 23:30 UTC on the 18th is already the 19th in Tokyo and still the 18th in New York.
    const now = new Date('2026-11-18T23:30:00Z');
    expect(formatDay(dayIn('Asia/Tokyo', now))).toBe('2026-11-19');
    expect(formatDay(dayIn('America/New_York', now))).toBe('2026-11-18');
  });

  it('never adds the same value twice and drops empty keys', () => {
    const once = toggleValue(DEFAULT_FILTERS, 'Region', 'North');
    expect(toggleValue(once, 'Region', 'north').values).toEqual({});
  });
});
