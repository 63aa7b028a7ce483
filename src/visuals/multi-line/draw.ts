import { axisBottom, axisLeft, line, scaleLinear, scaleUtc, select, type Selection } from 'd3';
import type { ContentEntry } from '../../api/visual-types';
import { colourAt, DIMMED } from '../common/palette';
import { shortDay, shortMonth, toD3Format } from '../common/format';
import { keyActivate } from '../common/keys';

/** Multi line chart defaults of spec part 3 (line width 2, y format 0.0%, up to 10 y ticks; markers of radius 4). */
export const MULTI_LINE_DEFAULTS = { ChartHeight: 46, LineWidth: 2, YFormat: '0.0%', MaxYTicks: 10, MarkerRadius: 4, MonthOrder: 'Calendar' } as const;

/** Month ticks: 'Oct 2026' in calendar order, 'Oct FY2027' when the (fiscal) year starts in October. */
export function monthLabel(date: Date, order: 'Calendar' | 'Fiscal'): string {
  const month = shortMonth(date);
  if (order === 'Fiscal') return `${month} FY${date.getUTCFullYear() + (date.getUTCMonth() >= 9 ? 1 : 0)}`;
  return `${month} ${date.getUTCFullYear()}`;
}

export interface LineModel {
  lines: Array<{ name: string; points: Array<{ date: Date; value: number }>; secondary?: boolean }>;
  width: number;
  height: number;
  yFormat: string;
  lineWidth: number;
  markerRadius: number;
  maxTicks: number;
  yMin: number | 'auto';
  yMax: number | 'auto';
  palette: readonly string[];
  monthOrder: 'Calendar' | 'Fiscal';
  /** Names of the selected lines; others dim to 0.3 when any is selected. */
  selected: readonly string[];
  onSelect?: (name: string) => void;
}

const MARGIN = { top: 10, right: 16, bottom: 24, left: 48 };

/** Content entries as lines of dated points (NaN points dropped). */
export function toLines(content: readonly ContentEntry[], secondary = false): LineModel['lines'] {
  return content.map((e) => ({
    name: e.Name,
    secondary,
    points: e.data.filter((r) => typeof r.Val === 'number' && Number.isFinite(r.Val)).map((r) => ({ date: new Date(`${r.Name}T00:00:00Z`), value: r.Val as number })),
  }));
}

/** Up to `max` y ticks, fewer when the plot is short (about one per 20 px). */
export const yTickCount = (plotHeight: number, max: number) => Math.max(2, Math.min(max, Math.floor(plotHeight / 20)));

/** Draws the lines with a time x axis and a y axis in the setting's format; secondary lines are dashed. */
export function drawMultiLine(svg: SVGSVGElement, m: LineModel): () => void {
  const w = Math.max(m.width, 120);
  const h = Math.max(m.height, MULTI_LINE_DEFAULTS.ChartHeight + MARGIN.top + MARGIN.bottom);
  const root = select(svg).attr('viewBox', `0 0 ${w} ${h}`).attr('width', w).attr('height', h).append('g').attr('class', 'multi-line');
  const points = m.lines.flatMap((l) => l.points);
  const dates = points.map((p) => p.date.getTime());
  const values = points.map((p) => p.value);
  const x = scaleUtc()
    .domain([new Date(Math.min(...dates)), new Date(Math.max(...dates))])
    .range([MARGIN.left, w - MARGIN.right]);
  const lo = m.yMin === 'auto' ? Math.min(0, ...values) : m.yMin;
  const hi = m.yMax === 'auto' ? Math.max(...values) : m.yMax;
  const y = scaleLinear().domain([lo, hi === lo ? lo + 1 : hi]).range([h - MARGIN.bottom, MARGIN.top]);
  if (m.yMin === 'auto' && m.yMax === 'auto') y.nice();
  const ticks = yTickCount(h - MARGIN.top - MARGIN.bottom, m.maxTicks);
  root.append('g').attr('class', 'axis y').attr('aria-hidden', 'true').attr('transform', `translate(${MARGIN.left},0)`).call(axisLeft(y).ticks(ticks, toD3Format(m.yFormat)));
  const span = (Math.max(...dates) - Math.min(...dates)) / 86_400_000;
  root
    .append('g')
    .attr('class', 'axis x')
    .attr('aria-hidden', 'true')
    .attr('transform', `translate(0,${h - MARGIN.bottom})`)
    .call(axisBottom(x).ticks(Math.min(6, Math.max(2, Math.floor(w / 90)))).tickFormat((d) => (span > 190 ? monthLabel(d as Date, m.monthOrder) : shortDay(d as Date))));
  const path = line<{ date: Date; value: number }>().x((p) => x(p.date)).y((p) => y(p.value));
  const dim = (name: string) => (m.selected.length > 0 && !m.selected.includes(name) ? DIMMED : 1);
  // A secondary line takes the colour of the primary line of the same name.
  const order = [...new Set(m.lines.map((l) => l.name))];
  m.lines.forEach((l) => {
    const colour = colourAt(order.indexOf(l.name), m.palette);
    const g: Selection<SVGGElement, unknown, null, undefined> = root
      .append('g')
      .attr('class', l.secondary ? 'line secondary' : 'line')
      .attr('aria-label', `${l.name}${l.secondary ? ' (selection)' : ''}`)
      .attr('opacity', dim(l.name));
    g.append('path').datum(l.points).attr('fill', 'none').style('stroke', colour).attr('stroke-width', m.lineWidth).attr('stroke-dasharray', l.secondary ? '4 3' : null).attr('d', path);
    g.selectAll('circle')
      .data(l.points)
      .join('circle')
      .attr('aria-hidden', 'true')
      .attr('cx', (p) => x(p.date))
      .attr('cy', (p) => y(p.value))
      .attr('r', l.secondary ? m.markerRadius / 2 : m.markerRadius)
      .style('fill', colour);
    if (m.onSelect && !l.secondary) {
      const pick = m.onSelect;
      g.attr('tabindex', 0).attr('role', 'button').style('cursor', 'pointer').on('click', () => pick(l.name)).on('keydown', keyActivate(() => pick(l.name)));
    } else g.attr('role', 'img');
  });
  return () => {
    root.remove();
  };
}
