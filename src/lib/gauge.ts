import { format } from 'd3';

/** NPS gauge rules (spec part 3: demo wall gauge, gauge defaults). */

export const GAUGE_MIN = -1;
export const GAUGE_MAX = 1;
/** Gauge text format 0.0% (0.42 -> "42.0%"). */
export const formatGaugeValue = (value: number): string => format('.1%')(value);

export type GaugeTone = 'zero' | 'negative' | 'positive';

/** Zero grey, negative red, positive green. */
export function gaugeTone(value: number): GaugeTone {
  if (value === 0) return 'zero';
  return value < 0 ? 'negative' : 'positive';
}

export function clampGauge(value: number): number {
  return Math.min(Math.max(value, GAUGE_MIN), GAUGE_MAX);
}

/** Angle in radians on a half circle: -1 is -π/2 (left), 0 straight up, 1 is π/2 (right). */
export function gaugeAngle(value: number): number {
  return (clampGauge(value) * Math.PI) / 2;
}
