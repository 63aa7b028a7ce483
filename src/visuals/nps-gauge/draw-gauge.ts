import { arc, select } from 'd3';
import { GAUGE_MAX, GAUGE_MIN, gaugeAngle, gaugeTone } from '../../lib/gauge';

export interface GaugeGeometry {
  /** Outer radius in view-box units. */
  radius: number;
  /** Ring thickness as a share of the radius (gauge default 0.55 of the arc size). */
  thickness: number;
}

export const GAUGE_GEOMETRY: GaugeGeometry = { radius: 100, thickness: 0.55 * 0.45 };

/** The gauge's view box: on the SVG from its first render, so the dial has its height before it is drawn (no layout shift). */
export const gaugeViewBox = ({ radius }: GaugeGeometry = GAUGE_GEOMETRY): string => `${-radius} ${-radius} ${radius * 2} ${radius + 4}`;

/**
 * Draws a half-circle gauge from -1 to 1 into `svg`: a grey track and a value arc from zero to
 * the value, coloured by sign. Returns a cleanup that removes what it drew.
 */
export function drawGauge(svg: SVGSVGElement, value: number, geometry: GaugeGeometry = GAUGE_GEOMETRY): () => void {
  const { radius, thickness } = geometry;
  const inner = radius * (1 - thickness);
  const shape = arc<{ startAngle: number; endAngle: number }>().innerRadius(inner).outerRadius(radius).cornerRadius(2);
  const root = select(svg)
    .attr('viewBox', gaugeViewBox(geometry))
    .append('g')
    .attr('class', 'gauge');

  root
    .append('path')
    .attr('class', 'track')
    .attr('aria-hidden', 'true')
    .attr('d', shape({ startAngle: gaugeAngle(GAUGE_MIN), endAngle: gaugeAngle(GAUGE_MAX) }));

  const angle = gaugeAngle(value);
  root
    .append('path')
    .attr('class', `value tone-${gaugeTone(value)}`)
    .attr('aria-hidden', 'true')
    .attr('d', shape({ startAngle: Math.min(0, angle), endAngle: Math.max(0, angle) }));

  // Zero marker, so a value of exactly 0 still reads as a position.
  root
    .append('line')
    .attr('class', 'zero')
    .attr('aria-hidden', 'true')
    .attr('x1', 0)
    .attr('x2', 0)
    .attr('y1', -inner + 2)
    .attr('y2', -radius - 2);

  return () => {
    root.remove();
  };
}
