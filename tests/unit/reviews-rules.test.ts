import { describe, expect, it } from 'vitest';
import { callToAction, callToActionUrl, feedGroup, pageCount, relativeSpan } from '../../src/lib/reviews';
import { utc } from '../../src/lib/dates';
import { roundRating, starFills } from '../../src/lib/rating';
import { roundAwayFromZero as roundAway } from '../../src/lib/deltas';

// The review tiles use the portal's star and rounding rules: five stars, one decimal shown.
const starFill = (value: number) => starFills(value, 5);
const ratingText = (value: number) => roundRating(value).toFixed(1);

describe('review feed rules', () => {
  // Wednesday 18 November 2026, 15:00 local time.
  const now = new Date(2026, 10, 18, 15, 0);
  it('groups by local day, ISO week (from Monday) and month', () => {
    expect(feedGroup(new Date(2026, 10, 18, 0, 5), now)).toBe('Today');
    expect(feedGroup(new Date(2026, 10, 16, 9), now)).toBe('ThisWeek'); // Monday
    expect(feedGroup(new Date(2026, 10, 15, 23), now)).toBe('ThisMonth'); // the Sunday before
    expect(feedGroup(new Date(2026, 9, 31, 12), now)).toBe('Older');
    // A week across a month's end: Monday 30 November to Sunday 6 December.
    expect(feedGroup(new Date(2026, 10, 30, 8), new Date(2026, 11, 2, 8))).toBe('ThisWeek');
    expect(feedGroup(new Date(2025, 10, 18, 8), now)).toBe('Older');
  });

  it('says times in hours, days (24 h), weeks (168 h) and months (672 h)', () => {
    expect(relativeSpan(0.5)).toBe('lessThanHour');
    expect(relativeSpan(1)).toEqual({ unit: 'hour', count: 1 });
    expect(relativeSpan(23.9)).toEqual({ unit: 'hour', count: 23 });
    expect(relativeSpan(24)).toEqual({ unit: 'day', count: 1 });
    expect(relativeSpan(167)).toEqual({ unit: 'day', count: 6 });
    expect(relativeSpan(168)).toEqual({ unit: 'week', count: 1 });
    expect(relativeSpan(671)).toEqual({ unit: 'week', count: 3 });
    expect(relativeSpan(672 * 2 + 5)).toEqual({ unit: 'month', count: 2 });
  });

  it('fills stars in quarters and rounds the rating to one decimal', () => {
    expect(starFill(3.6)).toEqual([1, 1, 1, 0.5, 0]);
    expect(starFill(3.9)).toEqual([1, 1, 1, 1, 0]);
    expect(starFill(4.13)).toEqual([1, 1, 1, 1, 0.25]);
    expect(starFill(0)).toEqual([0, 0, 0, 0, 0]);
    expect(starFill(7)).toEqual([1, 1, 1, 1, 1]);
    expect(ratingText(4.25)).toBe('4.3');
    expect(ratingText(3)).toBe('3.0');
  });

  it('rounds percentages away from zero and counts pages up', () => {
    expect([roundAway(2.5), roundAway(-2.5), roundAway(2.4), roundAway(-0.4), roundAway(0)]).toEqual([3, -3, 2, -0, 0]);
    expect([pageCount(0, 10), pageCount(10, 10), pageCount(11, 10)]).toEqual([0, 1, 2]);
  });

  it('offers the call to action of the spec’s table, and links it to the reply with its template', () => {
    expect(callToAction({ repliedAt: '2026-11-01T10:00:00', ratingIndex: -1 })).toEqual({ label: 'View Details', quickTemplate: null });
    expect(callToAction({ repliedAt: null, ratingIndex: 1 })).toEqual({ label: 'Say Thanks', quickTemplate: 'Thank you' });
    expect(callToAction({ repliedAt: null, ratingIndex: 0 })).toEqual({ label: 'Reply', quickTemplate: 'Generic reply' });
    expect(callToAction({ repliedAt: null, ratingIndex: -1 })).toEqual({ label: 'Reply', quickTemplate: 'Sorry this happened' });
    expect(callToActionUrl({ id: 7, repliedAt: null, ratingIndex: -1 }, 'reviews', 'cases')).toBe('/processflow/reviews/7/cases?action=Reply&quickTemplate=Sorry+this+happened');
    expect(callToActionUrl({ id: 7, repliedAt: '2026-11-01T10:00:00', ratingIndex: 1 }, 'reviews', 'cases')).toBe('/processflow/reviews/7/cases');
    expect(utc('2026-11-01T10:00:00').toISOString()).toBe('2026-11-01T10:00:00.000Z');
  });
});
