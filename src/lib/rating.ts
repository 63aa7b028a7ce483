/** Star rating rules (spec part 3: star chart, icon bar, review ratings). */

export const DEFAULT_STARS = 5;

/** Clamps to [0, max]; non-finite values count as 0. */
export function clampRating(value: number, max: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(Math.max(value, 0), max);
}

/** Ratings are shown rounded to 1 decimal. */
export function roundRating(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * Fill of each star in quarter steps: 3.6 of 5 -> [1, 1, 1, 0.5, 0]. The fraction is rounded to
 * the nearest quarter, so 3.9 shows four full stars.
 */
export function starFills(value: number, max: number): number[] {
  const v = clampRating(value, max);
  return Array.from({ length: max }, (_, i) => Math.round(clampRating(v - i, 1) * 4) / 4);
}

export type RatingBand = 'low' | 'mid' | 'high';

/** Star chart colours: red below 3, grey from 3 to 4, green above 4. */
export function ratingBand(value: number): RatingBand {
  if (value < 3) return 'low';
  if (value > 4) return 'high';
  return 'mid';
}

/** Keyboard steps of an interactive rating: arrows by one, Home to 0, End to max. */
export function ratingForKey(key: string, value: number, max: number): number | undefined {
  const whole = Math.round(value);
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return Math.min(whole + 1, max);
    case 'ArrowLeft':
    case 'ArrowDown':
      return Math.max(whole - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return max;
    default:
      return undefined;
  }
}
