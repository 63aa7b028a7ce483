/** The review area's rules (spec part 3 "Review feed" and "Review feed and tiles"), free of React. */
import type { ReviewCard } from '../api/review-types';

export type FeedGroup = 'Today' | 'ThisWeek' | 'ThisMonth' | 'Older';
export const FEED_GROUPS: readonly FeedGroup[] = ['Today', 'ThisWeek', 'ThisMonth', 'Older'];


/** Monday of the ISO week of `d`, at local midnight. */
function isoWeekStart(d: Date): Date {
  const start = new Date(d.getFullYear(), d.getMonth(), d.getDate());
  start.setDate(start.getDate() - ((start.getDay() + 6) % 7));
  return start;
}

/** The group a review posted at `posted` falls in, seen in local time at `now`: by day, ISO week and month. */
export function feedGroup(posted: Date, now: Date): FeedGroup {
  const sameDay = posted.getFullYear() === now.getFullYear() && posted.getMonth() === now.getMonth() && posted.getDate() === now.getDate();
  if (sameDay) return 'Today';
  if (isoWeekStart(posted).getTime() === isoWeekStart(now).getTime()) return 'ThisWeek';
  if (posted.getFullYear() === now.getFullYear() && posted.getMonth() === now.getMonth()) return 'ThisMonth';
  return 'Older';
}

/** Relative time units in hours: hour, day (24 h), week (168 h), month (672 h). */
export const UNIT_HOURS = { hour: 1, day: 24, week: 168, month: 672 } as const;
export type TimeUnit = keyof typeof UNIT_HOURS;

/** A span in the largest unit it reaches, or 'lessThanHour' below one hour. */
export function relativeSpan(hours: number): { unit: TimeUnit; count: number } | 'lessThanHour' {
  if (!(hours >= 1)) return 'lessThanHour';
  const unit = hours >= UNIT_HOURS.month ? 'month' : hours >= UNIT_HOURS.week ? 'week' : hours >= UNIT_HOURS.day ? 'day' : 'hour';
  return { unit, count: Math.floor(hours / UNIT_HOURS[unit]) };
}

export const pageCount = (count: number, pageSize: number) => (pageSize > 0 ? Math.ceil(count / pageSize) : 0);

/** The call to action of a card (spec part 3, review feed): its label and the quick template it opens the reply with. */
export function callToAction(card: Pick<ReviewCard, 'repliedAt' | 'ratingIndex'>): { label: 'View Details' | 'Say Thanks' | 'Reply'; quickTemplate: string | null } {
  if (card.repliedAt) return { label: 'View Details', quickTemplate: null };
  if (card.ratingIndex > 0) return { label: 'Say Thanks', quickTemplate: 'Thank you' };
  if (card.ratingIndex === 0) return { label: 'Reply', quickTemplate: 'Generic reply' };
  return { label: 'Reply', quickTemplate: 'Sorry this happened' };
}

/** Where a card's call to action goes: the review's record detail, with the reply and its template chosen. */
export function callToActionUrl(card: Pick<ReviewCard, 'id' | 'repliedAt' | 'ratingIndex'>, moduleId: string, profile: string): string {
  const path = `/processflow/${encodeURIComponent(moduleId)}/${card.id}/${encodeURIComponent(profile)}`;
  const { quickTemplate } = callToAction(card);
  return quickTemplate ? `${path}?${new URLSearchParams({ action: 'Reply', quickTemplate })}` : path;
}
