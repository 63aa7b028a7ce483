/** Delta rules of spec parts 2 and 3: point change, percentage change, rounding and symbols. */

export type DeltaSymbol = 'up' | 'down' | 'same' | '-';

const valid = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** Rounds half away from zero: 2.5 -> 3, -2.5 -> -3 (Math.round would give -2). */
export function roundAwayFromZero(value: number, decimals = 0): number {
  const f = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * f + Number.EPSILON)) / f;
}

/** Current minus previous, to 2 decimals when not whole; null when either value is invalid. */
export function pointChange(current: number | null | undefined, previous: number | null | undefined): number | null {
  if (!valid(current) || !valid(previous)) return null;
  const d = current - previous;
  return Number.isInteger(d) ? d : roundAwayFromZero(d, 2);
}

/** (current - previous) / previous * 100; null when previous is 0 or invalid. */
export function percentageChange(current: number | null | undefined, previous: number | null | undefined): number | null {
  if (!valid(current) || !valid(previous) || previous === 0) return null;
  return ((current - previous) / previous) * 100;
}

export function deltaSymbol(delta: number | null): DeltaSymbol {
  if (delta === null || !Number.isFinite(delta)) return '-';
  return delta > 0 ? 'up' : delta < 0 ? 'down' : 'same';
}

/** A percentage for display: rounded away from zero, with a sign and %. */
export function formatPercentDelta(delta: number | null): string {
  if (delta === null) return '-';
  const r = roundAwayFromZero(delta);
  return `${r > 0 ? '+' : ''}${r}%`;
}
