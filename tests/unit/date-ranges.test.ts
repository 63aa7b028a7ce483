import { describe, expect, it } from 'vitest';
import { customRangeRulesOf, DATE_CHOICES, formatDay, monthChoices, rangeFor, toFilterBounds, validateCustomRange, type DayRange } from '../../src/lib/date-ranges';
import { dropdownHeight } from '../../src/filters/smart-filter-bar/dimension-picker';

const days = (r: DayRange | null) => (r ? [formatDay(r.from), formatDay(r.to)] : null);
const wed = new Date(2026, 10, 18); // Wednesday 18 November 2026

describe('date filter choices', () => {
  it('covers every choice of the spec', () => {
    expect(DATE_CHOICES).toHaveLength(15);
  });

  it('computes calendar ranges with weeks from Monday', () => {
    expect(days(rangeFor('Today', wed))).toEqual(['2026-11-18', '2026-11-18']);
    expect(days(rangeFor('Yesterday', wed))).toEqual(['2026-11-17', '2026-11-17']);
    expect(days(rangeFor('ThisWeek', wed))).toEqual(['2026-11-16', '2026-11-22']);
    expect(days(rangeFor('LastWeek', wed))).toEqual(['2026-11-09', '2026-11-15']);
    expect(days(rangeFor('ThisMonth', wed))).toEqual(['2026-11-01', '2026-11-30']);
    expect(days(rangeFor('LastMonth', wed))).toEqual(['2026-10-01', '2026-10-31']);
    expect(days(rangeFor('ThisQuarter', wed))).toEqual(['2026-10-01', '2026-12-31']);
    expect(days(rangeFor('LastQuarter', wed))).toEqual(['2026-07-01', '2026-09-30']);
    expect(days(rangeFor('ThisYear', wed))).toEqual(['2026-01-01', '2026-12-31']);
    expect(days(rangeFor('LastYear', wed))).toEqual(['2025-01-01', '2025-12-31']);
    expect(days(rangeFor('Last7Days', wed))).toEqual(['2026-11-12', '2026-11-18']);
    expect(days(rangeFor('Last30Days', wed))).toEqual(['2026-10-20', '2026-11-18']);
    expect(days(rangeFor('Last90Days', wed))).toEqual(['2026-08-21', '2026-11-18']);
    expect(rangeFor('CustomRange', wed)).toBeNull();
    expect(rangeFor('ClearDate', wed)).toBeNull();
  });

  it('handles a Sunday, a year start and a leap day', () => {
    expect(days(rangeFor('ThisWeek', new Date(2026, 10, 22)))).toEqual(['2026-11-16', '2026-11-22']);
    expect(days(rangeFor('LastQuarter', new Date(2026, 0, 5)))).toEqual(['2025-10-01', '2025-12-31']);
    expect(days(rangeFor('LastMonth', new Date(2028, 2, 31)))).toEqual(['2028-02-01', '2028-02-29']);
  });

  it('ends the upper bound one second before the next day', () => {
    expect(toFilterBounds(rangeFor('Today', wed)!)).toEqual({ filterValue: '2026-11-18T00:00:00', filterValueUpperBound: '2026-11-18T23:59:59' });
  });
});

describe('custom range validation', () => {
  it('gives the spec codes', () => {
    expect(validateCustomRange('', '2026-11-01')).toEqual({ error: 'dateRangeRequired' });
    expect(validateCustomRange('', '', { allowNullDates: true })).toBeNull();
    expect(validateCustomRange('2026-02-30', '2026-03-01')).toEqual({ error: 'invalidDateFormat' });
    expect(validateCustomRange('18/11/2026', '2026-11-20')).toEqual({ error: 'invalidDateFormat' });
    expect(validateCustomRange('2026-11-20', '2026-11-18')).toEqual({ error: 'invalidDateFormat' });
    expect(validateCustomRange('2026-09-01', '2026-11-01')).toEqual({ error: 'dateRangeMoreThan6Weeks' });
    expect(days(validateCustomRange('2026-09-01', '2026-11-01', { ignoreRangeValidation: true }) as DayRange)).toEqual(['2026-09-01', '2026-11-01']);
    expect(validateCustomRange('2026-11-01', '2026-11-10', { defaultRangeDays: 7 })).toEqual({ error: 'dateRangeExceeded' });
    expect(days(validateCustomRange('2026-10-01', '2026-11-11') as DayRange)).toEqual(['2026-10-01', '2026-11-11']);
  });
});

describe('the month list and the data source’s range rules', () => {
  it('offers the current month and the previous 5, each covering its whole month', () => {
    expect(monthChoices(new Date(2026, 1, 14))).toEqual(['Month:2026-02', 'Month:2026-01', 'Month:2025-12', 'Month:2025-11', 'Month:2025-10', 'Month:2025-09']);
    const range = rangeFor('Month:2026-02', new Date(2026, 10, 23))!;
    expect([formatDay(range.from), formatDay(range.to)]).toEqual(['2026-02-01', '2026-02-28']);
  });

  it('reads the custom-range rules from the data source settings', () => {
    expect(customRangeRulesOf(undefined)).toEqual({ allowNullDates: false, ignoreRangeValidation: false, defaultRangeDays: undefined });
    const rules = customRangeRulesOf({ allowNullDates: true, ignoreRangeValidation: true, defaultRangeDays: 60 });
    expect(validateCustomRange('', '', rules)).toBeNull();
    expect(validateCustomRange('2026-01-01', '2026-02-20', rules)).toMatchObject({ from: new Date(2026, 0, 1) });
    expect(validateCustomRange('2026-01-01', '2026-03-20', rules)).toEqual({ error: 'dateRangeExceeded' });
    expect(validateCustomRange('', '', customRangeRulesOf(null))).toEqual({ error: 'dateRangeRequired' });
  });

  it('sizes a value list at 28.35 px per item plus 37, at most 600 px', () => {
    expect(dropdownHeight(4)).toBeCloseTo(150.4);
    expect(dropdownHeight(40)).toBe(600);
  });
});
