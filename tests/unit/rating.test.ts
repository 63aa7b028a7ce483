import { describe, expect, it } from 'vitest';
import { clampRating, ratingBand, ratingForKey, roundRating, starFills } from '../../src/lib/rating';

describe('star rating rules', () => {
  it('fills stars in quarter steps', () => {
    expect(starFills(3.6, 5)).toEqual([1, 1, 1, 0.5, 0]);
    expect(starFills(2.13, 5)).toEqual([1, 1, 0.25, 0, 0]);
    expect(starFills(4.9, 5)).toEqual([1, 1, 1, 1, 1]);
    expect(starFills(0.1, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(starFills(0.8, 3)).toEqual([0.75, 0, 0]);
  });

  it('clamps out-of-range and missing values', () => {
    expect(clampRating(7, 5)).toBe(5);
    expect(clampRating(-2, 5)).toBe(0);
    expect(clampRating(Number.NaN, 5)).toBe(0);
    expect(starFills(9, 5)).toEqual([1, 1, 1, 1, 1]);
  });

  it('rounds to one decimal', () => {
    expect(roundRating(3.66)).toBe(3.7);
    expect(roundRating(4.04)).toBe(4);
  });

  it('colours red below 3, grey from 3 to 4, green above 4', () => {
    expect(ratingBand(2.9)).toBe('low');
    expect(ratingBand(3)).toBe('mid');
    expect(ratingBand(4)).toBe('mid');
    expect(ratingBand(4.1)).toBe('high');
  });

  it('steps by one with arrows and jumps with Home and End', () => {
    expect(ratingForKey('ArrowRight', 2, 5)).toBe(3);
    expect(ratingForKey('ArrowUp', 5, 5)).toBe(5);
    expect(ratingForKey('ArrowLeft', 0, 5)).toBe(0);
    expect(ratingForKey('ArrowDown', 2.6, 5)).toBe(2);
    expect(ratingForKey('Home', 4, 5)).toBe(0);
    expect(ratingForKey('End', 1, 7)).toBe(7);
    expect(ratingForKey('Enter', 1, 5)).toBeUndefined();
  });
});
