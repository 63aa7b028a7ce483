import { axisBottom, axisLeft, scaleBand, scaleLinear, select } from 'd3';
import type { ContentEntry } from '../../api/visual-types';
import { colourAt, DIMMED } from '../common/palette';
import { keyActivate } from '../common/keys';
import { numberLocale, toD3Format } from '../common/format';

export interface ClusteredBarModel {
  content: ContentEntry[];
  series: string[];
  width: number;
  height: number;
  valueFormat: string;
  palette: readonly string[];
  isSelected: (category: string, series: string) => boolean;
  anySelected: boolean;
  onBar?: (category: string, series: string) => void;
}

const MARGIN = { top: 8, right: 8, bottom: 28, left: 44 };

/** Draws grouped vertical bars: a cluster per category, a bar per series; bars are buttons when `onBar` is set. */
export function drawClusteredBar(svg: SVGSVGElement, m: ClusteredBarModel): () => void {
  const w = Math.max(160, m.width);
  const h = Math.max(120, m.height);
  const root = select(svg).attr('viewBox', `0 0 ${w} ${h}`).attr('width', w).attr('height', h).append('g').attr('class', 'clustered-bar');
  const x0 = scaleBand().domain(m.content.map((e) => e.Name)).range([MARGIN.left, w - MARGIN.right]).padding(0.2);
  const x1 = scaleBand().domain(m.series).range([0, x0.bandwidth()]).padding(0.05);
  const values = m.content.flatMap((e) => e.data.map((r) => r.Val ?? 0));
  const y = scaleLinear().domain([Math.min(0, ...values), Math.max(0, ...values)]).nice().range([h - MARGIN.bottom, MARGIN.top]);
  const f = numberLocale().format(toD3Format(m.valueFormat, '.1%'));
  root.append('g').attr('class', 'axis y').attr('aria-hidden', 'true').attr('transform', `translate(${MARGIN.left},0)`).call(axisLeft(y).ticks(5, toD3Format(m.valueFormat, '.1%')));
  root.append('g').attr('class', 'axis x').attr('aria-hidden', 'true').attr('transform', `translate(0,${y(0)})`).call(axisBottom(x0).tickSizeOuter(0));
  for (const e of m.content) {
    const g = root.append('g').attr('class', 'cluster').attr('transform', `translate(${x0(e.Name)},0)`);
    for (const r of e.data) {
      const v = r.Val ?? 0;
      const bar = g
        .append('rect')
        .attr('class', 'bar')
        .attr('x', x1(r.Name) ?? 0)
        .attr('y', y(Math.max(0, v)))
        .attr('width', x1.bandwidth())
        .attr('height', Math.abs(y(v) - y(0)))
        .style('fill', colourAt(m.series.indexOf(r.Name), m.palette))
        .attr('opacity', m.anySelected && !m.isSelected(e.Name, r.Name) ? DIMMED : 1)
        .attr('aria-label', `${e.Name}, ${r.Name}: ${f(v)}`);
      if (m.onBar) {
        const pick = m.onBar;
        bar.attr('role', 'button').attr('tabindex', 0).style('cursor', 'pointer').on('click', () => pick(e.Name, r.Name)).on('keydown', keyActivate(() => pick(e.Name, r.Name)));
      } else bar.attr('role', 'img');
    }
  }
  return () => {
    root.remove();
  };
}
