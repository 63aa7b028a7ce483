import { describe, expect, it } from 'vitest';
import { dateFormat, dateText, dateTimeText, numberFormat } from '../../src/lib/intl';
import { displayValue } from '../../src/visuals/comment-list/rules';

const when = new Date('2026-03-04T17:06:07Z');

describe('formatters made once', () => {
  it('gives the same formatter back for the same language and options', () => {
    expect(numberFormat('de', { maximumFractionDigits: 1 })).toBe(numberFormat('de', { maximumFractionDigits: 1 }));
    expect(dateFormat('en', { month: 'long' })).toBe(dateFormat('en', { month: 'long' }));
    expect(dateFormat('en', { month: 'long' })).not.toBe(dateFormat('de', { month: 'long' }));
  });

  it('shows dates and times as the Date methods they replace do, in each language', () => {
    for (const lang of ['en', 'en-GB', 'de', 'fr', undefined]) {
      expect(dateTimeText(when, lang)).toBe(when.toLocaleString(lang));
      expect(dateText(when, lang)).toBe(when.toLocaleDateString(lang));
    }
  });

  it("reads the server's time (UTC without a zone) as that instant", () => {
    expect(dateTimeText('2026-03-04T17:06:07', 'de')).toBe(when.toLocaleString('de'));
    expect(dateText('2026-03-04T17:06:07', 'en-GB')).toBe(when.toLocaleDateString('en-GB'));
    // A time that names its zone keeps it.
    expect(dateTimeText('2026-03-04T18:06:07+01:00', 'en')).toBe(when.toLocaleString('en'));
  });

  it("shows a comment list's ISO date as 'DD MMM YYYY' and other text as it is", () => {
    expect(displayValue('2026-03-04T17:06:07')).toBe('04 Mar 2026');
    expect(displayValue('2026-12-31T23:59')).toBe('31 Dec 2026');
    expect(displayValue('Great staff, 2026-03-04 visit')).toBe('Great staff, 2026-03-04 visit');
  });
});
