import { describe, expect, it } from 'vitest';
import { clampGauge, formatGaugeValue, gaugeAngle, gaugeTone } from '../../src/lib/gauge';

describe('NPS gauge rules', () => {
  it('colours zero grey, negative red, positive green', () => {
    expect(gaugeTone(0)).toBe('zero');
    expect(gaugeTone(-0.01)).toBe('negative');
    expect(gaugeTone(0.3)).toBe('positive');
  });

  it('formats the value as 0.0%', () => {
    expect(formatGaugeValue(0.42)).toBe('42.0%');
    expect(formatGaugeValue(-1)).toBe('−100.0%');
    expect(formatGaugeValue(0)).toBe('0.0%');
  });

  it('maps -1..1 onto a half circle and clamps', () => {
    expect(gaugeAngle(-1)).toBeCloseTo(-Math.PI / 2);
    expect(gaugeAngle(0)).toBe(0);
    expect(gaugeAngle(1)).toBeCloseTo(Math.PI / 2);
    expect(clampGauge(3)).toBe(1);
    expect(clampGauge(-3)).toBe(-1);
  });
});
