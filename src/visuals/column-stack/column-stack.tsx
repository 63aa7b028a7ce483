import { useRef } from 'react';
import type { VisualProps } from '../common/visual-props';
import { orderedSeries, useChart } from '../common/use-chart';
import { setting, stringList } from '../common/settings';
import { visibleContent } from '../common/rows';
import { isSelected } from '../common/selection';
import { colourAt } from '../common/palette';
import { Legend, useLegendRoom } from '../common/legend';
import { COLUMN_STACK_DEFAULTS as D, drawColumnStack } from './draw';

/** Single-axis stacked bar: a column per category stacked by series counts on one axis. */
export function ColumnStackVisual(props: VisualProps) {
  const ref = useRef<SVGSVGElement>(null);
  const { measure: measureLegend, room: legendRoom, measured: legendMeasured } = useLegendRoom();
  const { primary, settings, onDrawn, onSelect, selections, name, mode } = props;
  const series = primary.data;
  const content = visibleContent(series?.content ?? [], setting(settings, 'ShowBlank', false));
  const names = orderedSeries(content.flatMap((e) => e.data.map((r) => r.Name)), stringList(settings, 'SeriesOrder'));
  // Rows carry Count (responses) beside the share: the axis shows counts.
  const rows = content.map((e) => Object.fromEntries(names.map((n) => { const r = e.data.find((d) => d.Name === n); return [n, Number(r?.Count ?? r?.Val ?? 0)]; })));
  const palette = stringList(settings, 'Palette');
  const onSegment = onSelect && series ? (c: string, s: string) => onSelect({ axisKey: series.filterKey, axisValue: c, seriesKey: series.seriesFilterKey ?? '', seriesValue: s }) : undefined;
  const model = {
    categories: content.map((e) => e.Name), series: names, rows, width: props.width, height: props.height - legendRoom,
    padding: setting(settings, 'Padding', D.Padding), innerPadding: setting(settings, 'InnerPadding', D.InnerPadding),
    axisFormat: setting(settings, 'AxisFormat', D.AxisFormat), tooltipFormat: setting(settings, 'TooltipFormat', D.TooltipFormat),
    labelAngle: setting(settings, 'LabelAngle', D.LabelAngle), palette, anySelected: mode === 'Selection',
  };
  useChart(ref, (svg) => drawColumnStack(svg, { ...model, isSelected: (c, s) => isSelected(selections, name, c, s), onSegment }), legendMeasured, JSON.stringify({ model, selections }) + String(!!onSegment), onDrawn);
  return (
    <div className="column-stack-visual">
      <Legend ref={measureLegend} items={names.map((n, i) => ({ name: n, colour: colourAt(i, palette), active: true }))} />
      <svg ref={ref} className="chart" part="chart" />
    </div>
  );
}
