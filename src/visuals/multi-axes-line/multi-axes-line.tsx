import { useRef, useState } from 'react';
import type { VisualProps } from '../common/visual-props';
import { useChart } from '../common/use-chart';
import { setting, stringList } from '../common/settings';
import { visibleContent } from '../common/rows';
import { colourAt } from '../common/palette';
import { toD3Format } from '../common/format';
import { Legend, useLegendRoom } from '../common/legend';
import { toLines } from '../multi-line/draw';
import { drawMultiAxes, type AxisLine } from './draw';
import { MAX_Y_AXES, toggleSeries } from './rules';

/** The Axes setting: which named series goes on which y axis, in what format; at most two. */
function readAxes(value: unknown): Array<{ series: string; format: string }> {
  const fallback = [{ series: 'data', format: '.1%' }, { series: 'dataSecond', format: ',d' }];
  if (!Array.isArray(value)) return fallback;
  const axes = value.filter((a) => a && typeof a.Series === 'string').map((a) => ({ series: a.Series as string, format: toD3Format(typeof a.Format === 'string' ? a.Format : undefined, '.1%') }));
  return axes.length ? axes.slice(0, MAX_Y_AXES) : fallback;
}

/** Multi-axes line: lines over time on up to two y axes; legend clicks select series, all selected resets to none. */
export function MultiAxesLineVisual(props: VisualProps) {
  const ref = useRef<SVGSVGElement>(null);
  const { measure: measureLegend, room: legendRoom, measured: legendMeasured } = useLegendRoom();
  const [selected, setSelected] = useState<string[]>([]);
  const { primary, settings, onDrawn } = props;
  const axes = readAxes(settings.Axes);
  const showBlank = setting(settings, 'ShowBlank', false);
  const lines: AxisLine[] = axes.flatMap((a, axis) => toLines(visibleContent(primary[a.series as `data${string}`]?.content ?? [], showBlank)).map((l) => ({ name: l.name, axis, points: l.points })));
  const palette = stringList(settings, 'Palette');
  const model = { lines: lines.filter((l) => l.points.length > 0), formats: axes.map((a) => a.format), width: props.width, height: props.height - legendRoom, palette, selected };
  useChart(ref, (svg) => drawMultiAxes(svg, model), !(model.lines.length === 0) && legendMeasured, JSON.stringify(model), onDrawn);
  const names = model.lines.map((l) => l.name);
  return (
    <div className="multi-axes-visual">
      <Legend
        ref={measureLegend}
        items={model.lines.map((l, i) => ({ name: l.name, colour: colourAt(i, palette), active: selected.length === 0 || selected.includes(l.name), pressed: selected.includes(l.name) }))}
        onToggle={(n) => setSelected((s) => toggleSeries(s, n, names))}
      />
      <svg ref={ref} className="chart" part="chart" />
    </div>
  );
}
