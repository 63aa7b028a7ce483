import { useEffect, useRef } from 'react';
import type { VisualProps } from '../common/visual-props';
import { setting, stringList } from '../common/settings';
import { visibleContent } from '../common/rows';
import { isSelected } from '../common/selection';
import { colourAt } from '../common/palette';
import { Legend } from '../common/legend';
import { drawClusteredBar } from './draw';

/** Clustered bar: a group of bars per category, one per series (e.g. NPS groups per channel). */
export function ClusteredBarVisual(props: VisualProps) {
  const ref = useRef<SVGSVGElement>(null);
  const { primary, settings, onDrawn, onSelect, selections, name, mode } = props;
  const series = primary.data;
  const content = visibleContent(series?.content ?? [], setting(settings, 'ShowBlank', false));
  const order = stringList(settings, 'SeriesOrder');
  const found = [...new Set(content.flatMap((e) => e.data.map((r) => r.Name)))];
  const names = [...order.filter((s) => found.includes(s)), ...found.filter((s) => !order.includes(s))];
  const palette = stringList(settings, 'Palette');
  const onBar = onSelect && series ? (category: string, s: string) => onSelect({ axisKey: series.filterKey, axisValue: category, seriesKey: series.seriesFilterKey ?? '', seriesValue: s }) : undefined;
  const model = { content, series: names, width: props.width, height: props.height - 28, valueFormat: setting(settings, 'ValueFormat', '0%'), palette, anySelected: mode === 'Selection' };
  const key = JSON.stringify({ model, selections });
  useEffect(() => {
    if (!ref.current) return;
    const cleanup = drawClusteredBar(ref.current, { ...model, isSelected: (c, s) => isSelected(selections, name, c, s), onBar });
    onDrawn();
    return cleanup;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, onDrawn, !!onBar]);
  return (
    <div className="clustered-bar-visual">
      <Legend items={names.map((n, i) => ({ name: n, colour: colourAt(i, palette), active: true }))} />
      <svg ref={ref} className="chart" part="chart" />
    </div>
  );
}
