import { arc, select } from 'd3';
import { formatValue } from '../common/format';
import type { TFunction } from 'i18next';
import { changeText, DEFAULT_DELTA_TYPE, type ChangeText } from '../common/change';

/** Gauge defaults of spec part 3: size 40, bounds -1 to 1, thickness 0.55, arc size 0.55, format 0.0%; a change in points (change.ts). */
export const GAUGE_DEFAULTS = { Size: 40, LowerBound: -1, UpperBound: 1, Thickness: 0.55, ArcSize: 0.55, TextFormat: '0.0%', DeltaType: DEFAULT_DELTA_TYPE } as const;

export interface GaugeModel {
  value: number;
  previous: number | null;
  /** The value under the secondary filters, drawn as a marker. */
  secondary?: number | null;
  lower: number;
  upper: number;
  thickness: number;
  arcSize: number;
  size: number;
  format: string;
  deltaType: 'PointChange' | 'PercentageDelta';
  /** Whether the previous period had records (a delta needs them). */
  previousValid: boolean;
  label: string;
  /** The change as text (gaugeDelta) and what it compares with ('vs previous 7 days'). */
  change: ChangeText;
  compared: string;
}

const R = 100;

/** The gauge's change, in the shared change format; none without a valid previous period. */
export function gaugeDelta(t: TFunction, lang: string, m: Pick<GaugeModel, 'value' | 'previous' | 'previousValid' | 'deltaType' | 'format'>): ChangeText {
  if (!m.previousValid || m.previous === null) return { text: '', symbol: '-' };
  return changeText(t, lang, m.value, m.previous, m.deltaType, m.format.endsWith('%'));
}

const angleOf = (v: number, m: GaugeModel) => {
  const t = (Math.min(Math.max(v, m.lower), m.upper) - m.lower) / (m.upper - m.lower || 1);
  return -Math.PI / 2 + t * Math.PI;
};

/**
 * Draws a half-circle gauge: a track, the value arc from the baseline (0 when the bounds span it,
 * else the lower bound), the value text and the delta. Returns a cleanup.
 */
export function drawGauge(svg: SVGSVGElement, m: GaugeModel): () => void {
  const inner = R * (1 - m.thickness * m.arcSize);
  const shape = arc<{ startAngle: number; endAngle: number }>().innerRadius(inner).outerRadius(R);
  const root = select(svg).attr('viewBox', `${-R - 4} ${-R - 4} ${2 * R + 8} ${R + 64}`).append('g').attr('class', 'gauge').attr('role', 'img').attr('aria-label', m.label);
  const base = m.lower < 0 && m.upper > 0 ? 0 : m.lower;
  const tone = m.value > base ? 'up' : m.value < base ? 'down' : 'same';
  root.append('path').attr('class', 'track').attr('aria-hidden', 'true').attr('d', shape({ startAngle: -Math.PI / 2, endAngle: Math.PI / 2 }));
  const [a, b] = [angleOf(base, m), angleOf(m.value, m)].sort((x, y) => x - y);
  root.append('path').attr('class', `value tone-${tone}`).attr('aria-hidden', 'true').attr('d', shape({ startAngle: a, endAngle: b }));
  if (typeof m.secondary === 'number' && Number.isFinite(m.secondary)) {
    const s = angleOf(m.secondary, m);
    root
      .append('line')
      .attr('class', 'secondary')
      .attr('aria-hidden', 'true')
      .attr('x1', Math.sin(s) * (inner - 6))
      .attr('y1', -Math.cos(s) * (inner - 6))
      .attr('x2', Math.sin(s) * (R + 4))
      .attr('y2', -Math.cos(s) * (R + 4));
  }
  root.append('text').attr('class', 'hero').attr('text-anchor', 'middle').attr('y', -6).attr('font-size', m.size).text(formatValue(m.value, m.format));
  const delta = m.change;
  if (delta.text) {
    root.append('text').attr('class', `delta delta-${delta.symbol}`).attr('text-anchor', 'middle').attr('y', 30).attr('font-size', 18).text(`${delta.symbol === 'up' ? '▲' : delta.symbol === 'down' ? '▼' : '='} ${delta.text}`);
    root.append('text').attr('class', 'delta-period').attr('text-anchor', 'middle').attr('y', 52).attr('font-size', 13).text(m.compared);
  }
  return () => {
    root.remove();
  };
}
