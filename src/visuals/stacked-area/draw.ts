import { area, axisBottom, axisLeft, scaleLinear, scaleUtc, select, stack, utcFormat } from 'd3';
import { formatCount, shortDay } from '../common/format';
import type { ContentEntry } from '../../api/visual-types';
import { colourAt } from '../common/palette';

/** Stacked area defaults of spec part 3. */
export const STACKED_AREA_DEFAULTS = { LineChartHeight: 130, FillOpacity: 60, NullHandling: 'TreatAsZero', TooltipAlias: 'responses', TimeFormat: '%Y-%m-%d', YMin: 0 } as const;

export interface AreaTable {
  dates: string[];
  series: string[];
  /** One row per date: series name to value (missing values are 0 under TreatAsZero). */
  rows: Array<Record<string, number>>;
}

/**
 * Series by date as a table for d3.stack: a date a series has no value for counts as 0
 * (NullHandling TreatAsZero); with 'Skip' such dates are left out altogether.
 */
export function areaTable(content: readonly ContentEntry[], nullHandling: 'TreatAsZero' | 'Skip'): AreaTable {
  const series = content.map((e) => e.Name);
  const all = [...new Set(content.flatMap((e) => e.data.map((r) => r.Name)))].sort();
  const value = (e: ContentEntry, d: string) => {
    const v = e.data.find((r) => r.Name === d)?.Val;
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  };
  const dates = nullHandling === 'Skip' ? all.filter((d) => content.every((e) => value(e, d) !== null)) : all;
  return { dates, series, rows: dates.map((d) => Object.fromEntries(content.map((e) => [e.Name, value(e, d) ?? 0]))) };
}

export interface AreaModel {
  table: AreaTable;
  width: number;
  height: number;
  fillOpacity: number;
  tooltipAlias: string;
  timeFormat: string;
  palette: readonly string[];
}

const MARGIN = { top: 8, right: 12, bottom: 24, left: 44 };

/** Draws the stacked areas over time from 0, each with a title per point (date: N responses). */
export function drawStackedArea(svg: SVGSVGElement, m: AreaModel): () => void {
  const w = Math.max(160, m.width);
  const h = Math.max(STACKED_AREA_DEFAULTS.LineChartHeight, m.height);
  const root = select(svg).attr('viewBox', `0 0 ${w} ${h}`).attr('width', w).attr('height', h).append('g').attr('class', 'stacked-area');
  const dates = m.table.dates.map((d) => new Date(`${d}T00:00:00Z`));
  const layers = stack<Record<string, number>>().keys(m.table.series)(m.table.rows);
  const top = Math.max(1, ...layers.flatMap((l) => l.map((p) => p[1])));
  const x = scaleUtc().domain([dates[0], dates[dates.length - 1]]).range([MARGIN.left, w - MARGIN.right]);
  const y = scaleLinear().domain([0, top]).nice().range([h - MARGIN.bottom, MARGIN.top]);
  root.append('g').attr('class', 'axis y').attr('aria-hidden', 'true').attr('transform', `translate(${MARGIN.left},0)`).call(axisLeft(y).ticks(4, '~s'));
  root.append('g').attr('class', 'axis x').attr('aria-hidden', 'true').attr('transform', `translate(0,${h - MARGIN.bottom})`).call(axisBottom(x).ticks(4).tickFormat((d) => shortDay(d as Date)));
  const shape = area<[number, number]>()
    .x((_, i) => x(dates[i]))
    .y0((p) => y(p[0]))
    .y1((p) => y(p[1]));
  const count = (v: number) => formatCount(v);
  layers.forEach((layer, i) => {
    const g = root.append('g').attr('class', 'layer').attr('role', 'group').attr('aria-label', layer.key);
    g.append('path').attr('d', shape(layer as unknown as Array<[number, number]>)).style('fill', colourAt(i, m.palette)).attr('fill-opacity', m.fillOpacity / 100);
    layer.forEach((p, j) => {
      g.append('circle').attr('cx', x(dates[j])).attr('cy', y(p[1])).attr('r', 3).style('fill', colourAt(i, m.palette)).attr('fill-opacity', 0.01)
        .append('title').text(`${layer.key}, ${utcFormat(m.timeFormat)(dates[j])}: ${count(p[1] - p[0])} ${m.tooltipAlias}`);
    });
  });
  return () => {
    root.remove();
  };
}
