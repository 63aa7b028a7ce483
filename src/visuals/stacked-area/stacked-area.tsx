import { useRef } from 'react';
import type { VisualProps } from '../common/visual-props';
import { useChart } from '../common/use-chart';
import { setting, stringList } from '../common/settings';
import { visibleContent } from '../common/rows';
import { colourAt } from '../common/palette';
import { Legend, useLegendRoom } from '../common/legend';
import { areaTable, drawStackedArea, STACKED_AREA_DEFAULTS as D, type AreaModel } from './draw';

export function areaModel(p: Pick<VisualProps, 'primary' | 'settings' | 'width' | 'height'>, legend: number): AreaModel {
  const content = visibleContent(p.primary.data?.content ?? [], setting(p.settings, 'ShowBlank', false));
  return {
    table: areaTable(content, setting(p.settings, 'NullHandling', D.NullHandling as 'TreatAsZero' | 'Skip', ['TreatAsZero', 'Skip'])),
    width: p.width,
    height: p.height - legend,
    fillOpacity: setting(p.settings, 'FillOpacity', D.FillOpacity),
    tooltipAlias: setting(p.settings, 'TooltipAlias', D.TooltipAlias),
    timeFormat: setting(p.settings, 'TimeFormat', D.TimeFormat),
    palette: stringList(p.settings, 'Palette'),
  };
}

/** Stacked area: each series' count over time stacked from zero, with a legend. */
export function StackedAreaVisual(props: VisualProps) {
  const ref = useRef<SVGSVGElement>(null);
  const { measure: measureLegend, room: legendRoom, measured: legendMeasured } = useLegendRoom();
  const model = areaModel(props, legendRoom);
  const { onDrawn } = props;
  useChart(ref, (svg) => drawStackedArea(svg, model), !(model.table.dates.length === 0) && legendMeasured, JSON.stringify(model), onDrawn);
  return (
    <div className="stacked-area-visual">
      <Legend ref={measureLegend} items={model.table.series.map((name, i) => ({ name, colour: colourAt(i, model.palette), active: true }))} />
      <svg ref={ref} className="chart" part="chart" />
    </div>
  );
}
