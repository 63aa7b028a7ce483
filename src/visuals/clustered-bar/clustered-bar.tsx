import { useRef } from 'react';
import type { VisualProps } from '../common/visual-props';
import { orderedSeries, useChart } from '../common/use-chart';
import { setting, stringList } from '../common/settings';
import { visibleContent } from '../common/rows';
import { isSelected } from '../common/selection';
import { colourAt } from '../common/palette';
import { Legend, useLegendRoom } from '../common/legend';
import { drawClusteredBar } from './draw';

/** Clustered bar: a group of bars per category, one per series (e.g. NPS groups per channel). */
export function ClusteredBarVisual(props: VisualProps) {
  const ref = useRef<SVGSVGElement>(null);
  const { measure: measureLegend, room: legendRoom, measured: legendMeasured } = useLegendRoom();
  const { primary, settings, onDrawn, onSelect, selections, name, mode } = props;
  const series = primary.data;
  const content = visibleContent(series?.content ?? [], setting(settings, 'ShowBlank', false));
  const names = orderedSeries(content.flatMap((e) => e.data.map((r) => r.Name)), stringList(settings, 'SeriesOrder'));
  const palette = stringList(settings, 'Palette');
  const onBar = onSelect && series ? (category: string, s: string) => onSelect({ axisKey: series.filterKey, axisValue: category, seriesKey: series.seriesFilterKey ?? '', seriesValue: s }) : undefined;
  const model = { content, series: names, width: props.width, height: props.height - legendRoom, valueFormat: setting(settings, 'ValueFormat', '0%'), palette, anySelected: mode === 'Selection' };
  useChart(ref, (svg) => drawClusteredBar(svg, { ...model, isSelected: (c, s) => isSelected(selections, name, c, s), onBar }), legendMeasured, JSON.stringify({ model, selections }) + String(!!onBar), onDrawn);
  return (
    <div className="clustered-bar-visual">
      <Legend ref={measureLegend} items={names.map((n, i) => ({ name: n, colour: colourAt(i, palette), active: true }))} />
      <svg ref={ref} className="chart" part="chart" />
    </div>
  );
}
