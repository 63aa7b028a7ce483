import { useRef } from 'react';
import type { VisualProps } from '../common/visual-props';
import { useChart } from '../common/use-chart';
import { setting, stringList } from '../common/settings';
import { isSelected } from '../common/selection';
import { visibleContent } from '../common/rows';
import { DONUT_PALETTE } from '../common/palette';
import { formatCount, legendPercent } from '../common/format';
import { Legend } from '../common/legend';
import { donutSlices, drawDonut, sliceColour, DONUT_DEFAULTS as D, type DonutMode } from './draw';

export function donutModel(p: Pick<VisualProps, 'name' | 'primary' | 'settings' | 'mode' | 'selections'>) {
  const content = visibleContent(p.primary.data?.content ?? [], setting(p.settings, 'ShowBlank', false));
  const items = content.map((e) => ({ name: e.Name, value: e.data[0].Val as number }));
  const slices = donutSlices(items, setting<DonutMode>(p.settings, 'DonutMode', D.Mode, ['Default', 'TopN', 'GroupOther']), setting(p.settings, 'TopN', D.TopN), setting(p.settings, 'OthersThreshold', D.OthersThreshold));
  const total = slices.reduce((t, s) => t + s.value, 0);
  return {
    slices,
    palette: stringList(p.settings, 'Palette').length ? stringList(p.settings, 'Palette') : DONUT_PALETTE,
    anySelected: p.mode === 'Selection',
    isSelected: (name: string) => isSelected(p.selections, p.name, name),
    total: formatCount(total),
    sum: total,
  };
}

/** Donut: shares of a dimension's categories, the small ones in 'Others', with a legend of percentages. */
export function DonutVisual(props: VisualProps) {
  const ref = useRef<SVGSVGElement>(null);
  const model = donutModel(props);
  const { onDrawn, onSelect } = props;
  const axisKey = props.primary.data?.filterKey ?? '';
  const onSlice = onSelect ? (name: string) => onSelect({ axisKey, axisValue: name, seriesKey: '', seriesValue: '' }) : undefined;
  useChart(ref, (svg) => drawDonut(svg, { ...model, onSlice }), true, JSON.stringify({ slices: model.slices, s: props.selections, m: props.mode }) + String(!!onSelect), onDrawn);
  return (
    <div className="donut-visual">
      <svg ref={ref} className="chart" part="chart" />
      <Legend
        items={model.slices.map((s, i) => ({
          name: s.name,
          colour: sliceColour(s, i, model.palette),
          active: !model.anySelected || model.isSelected(s.name),
          label: `${s.name} ${legendPercent(s.value / (model.sum || 1))}`,
        }))}
      />
    </div>
  );
}
