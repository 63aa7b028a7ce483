import { useEffect, useRef, useState } from 'react';
import { useElement } from '../../elements/element-context';
import type { VisualProps } from '../common/visual-props';
import { orderedSeries, useChart } from '../common/use-chart';
import { setting, stringList } from '../common/settings';
import { colourAt } from '../common/palette';
import { toD3Format } from '../common/format';
import { Legend, LEGEND_ROOM } from '../common/legend';
import { useRoomAbove } from '../common/room-above';
import { drawRadar, radarSeries, RADAR_DEFAULTS as D } from './draw';

/** Radar: categories as axes, a polygon per series; the legend selects one series as a filter; a toggle shows the scale. */
export function RadarVisual(props: VisualProps) {
  const { t } = useElement();
  const ref = useRef<SVGSVGElement>(null);
  // The legend and the scale's switch share a row above the drawing, which wraps as the legend does.
  const { measure: measureControls, room: controlsRoom, measured: controlsMeasured } = useRoomAbove<HTMLDivElement>(LEGEND_ROOM);
  const [showScale, setShowScale] = useState<boolean>(() => setting(props.settings, 'ShowScale', false));
  const raw = radarSeries(props.primary.data?.content ?? []);
  // SeriesOrder puts known series first, so colours follow the palette (e.g. promoters green).
  const order = raw ? orderedSeries(raw.series.map((s) => s.name), stringList(props.settings, 'SeriesOrder')) : [];
  const data = raw && { ...raw, series: [...raw.series].sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name)) };
  const { onDrawn, onSelect, selections, name } = props;
  const seriesKey = props.primary.data?.seriesFilterKey ?? '';
  const selected = selections.filter((s) => s.visualName === name).map((s) => s.seriesValue);
  const pick = onSelect && seriesKey ? (value: string) => onSelect({ axisKey: '', axisValue: '', seriesKey, seriesValue: value }) : undefined;
  const palette = stringList(props.settings, 'Palette');
  const model = data && {
    ...data,
    size: Math.max(160, Math.min(props.width, props.height - controlsRoom - 16)),
    opacity: setting(props.settings, 'Opacity', D.Opacity),
    radius: setting(props.settings, 'Radius', D.Radius),
    showScale,
    valueFormat: toD3Format(setting(props.settings, 'ValueFormat', '0%'), '.0%'),
    palette,
    selected,
  };
  useChart(ref, (svg) => drawRadar(svg, { ...model!, onSeries: pick }), !!model && controlsMeasured, JSON.stringify(model) + String(!!pick), onDrawn);
  const hasData = data !== null;
  useEffect(() => {
    if (!hasData) onDrawn();
  }, [hasData, onDrawn]);
  if (!data) return <p className="no-data">{t('visuals.noResults')}</p>;
  return (
    <div className="radar-visual">
      <div className="radar-controls" ref={measureControls}>
        <Legend items={data.series.map((s, i) => ({ name: s.name, colour: colourAt(i, palette), active: selected.length === 0 || selected.includes(s.name), pressed: selected.includes(s.name) }))} onToggle={pick} />
        <label className="check">
          <input type="checkbox" checked={showScale} onChange={(e) => setShowScale(e.target.checked)} />
          {t('visuals.radar.scale')}
        </label>
      </div>
      <svg ref={ref} className="chart" part="chart" />
    </div>
  );
}
