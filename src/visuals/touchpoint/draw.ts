import { axisLeft, scaleLinear, scalePoint, select } from 'd3';
import { numberLocale } from '../common/format';
import { INK } from '../common/palette';

/** Touchpoint chart defaults of spec part 3; the colours are the theme's (drawn as styles). */
export const TOUCHPOINT_DEFAULTS = {
  MarginTop: 25, MarginBottom: 10, PaddingLeft: 50, PaddingRight: 5, IcoSize: 25, LabelTextSize: 12, InnerPadding: 0.3,
  LineColour: INK.secondary, LineDash: 4, LineWidth: 2, MarkerColour: INK.series, MarkerRadius: 18, YAxisFormat: '.4s',
} as const;
export const NO_DATA_AVAILABLE = 'No Data Available';

export interface TouchpointModel {
  points: Array<{ name: string; value: number | null }>;
  width: number;
  height: number;
  valueFormat: string;
  yFormat: string;
  /** An icon per touchpoint label (AxisValueMapping), IcoSize square above the label. */
  icons?: Record<string, string>;
}

/**
 * Draws touchpoints left to right joined by a dashed line; each with data gets a filled marker
 * with its value, each without a small hollow marker titled 'No Data Available'.
 */
export function drawTouchpoints(svg: SVGSVGElement, m: TouchpointModel): () => void {
  const D = TOUCHPOINT_DEFAULTS;
  const w = Math.max(200, m.width);
  const h = Math.max(140, m.height);
  const root = select(svg).attr('viewBox', `0 0 ${w} ${h}`).attr('width', w).attr('height', h).append('g').attr('class', 'touchpoints');
  const x = scalePoint().domain(m.points.map((p) => p.name)).range([D.PaddingLeft + D.MarkerRadius, w - D.PaddingRight - D.MarkerRadius]).padding(D.InnerPadding);
  const values = m.points.map((p) => p.value).filter((v): v is number => v !== null);
  const iconRoom = m.icons && Object.keys(m.icons).length ? D.IcoSize + 4 : 0;
  const y = scaleLinear().domain([Math.min(0, ...values), Math.max(1e-9, ...values)]).nice().range([h - D.MarginBottom - D.LabelTextSize - 10 - iconRoom - D.MarkerRadius, D.MarginTop + D.MarkerRadius]);
  root.append('g').attr('class', 'axis y').attr('aria-hidden', 'true').attr('transform', `translate(${D.PaddingLeft},0)`).call(axisLeft(y).ticks(4, m.yFormat));
  const withData = m.points.filter((p) => p.value !== null);
  if (withData.length > 1) {
    root.append('polyline').attr('aria-hidden', 'true').attr('fill', 'none').style('stroke', D.LineColour).attr('stroke-width', D.LineWidth).attr('stroke-dasharray', D.LineDash)
      .attr('points', withData.map((p) => `${x(p.name)},${y(p.value!)}`).join(' '));
  }
  const f = numberLocale().format(m.valueFormat);
  for (const p of m.points) {
    const cx = x(p.name) ?? 0;
    const g = root.append('g').attr('class', p.value === null ? 'touchpoint no-data' : 'touchpoint').attr('role', 'img');
    if (p.value === null) {
      g.attr('aria-label', `${p.name}: ${NO_DATA_AVAILABLE}`);
      g.append('circle').attr('cx', cx).attr('cy', y(0)).attr('r', 5).style('fill', INK.surface).style('stroke', D.LineColour).attr('stroke-width', 2).append('title').text(NO_DATA_AVAILABLE);
    } else {
      g.attr('aria-label', `${p.name}: ${f(p.value)}`);
      g.append('circle').attr('cx', cx).attr('cy', y(p.value)).attr('r', D.MarkerRadius).style('fill', D.MarkerColour);
      g.append('text').attr('x', cx).attr('y', y(p.value)).attr('dy', '0.35em').attr('text-anchor', 'middle').style('fill', INK.onMark).attr('font-size', 11).text(f(p.value));
    }
    const icon = m.icons?.[p.name];
    if (icon) root.append('image').attr('aria-hidden', 'true').attr('href', icon).attr('x', cx - D.IcoSize / 2).attr('y', h - D.MarginBottom - D.LabelTextSize - 4 - D.IcoSize).attr('width', D.IcoSize).attr('height', D.IcoSize);
    root.append('text').attr('class', 'touchpoint-label').attr('aria-hidden', 'true').attr('x', cx).attr('y', h - D.MarginBottom).attr('text-anchor', 'middle').attr('font-size', D.LabelTextSize).text(p.name);
  }
  return () => {
    root.remove();
  };
}
