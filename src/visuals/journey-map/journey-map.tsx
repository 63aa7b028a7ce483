import { useRef } from 'react';
import { extent, line, scaleLinear, select } from 'd3';
import type { VisualProps } from '../common/visual-props';
import { useChart } from '../common/use-chart';
import { setting } from '../common/settings';
import { isBlankName } from '../common/rows';
import { formatValue } from '../common/format';
import { toLines } from '../multi-line/draw';
import { INK } from '../common/palette';
import { columnLeft, JOURNEY_DEFAULTS as D, journeyWidth } from './layout';

type Touchpoint = { name: string; points: Array<{ date: Date; value: number }> };

/** Draws a mini line per touchpoint column on a shared y scale, with the last value under it. */
function drawJourney(svg: SVGSVGElement, touchpoints: Touchpoint[], yFormat: string, markers: string): () => void {
  const width = journeyWidth(touchpoints.length);
  const height = D.LineChartHeight + 2 * D.Padding + 34;
  const root = select(svg).attr('viewBox', `0 0 ${width} ${height}`).attr('width', width).attr('height', height).append('g').attr('class', 'journey');
  const values = touchpoints.flatMap((t) => t.points.map((p) => p.value));
  const [lo, hi] = extent(values) as [number, number];
  const y = scaleLinear().domain([Math.min(lo, 0), hi === lo ? lo + 1 : hi]).range([D.Padding + D.LineChartHeight, D.Padding]);
  touchpoints.forEach((t, i) => {
    const left = columnLeft(i);
    const g = root.append('g').attr('class', 'touchpoint-column').attr('role', 'img').attr('transform', `translate(${left},0)`);
    const last = t.points.at(-1);
    g.attr('aria-label', `${t.name}: ${last ? formatValue(last.value, yFormat) : '-'}`);
    g.append('rect').attr('width', D.ColumnWidth).attr('height', height).style('fill', D.Background).attr('rx', 4);
    const times = t.points.map((p) => p.date.getTime());
    const x = scaleLinear().domain([Math.min(...times), Math.max(...times) || 1]).range([D.Padding, D.ColumnWidth - D.Padding]);
    g.append('path').attr('fill', 'none').style('stroke', INK.series).attr('stroke-width', 2).attr('d', line<{ date: Date; value: number }>().x((p) => x(p.date.getTime())).y((p) => y(p.value))(t.points));
    if (markers === 'Visible') for (const p of t.points) g.append('circle').attr('cx', x(p.date.getTime())).attr('cy', y(p.value)).attr('r', D.MarkerRadius / 2).style('fill', INK.series);
    g.append('text').attr('x', D.ColumnWidth / 2).attr('y', D.LineChartHeight + 2 * D.Padding + 12).attr('text-anchor', 'middle').attr('font-size', 12).attr('font-weight', 600).text(last ? formatValue(last.value, yFormat) : '-');
    g.append('text').attr('x', D.ColumnWidth / 2).attr('y', D.LineChartHeight + 2 * D.Padding + 28).attr('text-anchor', 'middle').attr('font-size', 11).style('fill', INK.label).text(t.name);
  });
  return () => {
    root.remove();
  };
}

/** Journey-map touchpoint line chart: a fixed-width column per touchpoint with its line over time; NaN points and [Blank] touchpoints dropped. */
export function JourneyMapVisual(props: VisualProps) {
  const ref = useRef<SVGSVGElement>(null);
  const { primary, settings, onDrawn } = props;
  const showBlank = setting(settings, 'ShowBlank', false);
  const touchpoints = toLines((primary.data?.content ?? []).filter((e) => showBlank || !isBlankName(e.Name))).filter((t) => t.points.length > 0);
  const yFormat = setting(settings, 'YFormat', D.YFormat);
  const markers = setting(settings, 'LineMarkersVisibility', D.Markers as string, ['Visible', 'OnHover']);
  useChart(ref, (svg) => drawJourney(svg, touchpoints, yFormat, markers), touchpoints.length > 0, JSON.stringify({ touchpoints, yFormat, markers }), onDrawn);
  return (
    <div className={`journey-map markers-${markers.toLowerCase()}`} style={{ width: journeyWidth(touchpoints.length), maxWidth: '100%', overflowX: 'auto' }}>
      <svg ref={ref} className="chart" part="chart" />
    </div>
  );
}
