import { axisBottom, axisLeft, axisRight, line, scaleLinear, scaleUtc, select } from 'd3';
import { shortDay } from '../common/format';
import { colourAt, DIMMED } from '../common/palette';
import { MAX_Y_AXES } from './rules';

export interface AxisLine {
  name: string;
  /** 0 is the left axis, 1 the right one. */
  axis: number;
  points: Array<{ date: Date; value: number }>;
}

export interface MultiAxesModel {
  lines: AxisLine[];
  formats: string[];
  width: number;
  height: number;
  palette: readonly string[];
  selected: readonly string[];
}

const MARGIN = { top: 10, right: 48, bottom: 24, left: 48 };

/** Draws lines over time against up to two y axes (left and right), each with its own format. */
export function drawMultiAxes(svg: SVGSVGElement, m: MultiAxesModel): () => void {
  const w = Math.max(200, m.width);
  const h = Math.max(120, m.height);
  const root = select(svg).attr('viewBox', `0 0 ${w} ${h}`).attr('width', w).attr('height', h).append('g').attr('class', 'multi-axes');
  const dates = m.lines.flatMap((l) => l.points.map((p) => p.date.getTime()));
  const x = scaleUtc().domain([new Date(Math.min(...dates)), new Date(Math.max(...dates))]).range([MARGIN.left, w - MARGIN.right]);
  root.append('g').attr('class', 'axis x').attr('aria-hidden', 'true').attr('transform', `translate(0,${h - MARGIN.bottom})`).call(axisBottom(x).ticks(5).tickFormat((d) => shortDay(d as Date)));
  const scales = Array.from({ length: MAX_Y_AXES }, (_, axis) => {
    const values = m.lines.filter((l) => l.axis === axis).flatMap((l) => l.points.map((p) => p.value));
    return values.length ? scaleLinear().domain([Math.min(0, ...values), Math.max(...values)]).nice().range([h - MARGIN.bottom, MARGIN.top]) : null;
  });
  scales.forEach((y, axis) => {
    if (!y) return;
    const g = root.append('g').attr('class', `axis y${axis}`).attr('aria-hidden', 'true');
    if (axis === 0) g.attr('transform', `translate(${MARGIN.left},0)`).call(axisLeft(y).ticks(5, m.formats[0]));
    else g.attr('transform', `translate(${w - MARGIN.right},0)`).call(axisRight(y).ticks(5, m.formats[1]));
  });
  m.lines.forEach((l, i) => {
    const y = scales[l.axis]!;
    const colour = colourAt(i, m.palette);
    const g = root.append('g').attr('class', 'line').attr('role', 'img').attr('aria-label', l.name).attr('opacity', m.selected.length && !m.selected.includes(l.name) ? DIMMED : 1);
    g.append('path').attr('fill', 'none').style('stroke', colour).attr('stroke-width', 2).attr('stroke-dasharray', l.axis === 1 ? '6 3' : null)
      .attr('d', line<{ date: Date; value: number }>().x((p) => x(p.date)).y((p) => y(p.value))(l.points));
  });
  return () => {
    root.remove();
  };
}
