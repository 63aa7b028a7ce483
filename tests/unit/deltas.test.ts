import { describe, expect, it } from 'vitest';
import { deltaSymbol, formatPercentDelta, percentageChange, pointChange, roundAwayFromZero } from '../../src/lib/deltas';

describe('deltas', () => {
  it('point change: current minus previous, 2 decimals when not whole, null for invalid previous', () => {
    expect(pointChange(42, 40)).toBe(2);
    expect(pointChange(0.4256, 0.4)).toBe(0.03);
    expect(pointChange(10, null)).toBeNull();
    expect(pointChange(10, Number.NaN)).toBeNull();
  });

  it('percentage change: null when previous is 0 or missing', () => {
    expect(percentageChange(150, 100)).toBe(50);
    expect(percentageChange(5, 0)).toBeNull();
    expect(percentageChange(5, undefined)).toBeNull();
  });

  it('rounds away from zero', () => {
    expect(roundAwayFromZero(2.5)).toBe(3);
    expect(roundAwayFromZero(-2.5)).toBe(-3);
    expect(roundAwayFromZero(-0.125, 2)).toBe(-0.13);
    expect(formatPercentDelta(-12.5)).toBe('-13%');
    expect(formatPercentDelta(12.5)).toBe('+13%');
    expect(formatPercentDelta(null)).toBe('-');
  });

  it('derives the symbol', () => {
    expect(deltaSymbol(1)).toBe('up');
    expect(deltaSymbol(-0.01)).toBe('down');
    expect(deltaSymbol(0)).toBe('same');
    expect(deltaSymbol(null)).toBe('-');
  });
});
