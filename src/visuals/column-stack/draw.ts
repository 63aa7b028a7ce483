import { axisBottom, axisLeft, scaleBand, scaleLinear, select, stack } from 'd3';
import { numberLocale } from '../common/format';
import { colourAt, DIMMED } from '../common/palette';
import { keyActivate } from '../common/keys';

/** Single-axis stacked bar defaults of spec part 3. */
export const COLUMN_STACK_DEFAULTS = { Padding: 42, InnerPadding: 0.3, AxisFormat: '.1s', TooltipFormat: '.4s', LabelAngle: -45 } as const;

export interface ColumnStackModel {
  categories: string[];
  series: string[];
  /** Per category, series name to count. */
  rows: Array<Record<string, number>>;
  width: number;
  height: number;
  padding: number;
  innerPadding: number;
  axisFormat: string;
  tooltipFormat: string;
  labelAngle: number;
  palette: readonly string[];
  anySelected: boolean;
  isSelected: (category: string, series: string) => boolean;
  onSegment?: (category: string, series: string) => void;
}

const MARGIN = { top: 8, right: 8, left: 40 };

/** Draws vertical stacked columns on one count axis, labels at the label angle; segments are buttons with a tooltip. */
export function drawColumnStack(svg: SVGSVGElement, m: ColumnStackModel): () => void {
  const w = Math.max(160, m.width);
  const h = Math.max(120, m.height);
  const root = select(svg).attr('viewBox', `0 0 ${w} ${h}`).attr('width', w).attr('height', h).append('g').attr('class', 'column-stack');
  const x = scaleBand().domain(m.categories).range([MARGIN.left, w - MARGIN.right]).paddingInner(m.innerPadding).paddingOuter(m.innerPadding / 2);
  const layers = stack<Record<string, number>>().keys(m.series)(m.rows);
  const y = scaleLinear().domain([0, Math.max(1, ...layers.flatMap((l) => l.map((p) => p[1])))]).nice().range([h - m.padding, MARGIN.top]);
  root.append('g').attr('class', 'axis y').attr('aria-hidden', 'true').attr('transform', `translate(${MARGIN.left},0)`).call(axisLeft(y).ticks(5, m.axisFormat));
  root
    .append('g')
    .attr('class', 'axis x')
    .attr('aria-hidden', 'true')
    .attr('transform', `translate(0,${h - m.padding})`)
    .call(axisBottom(x))
    .selectAll('text')
    .attr('text-anchor', m.labelAngle < 0 ? 'end' : 'middle')
    .attr('transform', `rotate(${m.labelAngle})`);
  const tip = numberLocale().format(m.tooltipFormat);
  layers.forEach((layer, i) => {
    layer.forEach((p, j) => {
      const category = m.categories[j];
      const value = p[1] - p[0];
      const rect = root
        .append('rect')
        .attr('class', 'segment')
        .attr('x', x(category) ?? 0)
        .attr('y', y(p[1]))
        .attr('width', x.bandwidth())
        .attr('height', Math.max(0, y(p[0]) - y(p[1])))
        .style('fill', colourAt(i, m.palette))
        .attr('opacity', m.anySelected && !m.isSelected(category, layer.key) ? DIMMED : 1)
        .attr('aria-label', `${category}, ${layer.key}: ${tip(value)}`);
      rect.append('title').text(`${category}, ${layer.key}: ${tip(value)}`);
      if (m.onSegment) {
        const pick = m.onSegment;
        rect.attr('role', 'button').attr('tabindex', 0).style('cursor', 'pointer').on('click', () => pick(category, layer.key)).on('keydown', keyActivate(() => pick(category, layer.key)));
      } else rect.attr('role', 'img');
    });
  });
  return () => {
    root.remove();
  };
}
