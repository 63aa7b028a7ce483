import { describe, expect, it } from 'vitest';
import { longDate, shortDate } from '../../src/lib/dates';

describe('the portal’s date formats (spec part 1 section 9)', () => {
  it('writes short dates as DD/MM/YYYY and long ones as YYYY-MM-DDTHH:mm:ss, whatever the browser’s locale', () => {
    expect(shortDate('2026-03-07T09:05:04')).toBe('07/03/2026');
    expect(longDate('2026-03-07T09:05:04')).toBe('2026-03-07T09:05:04');
    expect(longDate('2026-03-07 09:05')).toBe('2026-03-07T09:05:00');
    expect(shortDate('2026-03-07')).toBe('07/03/2026');
  });

  it('shows an instant in the viewer’s time zone', () => {
    const local = new Date(2026, 10, 20, 23, 30, 15);
    expect(shortDate(local)).toBe('20/11/2026');
    expect(longDate(local.toISOString())).toBe('2026-11-20T23:30:15');
  });

  it('leaves blanks blank and non-dates as they are', () => {
    expect(shortDate(null)).toBe('');
    expect(longDate('')).toBe('');
    expect(shortDate('not a date')).toBe('not a date');
  });
});
