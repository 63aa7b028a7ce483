import { useRef } from 'react';
import { useElement } from '../../elements/element-context';
import { line, scaleLinear, select } from 'd3';
import type { VisualProps } from '../common/visual-props';
import { useChart } from '../common/use-chart';
import { setting } from '../common/settings';
import { formatValue } from '../common/format';
import { toLines } from '../multi-line/draw';
import { INK } from '../common/palette';
import { gaugeModel } from '../gauge/gauge';
import { drawGauge } from '../gauge/draw';
import { HeroTextVisual } from '../hero-text/hero-text';
import { starFills } from '../../lib/rating';
import { iconCount, ICON_BAR_DEFAULTS } from '../stacked-bar/decorations';

export type MiniLineCompanion = 'Gauge' | 'Hero' | 'IconBar';

/** Draws a small line of the trend (the dataLine series) with its markers, no axes. */
function drawMiniLine(svg: SVGSVGElement, points: Array<{ date: Date; value: number }>, width: number, height: number): () => void {
  const root = select(svg).attr('viewBox', `0 0 ${width} ${height}`).attr('width', width).attr('height', height).append('g').attr('class', 'mini-line').attr('aria-hidden', 'true');
  const times = points.map((p) => p.date.getTime());
  const values = points.map((p) => p.value);
  const x = scaleLinear().domain([Math.min(...times), Math.max(...times) || 1]).range([6, width - 6]);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const y = scaleLinear().domain([lo, hi === lo ? lo + 1 : hi]).range([height - 6, 6]);
  root.append('path').attr('fill', 'none').style('stroke', INK.series).attr('stroke-width', 2).attr('d', line<{ date: Date; value: number }>().x((p) => x(p.date.getTime())).y((p) => y(p.value))(points));
  for (const p of points) root.append('circle').attr('cx', x(p.date.getTime())).attr('cy', y(p.value)).attr('r', 2).style('fill', INK.series);
  return () => {
    root.remove();
  };
}

function IconBarHero({ value, icons, format }: { value: number; icons: number; format: string }) {
  return (
    <p className="icon-bar" role="img" aria-label={`${formatValue(value, format)} of ${icons}`}>
      <span className="hero-value" style={{ fontSize: ICON_BAR_DEFAULTS.HeroSize }}>{formatValue(value, format)}</span>
      {starFills(value, icons).map((fill, i) => (
        <span key={i} className="icon-star" aria-hidden="true" style={{ ['--fill' as string]: `${fill * 100}%` }}>
          ★
        </span>
      ))}
    </p>
  );
}

/** Mini-line with a gauge, a hero number or an icon bar: the value now beside its trend (spec part 3, review charts). */
export function MiniLineVisual(props: VisualProps & { companion: MiniLineCompanion }) {
  const ref = useRef<SVGSVGElement>(null);
  const gaugeRef = useRef<SVGSVGElement>(null);
  const { primary, settings, onDrawn, companion } = props;
  const points = toLines(primary.dataLine?.content ?? [])[0]?.points ?? [];
  const { t } = useElement();
  const gauge = companion === 'Gauge' ? gaugeModel(t, props) : null;
  const width = Math.max(80, Math.floor(props.width * 0.55));
  const height = Math.max(46, Math.min(120, props.height - 10));
  useChart(ref, (svg) => drawMiniLine(svg, points, width, height), points.length > 0, JSON.stringify({ points, width, height }), onDrawn);
  useChart(gaugeRef, (svg) => drawGauge(svg, gauge!), gauge !== null, JSON.stringify(gauge), onDrawn);
  const value = primary.data?.content[0]?.data[0]?.Val;
  return (
    <div className="mini-line-visual">
      <div className="companion">
        {companion === 'Gauge' && <svg ref={gaugeRef} className="chart small-gauge" />}
        {companion === 'Hero' && <HeroTextVisual {...props} />}
        {companion === 'IconBar' && typeof value === 'number' && (
          <IconBarHero value={value} icons={iconCount(setting(settings, 'Icons', ICON_BAR_DEFAULTS.Icons))} format={setting(settings, 'ValueFormat', '0.0')} />
        )}
      </div>
      <svg ref={ref} className="chart" part="chart" />
    </div>
  );
}

export const MiniLineGaugeVisual = (props: VisualProps) => <MiniLineVisual {...props} companion="Gauge" />;
export const MiniLineHeroVisual = (props: VisualProps) => <MiniLineVisual {...props} companion="Hero" />;
export const MiniLineIconBarVisual = (props: VisualProps) => <MiniLineVisual {...props} companion="IconBar" />;
