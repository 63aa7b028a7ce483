import { afterEach, describe, expect, it } from 'vitest';
import { formatBound, periodsFor } from '../../../server/smartdata/periods';
import { applyPortalTimeZone } from '../../../server/portal-time';

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const bounds = (now: string) => {
  const { current, previous } = periodsFor([], 'ResponseDate', new Date(now));
  return { current: [formatBound(current.start), formatBound(current.end)], previous: [formatBound(previous.start), formatBound(previous.end)] };
};

describe('the period of tiles with no date chosen', () => {
  it('is the last 7 whole days to the end of today, and the previous 7 days before them, not overlapping', () => {
    applyPortalTimeZone('UTC');
    expect(bounds('2026-11-20T15:30:00Z')).toEqual({
      current: ['2026-11-14 00:00:00', '2026-11-20 23:59:59'],
      previous: ['2026-11-07 00:00:00', '2026-11-13 23:59:59'],
    });
  });

  it('stays the same all day: the figures do not move minute by minute', () => {
    applyPortalTimeZone('UTC');
    expect(bounds('2026-11-20T00:00:01Z')).toEqual(bounds('2026-11-20T23:59:59Z'));
  });

  it("counts whole days of the portal's time zone (PORTAL_TIME_ZONE)", () => {
    applyPortalTimeZone('Europe/Berlin');
    // 23:30 UTC on the 20th is 00:30 on the 21st in Berlin: the period ends with Berlin's 21st (22:59:59 UTC).
    expect(bounds('2026-11-20T23:30:00Z')).toEqual({
      current: ['2026-11-14 23:00:00', '2026-11-21 22:59:59'],
      previous: ['2026-11-07 23:00:00', '2026-11-14 22:59:59'],
    });
  });

  it('refuses a zone that does not exist', () => {
    expect(() => applyPortalTimeZone('Mars/Olympus')).toThrow(/PORTAL_TIME_ZONE "Mars\/Olympus" is not a time zone/);
  });
});
