import { lineRadial, scaleLinear, select, curveLinearClosed } from 'd3';
import { numberLocale } from '../common/format';
import type { ContentEntry } from '../../api/visual-types';
import { colourAt, DIMMED, INK } from '../common/palette';
import { keyActivate } from '../common/keys';

/** Radar defaults of spec part 3 (radius 2 for markers, axis label wrap 50, opacity 0.3, margins 52/50/60/90, legend text 10). */
export const RADAR_DEFAULTS = { Radius: 2, WrapWidth: 50, ScaleMinimumFloor: 1000, Opacity: 0.3, Margin: { top: 52, right: 50, bottom: 60, left: 90 }, LegendTextSize: 10, NoDataCategory: 'AlwaysShowVisual' } as const;

export interface RadarSeries {
  name: string;
  values: Array<{ axis: string; value: number }>;
}

/**
 * Radar series from content (categories are axes, rows are series): [Blank] names and NaN values
 * are dropped; null when the largest value is zero (no data).
 */
export function radarSeries(content: readonly ContentEntry[]): { axes: string[]; series: RadarSeries[] } | null {
  const isBlank = (n: string) => n.trim().toLowerCase() === '[blank]' || n.trim() === '';
  const axes = content.filter((e) => !isBlank(e.Name)).map((e) => e.Name);
  const names = [...new Set(content.flatMap((e) => e.data.map((r) => r.Name)).filter((n) => !isBlank(n)))];
  const series = names.map((name) => ({
    name,
    values: axes.map((axis) => {
      const v = content.find((e) => e.Name === axis)?.data.find((r) => r.Name === name)?.Val;
      return { axis, value: typeof v === 'number' && Number.isFinite(v) ? v : 0 };
    }),
  }));
  const max = Math.max(0, ...series.flatMap((s) => s.values.map((v) => v.value)));
  return max === 0 || axes.length < 3 ? null : { axes, series };
}

export interface RadarModel {
  axes: string[];
  series: RadarSeries[];
  size: number;
  opacity: number;
  radius: number;
  showScale: boolean;
  valueFormat: string;
  palette: readonly string[];
  selected: readonly string[];
  onSeries?: (name: string) => void;
}

/** Draws the web (5 rings), one polygon per series (dimmed when another is selected), markers and axis labels. */
export function drawRadar(svg: SVGSVGElement, m: RadarModel): () => void {
  // Room around the web for the axis labels.
  const R = m.size / 2 - 56;
  const root = select(svg).attr('viewBox', `${-m.size / 2} ${-m.size / 2} ${m.size} ${m.size}`).attr('width', m.size).attr('height', m.size).append('g').attr('class', 'radar');
  const max = Math.max(...m.series.flatMap((s) => s.values.map((v) => v.value)));
  const r = scaleLinear().domain([0, max]).nice().range([0, R]);
  const angle = (i: number) => (i / m.axes.length) * Math.PI * 2;
  const web = root.append('g').attr('class', 'web').attr('aria-hidden', 'true');
  const ticks = r.ticks(5).filter((t) => t > 0);
  for (const t of ticks) web.append('circle').attr('r', r(t)).attr('fill', 'none').style('stroke', INK.grid);
  m.axes.forEach((axis, i) => {
    const a = angle(i);
    web.append('line').attr('x2', Math.sin(a) * R).attr('y2', -Math.cos(a) * R).style('stroke', INK.grid);
    web.append('text').attr('class', 'axis-label').attr('x', Math.sin(a) * (R + 14)).attr('y', -Math.cos(a) * (R + 14)).attr('text-anchor', Math.abs(Math.sin(a)) < 0.1 ? 'middle' : Math.sin(a) > 0 ? 'start' : 'end').attr('dy', '0.35em').text(axis);
  });
  if (m.showScale) {
    const f = numberLocale().format(m.valueFormat);
    for (const t of ticks) web.append('text').attr('class', 'scale-label').attr('x', 3).attr('y', -r(t)).text(f(t));
  }
  const path = lineRadial<{ value: number }>().angle((_, i) => angle(i)).radius((v) => r(v.value)).curve(curveLinearClosed);
  m.series.forEach((s, i) => {
    const colour = colourAt(i, m.palette);
    const dim = m.selected.length > 0 && !m.selected.includes(s.name);
    const g = root.append('g').attr('class', 'series').attr('aria-label', s.name).attr('opacity', dim ? DIMMED : 1);
    g.append('path').attr('d', path(s.values)).style('fill', colour).attr('fill-opacity', m.opacity).style('stroke', colour).attr('stroke-width', 2);
    s.values.forEach((v, j) => g.append('circle').attr('aria-hidden', 'true').attr('cx', Math.sin(angle(j)) * r(v.value)).attr('cy', -Math.cos(angle(j)) * r(v.value)).attr('r', m.radius * 2).style('fill', colour));
    if (m.onSeries) {
      const pick = m.onSeries;
      g.attr('role', 'button').attr('tabindex', 0).style('cursor', 'pointer').on('click', () => pick(s.name)).on('keydown', keyActivate(() => pick(s.name)));
    } else g.attr('role', 'img');
  });
  return () => {
    root.remove();
  };
}
