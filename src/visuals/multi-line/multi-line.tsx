import { useRef } from 'react';
import type { VisualProps } from '../common/visual-props';
import { useChart } from '../common/use-chart';
import { axisBound, setting, stringList } from '../common/settings';
import { drawsSecondary } from '../common/chart-mode';
import { visibleContent } from '../common/rows';
import { colourAt } from '../common/palette';
import { drawMultiLine, MULTI_LINE_DEFAULTS, toLines, type LineModel } from './draw';
import { Legend, useLegendRoom } from '../common/legend';

export function lineModel(p: Pick<VisualProps, 'primary' | 'secondary' | 'settings' | 'mode' | 'selections' | 'width' | 'height'>, legend: number): Omit<LineModel, 'onSelect'> {
  const showBlank = setting(p.settings, 'ShowBlank', false);
  const primary = toLines(visibleContent(p.primary.data?.content ?? [], showBlank));
  const secondary = drawsSecondary(p.mode, setting(p.settings, 'SelectionMode', 'SinglePrimary') as never) ? toLines(visibleContent(p.secondary?.data?.content ?? [], showBlank), true) : [];
  return {
    lines: [...primary, ...secondary].filter((l) => l.points.length > 0),
    width: p.width,
    height: Math.max(MULTI_LINE_DEFAULTS.ChartHeight, p.height - legend),
    yFormat: setting(p.settings, 'YFormat', MULTI_LINE_DEFAULTS.YFormat),
    lineWidth: setting(p.settings, 'LineWidth', MULTI_LINE_DEFAULTS.LineWidth),
    markerRadius: setting(p.settings, 'MarkerRadius', MULTI_LINE_DEFAULTS.MarkerRadius),
    maxTicks: Math.min(10, setting(p.settings, 'MaxYTicks', MULTI_LINE_DEFAULTS.MaxYTicks)),
    yMin: axisBound(p.settings, 'YMin'),
    yMax: axisBound(p.settings, 'YMax'),
    palette: stringList(p.settings, 'Palette'),
    monthOrder: setting(p.settings, 'MonthOrder', MULTI_LINE_DEFAULTS.MonthOrder as 'Calendar' | 'Fiscal', ['Calendar', 'Fiscal']),
    selected: p.selections.map((s) => s.seriesValue).filter(Boolean),
  };
}

/** Multi line chart: one line per series over time, with a legend that selects a series. */
export function MultiLineVisual(props: VisualProps) {
  const ref = useRef<SVGSVGElement>(null);
  const { measure: measureLegend, room: legendRoom, measured: legendMeasured } = useLegendRoom();
  const model = lineModel(props, legendRoom);
  const { onDrawn, onSelect } = props;
  const seriesKey = props.primary.data?.seriesFilterKey ?? '';
  const pick = onSelect && seriesKey ? (name: string) => onSelect({ axisKey: '', axisValue: '', seriesKey, seriesValue: name }) : undefined;
  useChart(ref, (svg) => drawMultiLine(svg, { ...model, onSelect: pick }), legendMeasured, JSON.stringify(model) + String(!!pick), onDrawn);
  const names = model.lines.filter((l) => !l.secondary).map((l) => l.name);
  return (
    <div className="multi-line-visual">
      <Legend
        ref={measureLegend}
        items={names.map((name, i) => ({ name, colour: colourAt(i, model.palette), active: model.selected.length === 0 || model.selected.includes(name), pressed: model.selected.includes(name) }))}
        onToggle={pick}
      />
      <svg ref={ref} className="chart" part="chart" />
    </div>
  );
}
