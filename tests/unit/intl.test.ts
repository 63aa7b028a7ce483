import { describe, expect, it } from 'vitest';
import { numberFormat } from '../../src/lib/intl';
import { longInstant, periodDay, shortInstant } from '../../src/lib/dates';
import { displayValue } from '../../src/visuals/comment-list/rules';

const when = new Date('2026-03-04T17:06:07Z');
const pad = (n: number) => String(n).padStart(2, '0');

describe('formatters made once', () => {
  it('gives the same formatter back for the same language and options', () => {
    expect(numberFormat('de', { maximumFractionDigits: 1 })).toBe(numberFormat('de', { maximumFractionDigits: 1 }));
    expect(numberFormat('de', { maximumFractionDigits: 1 })).not.toBe(numberFormat('en', { maximumFractionDigits: 1 }));
  });

  it("reads the server's time (UTC without a zone) as that instant, in the portal's formats", () => {
    const local = `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}`;
    const [y, m, d] = local.split('-');
    expect(longInstant('2026-03-04T17:06:07')).toBe(`${local}T${pad(when.getHours())}:${pad(when.getMinutes())}:07`);
    expect(shortInstant('2026-03-04T17:06:07')).toBe(`${d}/${m}/${y}`);
    // A time that names its zone keeps it.
    expect(longInstant('2026-03-04T18:06:07+01:00')).toBe(longInstant('2026-03-04T17:06:07'));
    expect(longInstant(when)).toBe(longInstant('2026-03-04T17:06:07'));
  });

  it("shows a comment list's ISO date as 'DD MMM YYYY' and other text as it is", () => {
    expect(displayValue('2026-03-04T17:06:07')).toBe('04 Mar 2026');
    expect(displayValue('2026-12-31T23:59')).toBe('31 Dec 2026');
    expect(displayValue('Great staff, 2026-03-04 visit')).toBe('Great staff, 2026-03-04 visit');
    expect(periodDay('2026-03-04T00:00:00', 'de')).toBe('04 Mär 2026');
  });
});
